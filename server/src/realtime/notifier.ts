import type { ServerToClientEvents } from '@shared/realtime.js';

/**
 * How services tell members that something changed. Called only after the transaction that
 * made the change has committed. The Socket.IO implementation lives in realtime/io.ts; tests
 * and the CLI use a recorder or a no-op.
 */
export interface Notifier {
  notify<E extends keyof ServerToClientEvents>(userId: number, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void;
  /**
   * notify, except the socket `socketId` (the tab that caused the change and has its answer in
   * the ack already). Without it, notify is used.
   */
  notifyOthers?<E extends keyof ServerToClientEvents>(userId: number, socketId: string, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void;
  /** closes every socket (on any node) the member opened with this express-session id; call it on log-out */
  endSession?(userId: number, sessionId: string): void;
  /**
   * closes every socket (on any node) of this member except those of `keepSessionId`; call it when
   * the session epoch moves (password change or reset), or those sockets would keep receiving events
   */
  endOtherSessions?(userId: number, keepSessionId?: string): void;
}

export const silentNotifier: Notifier = { notify: () => {} };

/** Keeps every notification, for tests. */
export class RecordingNotifier implements Notifier {
  /** `payload` is the event's first argument; `more` holds any after it */
  readonly sent: Array<{ userId: number; event: keyof ServerToClientEvents; payload: unknown; more?: unknown[]; exceptSocket?: string }> = [];
  notify<E extends keyof ServerToClientEvents>(userId: number, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void {
    this.sent.push({ userId, event, ...recorded(payload) });
  }
  notifyOthers<E extends keyof ServerToClientEvents>(userId: number, socketId: string, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void {
    this.sent.push({ userId, event, ...recorded(payload), exceptSocket: socketId });
  }
}

function recorded(args: unknown[]): { payload: unknown; more?: unknown[] } {
  return args.length > 1 ? { payload: args[0], more: args.slice(1) } : { payload: args[0] };
}
