import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { injectShellManifest, type ShellManifest } from '../../vite-plugins/shell-precache.js';

/**
 * Runs client/public/sw-push.js, as the build writes it, in a sandbox with an in-memory Cache
 * Storage and a scripted network, so its event handlers can be tested without a browser.
 */
export const ORIGIN = 'https://amora.test';
export const WORKER_SOURCE = readFileSync(fileURLToPath(new URL('../../public/sw-push.js', import.meta.url)), 'utf8');

/** What the worker sees of a request (Node's Request refuses mode 'navigate'). */
export interface FakeRequest {
  url: string;
  method: string;
  mode: string;
  cache?: string;
}

export type Network = (request: FakeRequest) => Promise<Response>;

class FakeCache {
  readonly entries = new Map<string, Response>();
  constructor(private readonly network: () => Network) {}
  async addAll(requests: FakeRequest[]): Promise<void> {
    const responses = await Promise.all(requests.map((request) => this.network()(request)));
    if (responses.some((response) => !response.ok)) throw new TypeError('addAll: a response was not ok');
    requests.forEach((request, i) => this.entries.set(request.url, responses[i]!));
  }
  async put(request: FakeRequest, response: Response): Promise<void> {
    this.entries.set(request.url, response);
  }
  async match(request: FakeRequest | string): Promise<Response | undefined> {
    return this.entries.get(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href)?.clone();
  }
}

export interface FakeWorker {
  /** the sandbox's globals: top-level functions of the worker (strategyFor ...) are on it */
  scope: Record<string, unknown>;
  caches: Map<string, FakeCache>;
  /** every request that reached the network, in order */
  requests: FakeRequest[];
  setNetwork(network: Network): void;
  skippedWaiting: () => boolean;
  claimed: () => boolean;
  preloadEnabled: () => boolean;
  /** fires install or activate and waits for what the worker passed to waitUntil */
  lifecycle(type: 'install' | 'activate'): Promise<void>;
  /** fires fetch; null when the worker did not call respondWith (the browser goes to the network) */
  fetch(request: Partial<FakeRequest> & { url: string }): Promise<Response> | null;
}

export function loadWorker(manifest: ShellManifest | null): FakeWorker {
  const listeners = new Map<string, (event: unknown) => void>();
  const caches = new Map<string, FakeCache>();
  const requests: FakeRequest[] = [];
  let network: Network = () => Promise.reject(new TypeError('Failed to fetch'));
  let claimed = false;
  let preloadEnabled = false;
  let skippedWaiting = false;
  const fakeFetch = (request: FakeRequest) => {
    requests.push(request);
    return network(request);
  };
  const cacheStorage = {
    open: async (name: string) => caches.get(name) ?? caches.set(name, new FakeCache(() => fakeFetch)).get(name)!,
    keys: async () => [...caches.keys()],
    delete: async (name: string) => caches.delete(name),
    match: async (request: FakeRequest | string, options: { cacheName: string }) => caches.get(options.cacheName)?.match(request),
  };
  const self = {
    location: new URL(`${ORIGIN}/sw-push.js?v=2`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => void (skippedWaiting = true),
    clients: { claim: async () => void (claimed = true) },
    registration: { navigationPreload: { enable: async () => void (preloadEnabled = true) } },
  };
  const scope: Record<string, unknown> = {
    self,
    caches: cacheStorage,
    fetch: fakeFetch,
    URL,
    Request: function FakeRequestCtor(url: URL | string, init: { cache?: string } = {}): FakeRequest {
      return { url: String(url), method: 'GET', mode: 'cors', cache: init.cache ?? 'default' };
    },
  };
  const source = manifest ? injectShellManifest(WORKER_SOURCE, manifest) : WORKER_SOURCE;
  runInContext(source, createContext(scope));

  return {
    scope,
    caches,
    requests,
    setNetwork: (next) => void (network = next),
    skippedWaiting: () => skippedWaiting,
    claimed: () => claimed,
    preloadEnabled: () => preloadEnabled,
    async lifecycle(type) {
      const pending: Promise<unknown>[] = [];
      listeners.get(type)!({ waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
      await Promise.all(pending);
    },
    fetch(request) {
      let response: Promise<Response> | null = null;
      const full: FakeRequest = { method: 'GET', mode: 'cors', ...request, url: new URL(request.url, ORIGIN).href };
      listeners.get('fetch')!({ request: full, respondWith: (promise: Promise<Response>) => void (response = promise) });
      return response;
    },
  };
}
