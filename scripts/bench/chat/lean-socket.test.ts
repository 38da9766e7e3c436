/**
 * The load generator's lean Socket.IO client against a real Socket.IO server: what the bench
 * relies on it for (connect, events, acks, emits buffered while down, reconnect with the same
 * handlers, a refused connect) must behave as socket.io-client does.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { LeanSocket, type LeanSocketOptions } from './lean-socket.js';

let http: HttpServer | undefined;
let io: Server | undefined;
const sockets: LeanSocket[] = [];

async function startServer(port = 0): Promise<number> {
  http = createServer();
  io = new Server(http, { transports: ['websocket'] });
  io.use((socket, next) => (socket.handshake.query.refuse ? next(new Error('authentication_required')) : next()));
  io.on('connection', (socket) => {
    socket.emit('hello', { member: socket.handshake.query.id, cookie: socket.handshake.headers.cookie });
    socket.on('echo', (data: unknown, ack: (answer: unknown) => void) => ack({ ok: true, data }));
  });
  await new Promise<void>((resolve) => http!.listen(port, '127.0.0.1', resolve));
  return (http.address() as AddressInfo).port;
}

async function stopServer(): Promise<void> {
  io?.disconnectSockets(true);
  await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
  io = undefined;
  http = undefined;
}

function connect(port: number, extra: Partial<LeanSocketOptions> = {}): LeanSocket {
  const socket = new LeanSocket({
    url: `http://127.0.0.1:${port}`,
    localAddress: '127.0.0.1',
    reconnection: false,
    reconnectionDelayMs: 50,
    reconnectionDelayMaxMs: 100,
    randomizationFactor: 0.5,
    connectTimeoutMs: 2_000,
    ...extra,
  });
  sockets.push(socket);
  return socket;
}

const nextEvent = <T>(socket: LeanSocket, name: string) => new Promise<T>((resolve) => socket.on(name, (data) => resolve(data as T)));

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await stopServer();
});

describe('LeanSocket', () => {
  it('connects with its query and headers, receives events and gets its acks', async () => {
    const port = await startServer();
    const socket = connect(port, { query: { id: '42' }, headers: { cookie: 'auth.sid=abc' } });
    const hello = nextEvent<{ member: string; cookie: string }>(socket, 'hello');
    await socket.firstConnect;
    expect(socket.connected).toBe(true);
    expect(await hello).toEqual({ member: '42', cookie: 'auth.sid=abc' });
    const answers = await Promise.all([1, 2, 3].map((n) => socket.emitWithAck('echo', { n, text: 'a "quoted" [text]' }, 2_000)));
    expect(answers).toEqual([1, 2, 3].map((n) => ({ ok: true, data: { n, text: 'a "quoted" [text]' } })));
  });

  it('reports a connect the server refuses, and a server that is not there', async () => {
    const port = await startServer();
    await expect(connect(port, { query: { refuse: '1' } }).firstConnect).rejects.toThrow('authentication_required');
    await stopServer();
    await expect(connect(port).firstConnect).rejects.toThrow('websocket error');
  });

  it('after the server restarts, reconnects by itself, sends what was emitted meanwhile and keeps its handlers', async () => {
    const port = await startServer();
    const socket = connect(port, { reconnection: true });
    let connects = 0;
    let disconnects = 0;
    socket.onConnect = () => connects++;
    socket.onDisconnect = () => disconnects++;
    await socket.firstConnect;
    await stopServer();
    await expect.poll(() => disconnects).toBe(1);
    expect(socket.connected).toBe(false);

    const answered = socket.emitWithAck('echo', 'sent while down', 5_000);
    await startServer(port);
    const hello = nextEvent(socket, 'hello');
    expect(await answered).toEqual({ ok: true, data: 'sent while down' });
    await hello;
    expect(connects).toBe(2);
    expect(socket.connected).toBe(true);
  });

  it('answers the server pings, so an idle member stays connected', async () => {
    http = createServer();
    io = new Server(http, { transports: ['websocket'], pingInterval: 100, pingTimeout: 100 });
    await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
    const socket = connect((http.address() as AddressInfo).port);
    let disconnects = 0;
    socket.onDisconnect = () => disconnects++;
    await socket.firstConnect;
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(disconnects).toBe(0);
    expect(io.engine.clientsCount).toBe(1);
  });
});
