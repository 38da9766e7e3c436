/**
 * GET /healthz: whether this node can serve, for load balancers, orchestrators (the image's
 * HEALTHCHECK) and monitoring. Answered before Express, so it needs no session, no site for the
 * Host header (a probe sends the node's own address, which a real site does not list) and no
 * allowance, and costs one indexed read.
 *
 * 200 `ok`, or `degraded` while Redis is away. Not 503 then: every node shares the one Redis, and a
 * balancer that took them all out would turn what still works (members whose session the node has
 * read, REST, pushes between members of one node) into nothing at all. 503 `unavailable` when the
 * database does not answer or holds no site (every request would be `unknown_site`), and `stopping`
 * once a SIGTERM began (a balancer's kept-alive connection may still ask).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client.js';
import { preparedOnce } from '@db/prepared.js';
import { sites } from '@db/schema/index.js';

export const HEALTH_PATH = '/healthz';

export interface HealthSources {
  db: Db;
  mode: 'embedded' | 'redis';
  /** true once the node is shutting down */
  stopping(): boolean;
  /** whether every Redis connection is up; undefined without Redis */
  redisConnected?: () => boolean;
}

export interface Health {
  status: 'ok' | 'degraded' | 'unavailable' | 'stopping';
  mode: 'embedded' | 'redis';
  database: 'ok' | 'no_site' | 'error';
  redis?: 'ok' | 'down';
}

const anySite = preparedOnce((db) =>
  db
    .select({ found: sql<number>`1` })
    .from(sites)
    .limit(1)
    .prepare(),
);

export function checkHealth(sources: HealthSources): Health {
  let database: Health['database'];
  try {
    database = anySite(sources.db).get() ? 'ok' : 'no_site';
  } catch {
    database = 'error';
  }
  const redis = sources.redisConnected ? (sources.redisConnected() ? 'ok' : 'down') : undefined;
  const status: Health['status'] = sources.stopping() ? 'stopping' : database !== 'ok' ? 'unavailable' : redis === 'down' ? 'degraded' : 'ok';
  return { status, mode: sources.mode, database, ...(redis ? { redis } : {}) };
}

export function sendHealth(req: IncomingMessage, res: ServerResponse, sources: HealthSources): void {
  const health = checkHealth(sources);
  const body = JSON.stringify(health);
  const ok = health.status === 'ok' || health.status === 'degraded';
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(body) });
  res.end(req.method === 'HEAD' ? undefined : body);
}
