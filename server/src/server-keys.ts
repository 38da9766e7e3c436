import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { serverKeys } from '@db/schema/index.js';

/**
 * A secret generated on first use and kept in the database, so that the embedded mode needs no
 * configuration and restarts (and sibling processes on the same file) agree on it.
 */
export function storedSecret(db: Db, name: string, make: () => string = () => randomBytes(32).toString('base64url')): string {
  const existing = db.select().from(serverKeys).where(eq(serverKeys.name, name)).get();
  if (existing) return existing.value;
  db.insert(serverKeys).values({ name, value: make() }).onConflictDoNothing().run();
  return db.select().from(serverKeys).where(eq(serverKeys.name, name)).get()!.value;
}
