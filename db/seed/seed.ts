import type { Db } from '../client.js';

export interface SeedOptions {
  members: number;
  seed: number;
  uploadsDir: string;
  now: number;
}

/** Placeholder until the seed lands. */
export async function seedIfEmpty(_db: Db, _options: SeedOptions): Promise<boolean> {
  return false;
}
