/**
 * The load generator receives as many frames as the servers send: its ws (every member's
 * WebSocket, lean-socket.ts and the raw ws relay's members alike) gets the server's fix for frames
 * promoted to the old generation (server/src/realtime/frame-arrays.ts). Without it the generator
 * had major collections of its own at a few thousand messages a second, and their stalls counted
 * as the server's latency.
 */
import * as ws from 'ws';
import { emptyFragmentsAfterUse, type ReceiverPrototype } from '../../../server/src/realtime/frame-arrays.js';

export function emptyGeneratorFragments(): string {
  // ws exports its Receiver class (a named export of its ES module); its type definitions leave it out.
  const receiver = (ws as unknown as { Receiver?: { prototype: ReceiverPrototype } }).Receiver?.prototype;
  if (typeof receiver?.dataMessage !== 'function') return 'fragments left as they are (ws changed)';
  emptyFragmentsAfterUse(receiver);
  return 'fragments emptied after use';
}
