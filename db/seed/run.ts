/** `npm run seed`: seeds the configured database if it is empty (same as `npm start` does). */
import { loadConfig } from '../../server/src/config.js';
import { openDb } from '../client.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const db = openDb(config.databaseFile);
const seeded = await seedIfEmpty(db, { members: config.seedMembers, seed: config.seed, uploadsDir: config.uploadsDir, now: Date.now() });
console.log(seeded ? `[seed] seeded ${config.databaseFile}` : `[seed] ${config.databaseFile} already has data; nothing done`);
db.$client.close();
