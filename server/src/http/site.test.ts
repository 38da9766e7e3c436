import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '@db/schema/index.js';
import { ManualClock } from '../clock.js';
import { openTestDatabase, type TestDatabase } from '../test/harness.js';
import { SiteDirectory } from './site.js';

let test: TestDatabase;
beforeAll(() => {
  test = openTestDatabase();
});
afterAll(() => test.close());

describe('the site directory\'s cache', () => {
  it('takes a site\'s new settings within 30 s also after the server clock was stepped back', () => {
    const clock = new ManualClock();
    const directory = new SiteDirectory(test.db, clock);
    const site = test.db.select().from(sites).get()!;
    expect(directory.find(site.domain)?.name).toBe(site.name);

    // NTP steps the clock back an hour; then an operator renames the site.
    clock.advance(-3_600_000);
    test.db.update(sites).set({ name: 'Renamed' }).where(eq(sites.id, site.id)).run();
    clock.advance(31_000);
    expect(directory.find(site.domain)?.name).toBe('Renamed');
  });
});
