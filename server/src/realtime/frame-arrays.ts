/**
 * Empties two per-socket arrays of engine.io and ws as soon as they are used up, so that a
 * message's frames stop being promoted to V8's old generation.
 *
 * Why: engine.io hands its write buffer to the WebSocket transport and starts a new one, and ws's
 * receiver does the same with a message's fragments. Between two messages of a member the new
 * array sits idle for a second or more, longer than V8's young generation lasts under load, so it
 * is promoted. The next message's packets, encoded strings and buffers are then referenced from an
 * old-generation array. Once that array is dropped it is dead, but a scavenge does not know that:
 * it treats old objects as live, keeps whatever they point to and promotes it. Under chat load
 * that was 2.3 KB per message, and the old generation filled up every few seconds. Each major
 * collection's marking then took the server's core for 150-300 ms (docs/parts/bench-chat.md,
 * session 10). An emptied array points to nothing, so the frames die young.
 *
 * Both functions run synchronously on the array (engine.io's WebSocket transport encodes and
 * writes every packet before `send` returns; ws builds the message from its fragments before
 * `dataMessage` returns), so emptying it afterwards changes nothing they see.
 */
import { transports } from 'engine.io';
import * as ws from 'ws';

interface WebSocketTransportPrototype {
  send(packets: unknown[]): void;
}

export interface ReceiverPrototype {
  dataMessage(cb: unknown): unknown;
  _fragments?: unknown[];
  _binaryType?: string;
}

let installed = false;

/**
 * Installs the two wrappers once per process. Returns false, and changes nothing, when a
 * dependency no longer has the method it wraps (after an upgrade): the server then works as
 * before, with more garbage-collection work.
 */
function emptyUsedFrameArrays(): boolean {
  if (installed) return true;
  const transport = (transports as unknown as { websocket?: { prototype: WebSocketTransportPrototype } }).websocket?.prototype;
  // ws exports its Receiver class (a named export of its ES module); its type definitions leave it out.
  const receiver = (ws as unknown as { Receiver?: { prototype: ReceiverPrototype } }).Receiver?.prototype;
  if (typeof transport?.send !== 'function' || typeof receiver?.dataMessage !== 'function') {
    console.warn('[realtime] engine.io or ws changed: frame arrays are left as they are');
    return false;
  }

  const send = transport.send;
  transport.send = function (this: WebSocketTransportPrototype, packets: unknown[]) {
    send.call(this, packets);
    packets.length = 0;
  };

  emptyFragmentsAfterUse(receiver);
  installed = true;
  return true;
}

/**
 * Wraps a ws Receiver's `dataMessage` so the fragment list of a message it has built is emptied.
 * Exported for ws clients too (the chat benchmark's load generator receives as many frames).
 */
export function emptyFragmentsAfterUse(receiver: ReceiverPrototype): void {
  const dataMessage = receiver.dataMessage;
  receiver.dataMessage = function (this: ReceiverPrototype, cb: unknown) {
    const fragments = this._fragments;
    const result = dataMessage.call(this, cb);
    // Only once the message was built (a fragment still to come keeps the array), and never when
    // the fragments themselves are handed on as the message.
    if (fragments && fragments !== this._fragments && this._binaryType !== 'fragments') fragments.length = 0;
    return result;
  };
}

/**
 * Socket.IO server options that run the wrapped ws: installs the wrappers and names this `ws` as
 * the server's `wsEngine`, since engine.io's own copy of ws, when npm nests one, is not the one
 * wrapped above. Empty when the wrappers could not be installed (the defaults then apply).
 */
export function frameArraysServerOptions(): { wsEngine?: typeof ws.WebSocketServer } {
  return emptyUsedFrameArrays() ? { wsEngine: ws.WebSocketServer } : {};
}
