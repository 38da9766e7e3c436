import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, deadlines, retryTiming, setUnauthenticatedHandler } from './http.js';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('api()', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    retryTiming.baseMs = 0;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    setUnauthenticatedHandler(() => {});
  });

  it('retries network errors and 502/503/504 five times, then succeeds', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(503, {})).mockResolvedValueOnce(json(504, {})).mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api('/api/settings.php')).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('gives up after 1 + 5 attempts with try_later', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(api('/api/settings.php')).rejects.toMatchObject({ status: 0, code: 'try_later' });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  describe('a request that gets no answer (a stalled phone connection)', () => {
    /** A fetch that never settles by itself, only when its signal aborts, as the browser's does. */
    const stalled = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    /** A response whose headers came and whose body never ends. */
    const stalledBody = (_url: unknown, init?: RequestInit) =>
      Promise.resolve(new Response(new ReadableStream({ start: (c) => init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError'))) }), { status: 200 }));
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('is given up at the headers deadline and tried again', async () => {
      fetchMock.mockImplementationOnce(stalled).mockResolvedValueOnce(json(200, { ok: true }));
      const answer = api('/api/messages.php', { method: 'POST', body: {} });
      await vi.advanceTimersByTimeAsync(deadlines.headersMs - 1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The deadline, then the retry's pause.
      await vi.advanceTimersByTimeAsync(10);
      await expect(answer).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('whose body stalls is given up at the body deadline and tried again', async () => {
      fetchMock.mockImplementationOnce(stalledBody).mockResolvedValueOnce(json(200, { ok: true }));
      const answer = api('/api/sync.php');
      // Past the headers' deadline: the headers came, the body has its own.
      await vi.advanceTimersByTimeAsync(deadlines.headersMs + 1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(deadlines.bodyMs);
      await expect(answer).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('with `within`, is given up after that long in all, attempts and pauses together', async () => {
      fetchMock.mockImplementation(stalled);
      const answer = api('/api/user.php', { within: 10_000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(answer).resolves.toMatchObject({ status: 0, code: 'try_later' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('is not tried again after a long gap (a laptop closed mid-retry and opened a day later)', async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(json(201, { sent: true }));
      const answer = api('/api/messages.php', { method: 'POST', body: {} }).catch((e: unknown) => e);
      // The retry's pause, stretched by the sleep: timers do not run while the machine sleeps.
      vi.setSystemTime(Date.now() + 24 * 60 * 60_000);
      await vi.advanceTimersByTimeAsync(10);
      expect(await answer).toMatchObject({ status: 0, code: 'try_later' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('without retries fails as the network does, so the caller can try again later', async () => {
      fetchMock.mockImplementation(stalled);
      const answer = api('/api/sync.php', { retries: 0 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(deadlines.headersMs);
      expect(await answer).toMatchObject({ status: 0, code: 'try_later' });
    });
  });

  it('a caller with its own back-off can ask for no retries', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(api('/api/user.php', { retries: 0 })).rejects.toMatchObject({ status: 0, code: 'try_later' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry other errors and exposes the code and fields', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'invalid_email', message: 'Invalid email', fields: { email: 'invalid_email' }, suggestion: 'a@gmail.com' }));
    const error = await api('/api/signup.php', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_email', fields: { email: 'invalid_email' } });
    expect((error as ApiError).body.suggestion).toBe('a@gmail.com');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends JSON with same-origin cookies and X-Request-Type only on /api/user.php', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await api('/api/user.php', { method: 'PUT', body: { language: 'de' } });
    await api('/api/settings.php', { query: { domain: 'localhost' } });
    const [userUrl, userInit] = fetchMock.mock.calls[0]!;
    expect(userUrl).toBe('/api/user.php');
    expect(userInit).toMatchObject({ method: 'PUT', credentials: 'same-origin', body: '{"language":"de"}' });
    expect((userInit!.headers as Record<string, string>)['X-Request-Type']).toBe('client');
    const [settingsUrl, settingsInit] = fetchMock.mock.calls[1]!;
    expect(settingsUrl).toBe('/api/settings.php?domain=localhost');
    expect((settingsInit!.headers as Record<string, string>)['X-Request-Type']).toBeUndefined();
  });

  it('a 403 authentication_required logs out, except from /api/user.php', async () => {
    const onLogout = vi.fn();
    setUnauthenticatedHandler(onLogout);
    fetchMock.mockImplementation(async () => json(403, { error: 'authentication_required', message: 'x', authentication_required: true }));
    await api('/api/user.php').catch(() => undefined);
    expect(onLogout).not.toHaveBeenCalled();
    await api('/api/chats.php').catch(() => undefined);
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  describe('a 2xx that is not the server\'s JSON (something between the member and the server answered)', () => {
    const portalPage = () => new Response('<!doctype html><title>Hotel WiFi</title><form>Accept the terms</form>', { status: 200, headers: { 'Content-Type': 'text/html' } });

    it('a captive portal\'s log-in page is no answer: tried again, then try_later', async () => {
      // Taken as the answer, it reached the callers as null: the profile page and the icebreakers
      // crashed to the error page, the gifts spun for good, a password reset said the mail was sent.
      fetchMock.mockImplementation(async () => portalPage());
      await expect(api('/api/password-reset.php', { method: 'POST', body: { email: 'a@b.c' } })).rejects.toMatchObject({ status: 0, code: 'try_later' });
      expect(fetchMock).toHaveBeenCalledTimes(6);
    });

    it('a body cut short is tried again', async () => {
      fetchMock.mockResolvedValueOnce(new Response('{"gifts":[{"id":"ro', { status: 200 })).mockResolvedValueOnce(json(200, { ok: true }));
      await expect(api('/api/gifts.php')).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });

    it('an empty 2xx body is still an answer', async () => {
      fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
      await expect(api('/api/logout.php')).resolves.toBeNull();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  describe('a 404 without the API\'s error code (a proxy or a CDN answered)', () => {
    it('an HTML page or an empty body is no answer: tried again, then try_later with no status', async () => {
      fetchMock.mockImplementation(async () => new Response('<h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }));
      await expect(api('/api/profile.php')).rejects.toMatchObject({ status: 0, code: 'try_later' });
      expect(fetchMock).toHaveBeenCalledTimes(6);
      fetchMock.mockReset();
      fetchMock.mockResolvedValueOnce(new Response(null, { status: 404 })).mockResolvedValueOnce(json(200, { ok: true }));
      await expect(api('/api/messages.php')).resolves.toEqual({ ok: true });
    });

    it('the server\'s own 404 is an answer', async () => {
      fetchMock.mockResolvedValue(json(404, { error: 'not_found', message: 'Not found' }));
      await expect(api('/api/profile.php')).rejects.toMatchObject({ status: 404, code: 'not_found' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
  });

  it('maps unknown codes and 5xx to generic and try_later', async () => {
    fetchMock.mockResolvedValueOnce(json(418, { error: 'teapot' })).mockResolvedValueOnce(json(500, 'x'));
    await expect(api('/api/a.php')).rejects.toMatchObject({ code: 'generic' });
    await expect(api('/api/b.php')).rejects.toMatchObject({ code: 'try_later' });
  });
});
