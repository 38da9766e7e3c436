/**
 * Whether a command fits in one socket frame. The server closes a connection whose frame is over
 * SOCKET_MAX_FRAME_BYTES; a send that did would close the socket at every try and never be stored
 * (each reconnect sends it again), so what does not fit goes over REST.
 */
import { SOCKET_MAX_FRAME_BYTES } from '@shared/constants.js';

/** Room for what Socket.IO puts before the JSON: the packet types and an ack id's digits. */
const PACKET_HEADER_BYTES = 32;

const encoder = new TextEncoder();

export function fitsOneSocketFrame(event: string, payload: unknown): boolean {
  return encoder.encode(JSON.stringify([event, payload])).length + PACKET_HEADER_BYTES <= SOCKET_MAX_FRAME_BYTES;
}
