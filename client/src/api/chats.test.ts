import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchGifts, fetchLikesIfAvailable } from './chats.js';

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

describe('the gift catalogue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is asked for at each call, so a price changed since the last opening shows', async () => {
    let price = 5;
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify([{ id: 'rose', emoji: '🌹', credits: price }]), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect((await fetchGifts())[0]!.credits).toBe(5);
    price = 8;
    expect((await fetchGifts())[0]!.credits).toBe(8);
  });
});
