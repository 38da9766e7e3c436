import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLikesIfAvailable } from './chats.js';

describe('likes before the server has them', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once: a 404 reads as nothing to report, and later polls do not ask again', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchLikesIfAvailable()).toBeNull();
    expect(await fetchLikesIfAvailable()).toBeNull();
    expect(await fetchLikesIfAvailable()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
