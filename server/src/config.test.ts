import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('runs the embedded mode with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', redisUrl: undefined, smtpUrl: undefined, seedOnStart: true, seedMembers: 2000 });
    expect(config.databaseFile).toBe(resolve('db/data/app.db'));
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('lets a second instance run beside the first with its own port and data', () => {
    const config = loadConfig({ PORT: '3001', DATA_DIR: '/tmp/second', PUBLIC_URL: 'https://dates.example/' });
    expect(config.port).toBe(3001);
    expect(config.databaseFile).toBe('/tmp/second/app.db');
    expect(config.uploadsDir).toBe('/tmp/second/uploads');
    expect(config.publicUrl).toBe('https://dates.example');
  });

  it('refuses production without SMTP, a session secret and a public URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL, SESSION_SECRET, PUBLIC_URL/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://dates.example' }),
    ).not.toThrow();
  });

  it('names every bad value instead of starting with it', () => {
    try {
      loadConfig({ PORT: 'eighty', REDIS_URL: 'not a url' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/REDIS_URL/);
    }
  });

  // Each would start and then fail or mislead later: a port no socket has, a guessable cookie secret, a yes/no read as no.
  it('refuses a port beyond 65535, a session secret under 32 characters and a yes/no value it cannot read', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(loadConfig({ PORT: '65535' }).port).toBe(65535);
    expect(() => loadConfig({ SESSION_SECRET: 'secret' })).toThrow(/SESSION_SECRET/);
    expect(loadConfig({ SESSION_SECRET: 's'.repeat(32) }).sessionSecret).toBe('s'.repeat(32));
    for (const bad of ['maybe', 'flase', 'on']) expect(() => loadConfig({ SEED_ON_START: bad }), bad).toThrow(/SEED_ON_START/);
    expect(loadConfig({ SEED_ON_START: 'no' }).seedOnStart).toBe(false);
  });

  it("sizes SQLite's page cache from SQLITE_CACHE_MB, 8 MB unless told, and refuses a size that is no size", () => {
    expect(loadConfig({}).sqliteCacheMb).toBe(8);
    expect(loadConfig({ SQLITE_CACHE_MB: '64' }).sqliteCacheMb).toBe(64);
    for (const bad of ['0', '-8', 'lots', '1.5']) expect(() => loadConfig({ SQLITE_CACHE_MB: bad })).toThrow(/SQLITE_CACHE_MB/);
  });

  it('refuses a REDIS_URL or SMTP_URL that its client would take for another server', () => {
    // ioredis read http://10.0.0.5:6379 as a host named "http"; nodemailer threw on a bare host:port
    for (const bad of ['localhost:6379', 'http://10.0.0.5:6379', 'redis://10.0.0.5:6379/sessions', 'redis://']) {
      expect(() => loadConfig({ REDIS_URL: bad })).toThrow(/REDIS_URL: must look like redis:\/\//);
    }
    for (const good of ['redis://127.0.0.1:6379', 'redis://:secret@10.0.0.5:6380/2', 'rediss://user:secret@cache.example']) {
      expect(loadConfig({ REDIS_URL: good }).redisUrl).toBe(good);
    }
    expect(() => loadConfig({ SMTP_URL: 'mail.example:587' })).toThrow(/SMTP_URL: must look like smtp:\/\//);
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465' }).smtpUrl).toBe('smtps://user:pass@mail.example:465');
  });

  it('refuses a SOCKET_ADAPTER without REDIS_URL, in one line that names the missing variable', () => {
    for (const adapter of ['sharded', 'classic', 'streams']) {
      expect(() => loadConfig({ SOCKET_ADAPTER: adapter })).toThrow(new ConfigError(`SOCKET_ADAPTER=${adapter} needs REDIS_URL to be set (the adapter carries Socket.IO events between nodes through Redis); unset SOCKET_ADAPTER to run one node without Redis.`));
    }
    expect(loadConfig({ SOCKET_ADAPTER: 'classic', REDIS_URL: 'redis://127.0.0.1:6379' }).socketAdapter).toBe('classic');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).socketAdapter).toBe('sharded');
  });

  // docker-compose's `REDIS_URL: ${REDIS_URL:-}` and an env file's `SMTP_URL=` pass empty values.
  it('takes a variable set to nothing, or to blanks, as unset', () => {
    const blank = { REDIS_URL: '', SMTP_URL: ' ', PUBLIC_URL: '', SOCKET_ADAPTER: '', SESSION_SECRET: '', PORT: '', HOST: '  ', DATA_DIR: '', TRUST_PROXY: '' };
    expect(loadConfig(blank)).toEqual(loadConfig({}));
    expect(loadConfig(blank)).toMatchObject({ redisUrl: undefined, smtpUrl: undefined, port: 3000, publicUrl: 'http://localhost:3000' });
    // and production still asks for what was left empty, by name
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: '', SESSION_SECRET: '', PUBLIC_URL: '' })).toThrow('NODE_ENV=production needs SMTP_URL, SESSION_SECRET, PUBLIC_URL to be set.');
  });

  it('reads TRUST_PROXY as Express does on purpose: a hop count, true or false, or proxies by name, address and subnet', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).trustProxy).toBe('loopback, uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/255.240.0.0, ::1' }).trustProxy).toBe('10.0.0.0/8, 172.16.0.0/255.240.0.0, ::1');
    expect(() => loadConfig({ TRUST_PROXY: 'loopback, nginx' })).toThrow(/TRUST_PROXY: not a proxy address, subnet or name: "nginx"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('honours the crash hook only in tests', () => {
    expect(loadConfig({ TEST_CRASH_AFTER_STORE: 'true' }).testCrashAfterStore).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CRASH_AFTER_STORE: 'true' }).testCrashAfterStore).toBe(true);
  });
});
