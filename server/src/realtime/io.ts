import type { Server as HttpServer } from 'node:http';
import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import { silentNotifier, type Notifier } from './notifier.js';

export interface Realtime {
  notifier: Notifier;
  close(): Promise<void>;
}

/** Placeholder until the realtime module lands. */
export async function attachRealtime(_http: HttpServer, _ctx: AppContext, _session: RequestHandler): Promise<Realtime> {
  return { notifier: silentNotifier, close: async () => {} };
}
