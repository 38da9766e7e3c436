/**
 * Every environment variable the server reads, parsed once with zod. Defaults make the embedded
 * mode (one process, SQLite, outbox mail) work with no configuration at all. Nothing else in the
 * server reads process.env.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_CACHE_MB } from '@db/client.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A URL with one of `schemes` and a host. z.url() alone took "localhost:6379" (scheme
 * "localhost:") and "http://10.0.0.5:6379", and the clients made something else of them: ioredis
 * connected to a host named "http" on 6379, nodemailer threw a stack trace at start.
 */
function serverUrl(schemes: string[], shape: string, path: (pathname: string) => boolean = () => true) {
  return z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return schemes.includes(url.protocol) && url.hostname !== '' && path(url.pathname);
      } catch {
        return false;
      }
    },
    { message: `must look like ${shape}` },
  );
}

/** A proxy Express can trust by name, address or subnet (proxy-addr's forms). */
function isTrustedProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, range, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (isIP(address) === 4 ? 32 : 128);
  return isIP(range) === isIP(address); // a netmask: 10.0.0.0/255.0.0.0
}

/**
 * Express's `trust proxy`: a whole number is a hop count, true/false trust every proxy or none,
 * anything else a comma-separated list of names, addresses and subnets. Checked here: Express read
 * "1" as the address 0.0.0.1 (so nothing was trusted, silently) and threw a stack trace on "true".
 */
const trustProxy = z.string().transform((value, ctx): string | number | boolean => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  const unknown = trimmed.split(',').map((entry) => entry.trim()).filter((entry) => !isTrustedProxyEntry(entry));
  if (unknown.length === 0) return trimmed;
  ctx.addIssue({ code: 'custom', message: `not a proxy address, subnet or name: ${unknown.map((e) => `"${e}"`).join(', ')} (e.g. loopback, 10.0.0.0/8, or a hop count such as 1)` });
  return z.NEVER;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('db/data'),
  DATABASE_FILE: z.string().optional(),
  /** write each commit's WAL frames with one system call (db/wal-batch.ts) */
  SQLITE_WAL_BATCH: bool.default(true),
  /** SQLite's page cache per connection, MB (db/client.ts says why DEFAULT_CACHE_MB) */
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(DEFAULT_CACHE_MB),
  PUBLIC_URL: z.string().url().optional(),
  REDIS_URL: serverUrl(['redis:', 'rediss:'], 'redis://[user:password@]host[:port][/db] (rediss:// for TLS)', (p) => /^(\/\d*)?$/.test(p)).optional(),
  /** how long a session read or write waits for Redis before it fails (server.ts connectRedis) */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  SESSION_RECHECK_MS: z.coerce.number().int().min(100).default(300_000),
  /** sharded (default; events only reach nodes where the room has members) | classic | streams */
  SOCKET_ADAPTER: z.enum(['sharded', 'classic', 'streams']).default('sharded'),
  SMTP_URL: serverUrl(['smtp:', 'smtps:'], 'smtp://[user:password@]host[:port] (smtps:// for TLS from the start)').optional(),
  MAIL_FROM: z.string().default('Amora <no-reply@localhost>'),
  /** how long a request waits for the mail server before it answers without it (account-mails.ts) */
  MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(1).default(8_000),
  SESSION_SECRET: z.string().min(32).optional(),
  TRUST_PROXY: trustProxy.default('loopback'),
  SEED_ON_START: bool.default(true),
  SEED_MEMBERS: z.coerce.number().int().min(0).max(100_000).default(2000),
  SEED: z.coerce.number().int().default(20251125),
  LOGIN_LOCK_THRESHOLD: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  RESET_MAILS_PER_DAY: z.coerce.number().int().min(1).default(3),
  ACTIVATION_TOKEN_HOURS: z.coerce.number().int().min(1).default(72),
  RESET_TOKEN_HOURS: z.coerce.number().int().min(1).default(2),
  ARGON2_MAX_CONCURRENT: z.coerce.number().int().min(1).default(4),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@localhost'),
  LOG_REQUESTS: bool.default(false),
  /** fault-injection for the multi-process tests: exit right after a socket send is stored, before its ack (NODE_ENV=test only) */
  TEST_CRASH_AFTER_STORE: bool.default(false),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  sqliteWalBatch: boolean;
  sqliteCacheMb: number;
  uploadsDir: string;
  publicUrl: string;
  redisUrl: string | undefined;
  /** a session command Redis has not answered in this time fails (a partition, a stalled Redis) */
  redisCommandTimeoutMs: number;
  /** how often every socket's session is read again: the longest a socket outlives its session */
  sessionRecheckMs: number;
  socketAdapter: 'sharded' | 'classic' | 'streams';
  smtpUrl: string | undefined;
  mailFrom: string;
  /** a request waits this long for the mail server, then answers while the transfer goes on */
  mailSendTimeoutMs: number;
  sessionSecret: string | undefined;
  /** Express `trust proxy`: a hop count, every proxy or none, or proxies by name, address and subnet */
  trustProxy: string | number | boolean;
  seedOnStart: boolean;
  seedMembers: number;
  seed: number;
  loginLockThreshold: number;
  loginLockMinutes: number;
  resetMailsPerDay: number;
  activationTokenHours: number;
  resetTokenHours: number;
  argon2MaxConcurrent: number;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  logRequests: boolean;
  /** only ever true when NODE_ENV=test */
  testCrashAfterStore: boolean;
}

export class ConfigError extends Error {}

/**
 * The environment without its blank variables. docker-compose passes `REDIS_URL: ${REDIS_URL:-}`
 * as an empty REDIS_URL, and an env file's `SMTP_URL=` sets one too: each was refused as a bad URL,
 * and an empty PORT was read as 0 (any free port). An operator who writes nothing means "not set".
 */
function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined && value.trim() !== '') set[name] = value;
  return set;
}

/** Parses an environment (process.env by default); throws ConfigError with every problem listed. */
export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): Config {
  const env = withoutBlanks(rawEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) {
    const missing = [!e.SMTP_URL && 'SMTP_URL', !e.SESSION_SECRET && 'SESSION_SECRET', !e.PUBLIC_URL && 'PUBLIC_URL'].filter(Boolean);
    if (missing.length) throw new ConfigError(`NODE_ENV=production needs ${missing.join(', ')} to be set.`);
  }
  // The adapter is how Socket.IO reaches the other nodes through Redis: without REDIS_URL there is
  // none, and the choice was silently dropped (a node believed scaled out ran alone).
  if (env.SOCKET_ADAPTER !== undefined && !e.REDIS_URL) {
    throw new ConfigError(`SOCKET_ADAPTER=${e.SOCKET_ADAPTER} needs REDIS_URL to be set (the adapter carries Socket.IO events between nodes through Redis); unset SOCKET_ADAPTER to run one node without Redis.`);
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: e.DATABASE_FILE ? resolve(e.DATABASE_FILE) : resolve(dataDir, 'app.db'),
    sqliteWalBatch: e.SQLITE_WAL_BATCH,
    sqliteCacheMb: e.SQLITE_CACHE_MB,
    uploadsDir: resolve(dataDir, 'uploads'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    sessionRecheckMs: e.SESSION_RECHECK_MS,
    socketAdapter: e.SOCKET_ADAPTER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailSendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    seedOnStart: e.SEED_ON_START,
    seedMembers: e.SEED_MEMBERS,
    seed: e.SEED,
    loginLockThreshold: e.LOGIN_LOCK_THRESHOLD,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    resetMailsPerDay: e.RESET_MAILS_PER_DAY,
    activationTokenHours: e.ACTIVATION_TOKEN_HOURS,
    resetTokenHours: e.RESET_TOKEN_HOURS,
    argon2MaxConcurrent: e.ARGON2_MAX_CONCURRENT,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    logRequests: e.LOG_REQUESTS,
    testCrashAfterStore: e.NODE_ENV === 'test' && e.TEST_CRASH_AFTER_STORE,
  };
}
