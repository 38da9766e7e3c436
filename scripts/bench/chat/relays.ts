/**
 * The two baselines the chat server is compared with, each the least a relay can do:
 * no authentication, no database. Both answer every send with an ack, like the real
 * 'message:send', and deliver { from, seq, tag } to the addressed member.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import { Server as SocketServer } from 'socket.io';
import { WebSocketServer, type WebSocket } from 'ws';
import { frameArraysServerOptions } from '../../../server/src/realtime/frame-arrays.js';

/** `tag` names the bench step, so a late delivery is never credited to the next step. */
export interface RelayFrame {
  to: number;
  seq: number;
  tag: string;
}

/**
 * Bare Socket.IO: one room per member (joined from the handshake query), emit to the room. With
 * BENCH_RELAY_FRAME_FIX=1 it gets the server's fix for frames kept alive by dead arrays
 * (server/src/realtime/frame-arrays.ts), to tell the relay's garbage-collection tails from its cost.
 */
export function startSocketIoRelay(): HttpServer {
  const http = createServer();
  const io = new SocketServer(http, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 16_384,
    ...(process.env.BENCH_RELAY_FRAME_FIX === '1' ? frameArraysServerOptions() : {}),
  });
  io.on('connection', (socket) => {
    const id = Number(socket.handshake.query.id);
    void socket.join(`user:${id}`);
    socket.on('send', (frame: RelayFrame, ack?: (r: { ok: true }) => void) => {
      io.to(`user:${frame.to}`).emit('msg', { from: id, seq: frame.seq, tag: frame.tag });
      ack?.({ ok: true });
    });
  });
  return http;
}

/** Raw ws: a map member id -> socket; JSON frames; the ack is { ack: seq }. */
export function startWsRelay(): HttpServer {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, maxPayload: 16_384 });
  const byMember = new Map<number, WebSocket>();
  wss.on('connection', (ws, req) => {
    const id = Number(new URL(req.url ?? '/', 'http://relay').searchParams.get('id'));
    byMember.set(id, ws);
    ws.on('close', () => {
      if (byMember.get(id) === ws) byMember.delete(id);
    });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as RelayFrame;
      byMember.get(frame.to)?.send(JSON.stringify({ from: id, seq: frame.seq, tag: frame.tag }));
      ws.send(JSON.stringify({ ack: frame.seq, tag: frame.tag }));
    });
  });
  return http;
}
