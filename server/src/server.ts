import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDb, type Db } from '@db/client.js';
import { startCheckpointer } from '@db/checkpointer.js';
import { seedIfEmpty } from '@db/seed/seed.js';
import { buildApp } from './app.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { outboxMailer, smtpMailer, type Mailer } from './adapters/mail.js';
import { withoutTouch } from './http/session.js';
import { SqliteSessionStore } from './http/sqlite-session-store.js';
import { requestOriginOf } from './http/request-origin.js';
import { HEALTH_PATH, sendHealth, type HealthSources } from './http/health.js';
import { answerClientErrorsInJson } from './http/client-errors.js';
import { OutageTolerantSessionStore } from './http/outage-tolerant-session-store.js';
import { attachRealtime, type Realtime } from './realtime/io.js';
import { closeRedis } from './realtime/close-redis.js';
import type { ScaleOut } from './realtime/adapter.js';
import type { SlowConsumerLimits } from './realtime/slow-consumer.js';
import { REALTIME_STATS_PATH, sendRealtimeStats } from './realtime/dev-stats.js';
import { chatCommands } from './modules/chats/socket.js';
import { silentNotifier } from './realtime/notifier.js';
import { storedSecret } from './server-keys.js';
import { listenFailure, startupStep } from './startup-error.js';

export interface RunningServer {
  url: string;
  port: number;
  ctx: AppContext;
  http: HttpServer;
  realtime: Realtime;
  close(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  mailer?: Mailer;
  db?: Db;
  clientDir?: string;
  /** the Socket.IO fan-out between processes, when a test needs to control it */
  scaleOut?: ScaleOut;
  /** when a socket that does not read is closed (tests lower them) */
  slowConsumer?: SlowConsumerLimits;
}

/** Asked of the kernel, which caps it at net.core.somaxconn (4096 on this machine's Debian). */
export const LISTEN_BACKLOG = 65_535;

/** Opens the database (migrating and seeding an empty one), wires sessions, HTTP and realtime, and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const db =
    options.db ??
    (await startupStep(`cannot open the database ${config.databaseFile} (DATA_DIR, DATABASE_FILE)`, () =>
      openDb(config.databaseFile, { walBatch: config.sqliteWalBatch, cacheMb: config.sqliteCacheMb }),
    ));
  const checkpointer = config.databaseFile === ':memory:' ? undefined : startCheckpointer(db, config.databaseFile);
  if (config.seedOnStart) {
    await startupStep(`cannot seed the empty database (DATA_DIR, SEED_ON_START)`, () =>
      seedIfEmpty(db, { members: config.seedMembers, seed: config.seed, uploadsDir: config.uploadsDir, now: clock.now() }),
    );
  }

  const redis = config.redisUrl ? await connectRedis(config.redisUrl, config.redisCommandTimeoutMs) : undefined;
  const redisSessions = redis ? await redisSessionStore(redis) : undefined;
  // Cookie expiry is real time in express-session, so the store must compare against real time too.
  const sessionStore = redisSessions ?? new SqliteSessionStore(db, systemClock);
  const mailer = options.mailer ?? (config.smtpUrl ? await smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, clock));

  const ctx: AppContext = {
    config,
    db,
    clock,
    mailer,
    notifier: silentNotifier,
    sessionStore,
    sessionSecret: config.sessionSecret ?? storedSecret(db, 'session_secret'),
  };
  const { app, sites } = buildApp(ctx, { clientDir: options.clientDir });
  let realtime: Realtime | undefined;
  let closing: Promise<void> | undefined;
  const health: HealthSources = {
    db,
    mode: redis ? 'redis' : 'embedded',
    stopping: () => closing !== undefined,
    ...(redis && redisSessions ? { redisConnected: redisHealth(redis, redisSessions, () => realtime) } : {}),
  };
  const http = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) return sendHealth(req, res, health);
    if (!config.isProduction && realtime && path === REALTIME_STATS_PATH) return sendRealtimeStats(res, realtime);
    app(req, res);
  });
  // Long-lived keep-alive sockets behind a load balancer must outlive its idle timeout.
  http.keepAliveTimeout = 65_000;
  answerClientErrorsInJson(http);
  const attached = await attachRealtime(http, ctx, { sites, requestOrigin: requestOriginOf(app), commands: [chatCommands], scaleOut: options.scaleOut, slowConsumer: options.slowConsumer });
  realtime = attached;
  ctx.notifier = attached.notifier;
  ctx.presence = attached.presence;

  const close = () =>
    (closing ??= (async () => {
      // No new connections first: the members this node lets go reconnect, and the load balancer
      // must find this node refusing them, not taking them in while it closes.
      const httpClosed = new Promise<void>((r) => http.close(() => r()));
      // Begun beside the realtime close, not after it: its io.close() waits for every HTTP
      // connection to end, and a kept-alive one that was busy at the signal never would.
      const requestsFinished = finishRequests(http, httpClosed);
      await attached.close();
      await requestsFinished;
      if (redis) await closeRedis(redis);
      await checkpointer?.stop();
      if (!options.db) db.$client.close();
    })());

  await new Promise<void>((resolveListen, reject) => {
    http.once('error', reject);
    // A restarted node is hit by every member's reconnect at once: queue up to the kernel's
    // somaxconn instead of Node's default 511. An attempt beyond it is dropped and retried by the
    // client's TCP a second later, so operators of big nodes raise somaxconn (docs/decisions.md).
    http.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolveListen());
  }).catch(async (err: NodeJS.ErrnoException) => {
    // Redis, presence and the database are open by now: let them go as a stop does.
    await close().catch(() => undefined);
    throw listenFailure(err, config.host, config.port);
  });
  const port = (http.address() as AddressInfo).port;

  return { url: `http://127.0.0.1:${port}`, port, ctx, http, realtime: attached, close };
}

/** How long a stopping node lets HTTP requests under way finish (the process force-exits at 10 s). */
export const FINISH_REQUESTS_MS = 3_000;

/**
 * After http.close(): lets the requests under way finish, closing each connection as it goes idle
 * (close() closes only those idle at the time, and a load balancer's keep-alive connection that
 * was busy then would hold the process until its keep-alive timeout), and ends the rest after
 * FINISH_REQUESTS_MS.
 */
async function finishRequests(http: HttpServer, closed: Promise<void>): Promise<void> {
  let done = false;
  void closed.then(() => (done = true));
  const deadline = Date.now() + FINISH_REQUESTS_MS;
  while (!done && Date.now() < deadline) {
    http.closeIdleConnections();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 20))]);
  }
  http.closeAllConnections();
  await closed;
}

// The Redis packages load only when REDIS_URL is set: a node without Redis does not run them at
// start, and a restarted node is down while it starts (see createScaleOut).
//
// commandTimeout: a Redis cut off by a network partition (packets dropped, nothing closed) leaves
// the connection open and ioredis waits for each answer until the kernel gives up on the
// connection, a quarter of an hour. Every request that reads its session hung, the app's
// requests and socket handshakes with them; a command that fails in time lets the session store
// serve the copy it remembers and refuse writes with 503, as in an outage it knows about.
async function connectRedis(url: string, commandTimeoutMs: number) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, commandTimeout: commandTimeoutMs });
  // Once per outage, as the realtime connections log theirs (redis-recovery.ts): the client retries
  // every 2 s, and a line per retry filled the log (about 1,800 lines an hour of outage per node).
  let lastError: string | undefined;
  redis.on('error', (err: Error) => {
    if (err.message !== lastError) console.error('[redis] sessions:', err.message);
    lastError = err.message;
  });
  redis.on('ready', () => {
    if (lastError !== undefined) console.log('[redis] sessions: connection back');
    lastError = undefined;
  });
  return redis;
}

/**
 * For /healthz: Redis is connected, the adapter's rooms are subscribed, and the session store's last
 * command was answered. While it was not, each check sends one PING (one at a time, failing after
 * REDIS_COMMAND_TIMEOUT_MS like any command), so a node that serves no requests says `ok` again
 * once Redis answers, not at its next log-in.
 */
function redisHealth(
  redis: Awaited<ReturnType<typeof connectRedis>>,
  store: OutageTolerantSessionStore,
  realtime: () => Realtime | undefined,
): () => boolean {
  let pinging = false;
  const sessionsAnswered = () => {
    if (store.answering) return true;
    if (!pinging) {
      pinging = true;
      redis
        .ping()
        .then(() => store.answeredAgain(), () => {})
        .finally(() => (pinging = false));
    }
    return false;
  };
  return () => redis.status === 'ready' && sessionsAnswered() && realtime()?.redisConnected?.() !== false;
}

async function redisSessionStore(redis: Awaited<ReturnType<typeof connectRedis>>) {
  const { default: RedisStore } = await import('connect-redis');
  // Down from a lost connection until the client is ready again (not while it first connects).
  let down = false;
  redis.on('close', () => (down = true));
  redis.on('ready', () => {
    down = false;
    store.answeredAgain();
  });
  // A Redis restart must not make every request that reads its session fail (see the wrapper).
  // withoutTouch goes on the store express-session sees: the wrapper itself never calls touch.
  const store = new OutageTolerantSessionStore(new RedisStore({ client: redis, prefix: 'sess:' }), { isDown: () => down });
  return withoutTouch(store);
}
