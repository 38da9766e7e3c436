/**
 * The load generator's socket.io-client receives as many frames as the server sends: its copy of
 * ws (engine.io-client's own) gets the server's fix for frames promoted to the old generation
 * (server/src/realtime/frame-arrays.ts). Without it the generator had major collections of its
 * own at a few thousand messages a second, and their stalls counted as the server's latency.
 */
import { createRequire } from 'node:module';
import { emptyFragmentsAfterUse, type ReceiverPrototype } from '../../../server/src/realtime/frame-arrays.js';

export function emptyGeneratorFragments(): string {
  const requireFromClient = createRequire(createRequire(import.meta.url).resolve('engine.io-client'));
  const receiver = (requireFromClient('ws') as { Receiver?: { prototype: ReceiverPrototype } }).Receiver?.prototype;
  if (typeof receiver?.dataMessage !== 'function') return 'fragments left as they are (ws changed)';
  emptyFragmentsAfterUse(receiver);
  return 'fragments emptied after use';
}
