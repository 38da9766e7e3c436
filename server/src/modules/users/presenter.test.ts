import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles, sites } from '@db/schema/index.js';
import { createMember } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { loadUserDto } from './queries.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.destroy());

describe('presentUser', () => {
  it('prefixes the main image path with the site cdn_prefix and exposes no internals', async () => {
    const member = await createMember(server.db, { name: 'Ola', country: 'DE', paidUser: true });
    const photo = server.db
      .insert(photos)
      .values({ userId: member.id, filename: 'u/42/photo.jpg', thumbFilename: 'u/42/photo_thumb.jpg', status: 'approved', createdAt: 1 })
      .returning()
      .get();
    server.db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.userId, member.id)).run();
    const site = { ...server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!, cdnPrefix: 'https://cdn.example/img/' };

    const dto = loadUserDto(server.db, member, site);
    expect(dto.profile.main_image).toEqual({
      filename: 'u/42/photo.jpg',
      thumb_filename: 'u/42/photo_thumb.jpg',
      status: 'approved',
      match: 'https://cdn.example/img/u/42/photo.jpg',
    });
    expect(dto).toMatchObject({ paid_user: true, logged_in: true, profile: { id: member.id, name: 'Ola', country: 'DE' } });
    expect(dto.signup_date).toBe(new Date(member.signupDate).toISOString());
    expect(Object.keys(dto)).not.toEqual(expect.arrayContaining(['passwordHash', 'sessionEpoch', 'failedLogins']));
  });

  // The settings page shows the member's own "invisible" switch from this: read wrong, it shows them visible when they are not.
  it("shows the member's own invisible setting", async () => {
    const site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
    const hidden = await createMember(server.db, { invisible: true });
    const shown = await createMember(server.db);
    expect(loadUserDto(server.db, hidden, site).invisible).toBe(true);
    expect(loadUserDto(server.db, shown, site).invisible).toBe(false);
  });

  it('has no main image when the profile has none', async () => {
    const member = await createMember(server.db);
    const site = server.db.select().from(sites).where(eq(sites.id, server.siteId)).get()!;
    expect(loadUserDto(server.db, member, site).profile.main_image).toBeNull();
  });
});
