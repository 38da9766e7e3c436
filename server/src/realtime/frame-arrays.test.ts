import { once } from 'node:events';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frameArraysServerOptions } from './frame-arrays.js';

// The wrappers empty arrays engine.io and ws have finished with: nothing a client sends or
// receives may go missing or change, whether a message comes in one WebSocket frame or in several,
// or several packets leave in one write.
describe('emptying used frame arrays', () => {
  let http: HttpServer;
  let io: Server;
  let client: WebSocket;
  const frames: string[] = [];

  beforeEach(async () => {
    const options = frameArraysServerOptions();
    expect(options.wsEngine).toBeDefined();
    http = createServer();
    io = new Server(http, { ...options, transports: ['websocket'] });
    io.on('connection', (socket) => {
      socket.on('echo', (payload: unknown, ack: (reply: unknown) => void) => ack(payload));
      // Three packets queued in one turn leave in one flush of engine.io's write buffer.
      socket.on('burst', () => {
        for (const n of [1, 2, 3]) socket.emit('n', n);
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    frames.length = 0;
    // A raw WebSocket speaking engine.io 4 / Socket.IO 5, so the test decides how frames are split.
    client = new WebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}/socket.io/?EIO=4&transport=websocket`);
    client.on('message', (data) => frames.push(String(data)));
    await once(client, 'open');
    await until(() => frames.some((f) => f.startsWith('0{')));
    client.send('40');
    await until(() => frames.some((f) => f.startsWith('40{')));
  });

  afterEach(async () => {
    client.terminate();
    await io.close();
  });

  it('answers a message sent in one frame', async () => {
    client.send('421["echo",{"text":"hello"}]');
    await until(() => frames.includes('431[{"text":"hello"}]'));
  });

  it('puts a message sent in three frames back together', async () => {
    const text = 'x'.repeat(3000);
    const packet = `422["echo",{"text":"${text}"}]`;
    client.send(packet.slice(0, 1000), { fin: false });
    client.send(packet.slice(1000, 2000), { fin: false });
    client.send(packet.slice(2000), { fin: true });
    await until(() => frames.includes(`432[{"text":"${text}"}]`));
  });

  it('keeps messages apart and in order when they follow each other at once', async () => {
    for (let id = 10; id < 20; id++) client.send(`42${id}["echo",${id}]`);
    await until(() => frames.filter((f) => f.startsWith('43')).length === 10);
    expect(frames.filter((f) => f.startsWith('43'))).toEqual(Array.from({ length: 10 }, (_, i) => `43${10 + i}[${10 + i}]`));
  });

  it('sends every packet of one flush, in order', async () => {
    client.send('42["burst"]');
    await until(() => frames.filter((f) => f.startsWith('42["n"')).length === 3);
    expect(frames.filter((f) => f.startsWith('42["n"'))).toEqual(['42["n",1]', '42["n",2]', '42["n",3]']);
  });
});

async function until(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
