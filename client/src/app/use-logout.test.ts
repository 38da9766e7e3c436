// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryTiming } from '../api/http.js';
import { draftOf, saveDraft } from '../state/chat-drafts.js';
import { logOutHere } from './use-logout.js';

/**
 * Log-out leaves the member's page only once the server ended the session. Under a captive portal
 * (hotel or train wifi answering every request with its log-in page) or with no network, the page
 * left anyway: the member's drafts and unsent messages were dropped while her session stayed valid,
 * and the next person to open the site on that device was in her account.
 */
const ME = 2001;
const PEER = 2002;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const portalPage = () => new Response('<!doctype html><title>Hotel WiFi</title><form>Accept the terms</form>', { status: 200, headers: { 'Content-Type': 'text/html' } });

describe('logOutHere', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    retryTiming.baseMs = 0;
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
    saveDraft(ME, PEER, 'half a sentence');
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it("a log-out the server never heard of (a captive portal's page) keeps the member here, drafts and all", async () => {
    fetchMock.mockImplementation(async () => portalPage());
    const load = vi.fn();
    await expect(logOutHere(load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(draftOf(ME, PEER)).toBe('half a sentence');
  });

  it('without network, the same', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const load = vi.fn();
    await expect(logOutHere(load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(draftOf(ME, PEER)).toBe('half a sentence');
  });

  it("the server's answer ends it: nothing of the member stays, and the page goes to the root path", async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    const load = vi.fn();
    await expect(logOutHere(load)).resolves.toBe(true);
    expect(load).toHaveBeenCalledWith('/');
    expect(draftOf(ME, PEER)).toBe('');
  });

  it('a session already over (logged out in another tab meanwhile) counts as logged out', async () => {
    fetchMock.mockResolvedValue(json(403, { error: 'authentication_required', message: 'x', authentication_required: true }));
    const load = vi.fn();
    await expect(logOutHere(load)).resolves.toBe(true);
    expect(load).toHaveBeenCalledWith('/');
  });
});
