/** Typed Socket.IO server and socket, and the hook through which modules add their socket commands. */
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, PresenceDto, ServerToClientEvents } from '@shared/realtime.js';
import type { SiteRow } from '@db/schema/index.js';
import type { AppContext } from '../context.js';

/** What the handshake established about the socket's member. */
export interface SocketData {
  userId: number;
  siteId: number;
  /** Host header of the handshake, normalised (normaliseHost): how the socket's site is found again */
  host: string;
  /** express-session id, so a log-out can close the sockets of that session */
  sessionId: string;
  /** users.session_epoch at handshake; a later password change ends the socket's rights */
  epoch: number;
}

/** Events between server nodes (`io.serverSideEmit`): they reach every other node, never the sender. */
export interface InterServerEvents {
  /**
   * From a node that could not publish to these rooms during a Redis outage: the members of them
   * connected to the receiving node are told to refetch. The sender's own members were told already.
   */
  'invalidate-rooms': (input: { rooms: string[]; resource: InvalidatedResource; down_ms: number }) => void;
}

export type InvalidatedResource = Parameters<ServerToClientEvents['invalidate']>[0]['resource'];

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type MemberSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Read side of presence, for commands such as `presence:watch`. */
export interface PresenceReader {
  /** current state of these profiles (invisible members: offline, last_seen null) */
  lookup(profileIds: number[]): Promise<PresenceDto[]>;
}

/** What a module's socket commands get besides the socket. */
export interface CommandContext {
  ctx: AppContext;
  presence: PresenceReader;
  /** the site the socket connected to (re-read through the site cache, so settings stay fresh) */
  siteOf(socket: MemberSocket): SiteRow | undefined;
  /**
   * Resolves once this node receives the member's room events from other nodes (at once on a
   * single node, or when the room was already subscribed); a catch-up answered earlier could miss
   * a message sent in between.
   */
  receiving(userId: number): Promise<void>;
  /** joins the socket to `room` and resolves once this node receives the room's events from other nodes */
  join(socket: MemberSocket, room: string): Promise<void>;
}

/** Command handlers by event name; the dispatcher in io.ts calls each with the socket as `this`. */
export type SocketCommandHandlers = Record<string, (this: MemberSocket, ...args: unknown[]) => void>;

/** A module's socket commands (e.g. modules/chats/socket.ts), built once per server and shared by every socket. */
export type SocketCommands = (commands: CommandContext) => SocketCommandHandlers;
