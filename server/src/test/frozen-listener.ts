/**
 * A port on loopback that takes no more connections and refuses none: its process listens, is
 * stopped (SIGSTOP) and never accepts, and its accept queue is filled, so the kernel drops each
 * new SYN and the connecting side waits, as it waits for a frozen node, or for a host that is gone
 * behind a firewall that drops. (A closed port answers RST at once, which tests nothing.)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { exited } from './multi-process.js';

export interface FrozenListener {
  port: number;
  close(): Promise<void>;
}

const LISTEN_AND_STOP = `
const server = require('node:net').createServer();
server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
  console.log(server.address().port);
  process.kill(process.pid, 'SIGSTOP');
});`;

export async function frozenListener(): Promise<FrozenListener> {
  const child = spawn(process.execPath, ['-e', LISTEN_AND_STOP], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the listener exited with ${code}`)));
  });
  while (!/^\d+ \(.*\) T /.test(readFileSync(`/proc/${child.pid}/stat`, 'utf8'))) await new Promise((r) => setTimeout(r, 5));
  const held: Socket[] = [];
  const close = async () => {
    held.forEach((s) => s.destroy());
    child.kill('SIGKILL');
    await exited(child);
  };
  // Connections the kernel completes into the queue; the first that does not complete shows it full.
  for (;;) {
    const socket = await connectsWithin(port, 300);
    if (!socket) break;
    held.push(socket);
    if (held.length > 16) {
      await close();
      throw new Error(`port ${port} kept accepting connections: the listener is not frozen`);
    }
  }
  return { port, close };
}

function connectsWithin(port: number, ms: number): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, ms);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}
