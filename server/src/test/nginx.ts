/**
 * The shipped load balancer (deploy/nginx.conf, the `lb` service of docker-compose.yml) run by
 * Debian's nginx in front of server processes on loopback. Only what Docker's network provides is
 * replaced: the upstream host names and the listening port. Everything else (stickiness, the
 * WebSocket upgrade, timeouts, headers) is the file as deployed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fetchFrom } from './fetch-from.js';
import { exited, freePort, repoRoot, type ServerNode } from './multi-process.js';
import { tempDir } from './harness.js';

const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  port: number;
  /** nginx's error log, for a failing test's output */
  errors(): string;
  stop(): Promise<void>;
}

/** deploy/nginx.conf with its Docker host names replaced by `127.0.0.1:<port>` of each upstream, listening on `port`. */
function renderSiteConfig(upstreamPorts: [number, number], port: number): string {
  const shipped = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8');
  const replacements: Array<[RegExp, string]> = [
    [/\bserver app1:3000\b/, `server 127.0.0.1:${upstreamPorts[0]}`],
    [/\bserver app2:3000\b/, `server 127.0.0.1:${upstreamPorts[1]}`],
    [/\blisten 8080( [^;]*)?;/, `listen 127.0.0.1:${port}$1;`],
  ];
  return replacements.reduce((config, [pattern, value]) => {
    // A changed file must change this test too, not slip through untested.
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf no longer contains ${pattern}`);
    return config.replace(pattern, value);
  }, shipped);
}

export async function startNginx(upstreamPorts: [number, number]): Promise<RunningNginx> {
  if (!existsSync(NGINX_PATH)) throw new Error(`${NGINX_PATH} is missing: run scripts/ensure-nginx.sh (Debian's nginx) or set NGINX_PATH`);
  const port = await freePort();
  const dir = tempDir('dating-nginx-');
  mkdirSync(join(dir, 'temp'));
  writeFileSync(join(dir, 'site.conf'), renderSiteConfig(upstreamPorts, port));
  // The main context Debian's /etc/nginx/nginx.conf would give, with every path inside `dir`.
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/temp/${kind};`),
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  // -e: nginx would otherwise open /var/log/nginx/error.log before it reads the configuration.
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start listening on ${port}:\n${output}\n${errors()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errors,
    async stop() {
      // SIGTERM, nginx's fast shutdown: a graceful one (SIGQUIT) waits for open long-polls.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((r) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      r(true);
    });
    socket.once('error', () => r(false));
  });
}

/**
 * A client address that the balancer (sticky by address: ip_hash) sends to each node, by node
 * index. ip_hash keys on the first three bytes of an IPv4 address: 127.0.<n>.1 are all loopback.
 */
export async function addressesReaching(lb: RunningNginx, nodes: ServerNode[]): Promise<string[]> {
  const nodeIds = await Promise.all(nodes.map(async (n) => (await n.stats()).node));
  const found: Array<string | undefined> = nodes.map(() => undefined);
  for (let n = 0; n < 32 && found.some((a) => a === undefined); n++) {
    const address = `127.0.${n}.1`;
    const res = await fetchFrom(address)(`${lb.url}/dev/realtime-stats`);
    if (res.status !== 200) throw new Error(`${lb.url}/dev/realtime-stats answered ${res.status}`);
    const index = nodeIds.indexOf(((await res.json()) as { node: string }).node);
    if (index < 0) throw new Error('the balancer reached a node that is not one of these');
    found[index] ??= address;
  }
  if (found.some((a) => a === undefined)) throw new Error('no client address reached every node: is the balancer sticky by address (ip_hash)?');
  return found as string[];
}
