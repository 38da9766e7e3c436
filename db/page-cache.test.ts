import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_MB, openDb } from './client.js';
import { startServer } from '../server/src/server.js';
import { tempDir, testConfig } from '../server/src/test/harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The connection's page cache in KB (SQLite reports a size set in KB as a negative number). */
function cacheKb(db: { $client: { pragma(source: string, options: { simple: true }): unknown } }): number {
  return -Number(db.$client.pragma('cache_size', { simple: true }));
}

describe("SQLite's page cache", () => {
  it('is 8 MB unless asked for another size', () => {
    const dir = tempDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const standard = openDb(join(dir, 'standard.db'));
    const larger = openDb(join(dir, 'larger.db'), { cacheMb: 64 });
    cleanups.push(
      () => {
        standard.$client.close();
      },
      () => {
        larger.$client.close();
      },
    );
    expect(DEFAULT_CACHE_MB).toBe(8);
    expect(cacheKb(standard)).toBe(8 * 1024);
    expect(cacheKb(larger)).toBe(64 * 1024);
  });

  it("is the operator's SQLITE_CACHE_MB in the server's own connection", async () => {
    const dir = tempDir();
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const server = await startServer(testConfig(dir, { SQLITE_CACHE_MB: '24' }));
    cleanups.push(() => server.close());
    expect(cacheKb(server.ctx.db)).toBe(24 * 1024);
  });
});
