/**
 * What the database does for a piece of work: every SQL statement it ran, and the plan steps of
 * those that read more than the rows they need. Tests use it to keep hot paths on indexes.
 */
import type { TestServer } from './harness.js';

type StatementMethod = (...args: unknown[]) => unknown;

/** The SQL of every statement that ran (get, run or all) while `work` ran. */
export async function statementsRunBy(server: TestServer, work: () => Promise<unknown>): Promise<Set<string>> {
  const statements = new Set<string>();
  const proto = Object.getPrototypeOf(server.db.$client.prepare('SELECT 1')) as Record<string, StatementMethod>;
  const originals = { get: proto.get!, run: proto.run!, all: proto.all! };
  for (const method of ['get', 'run', 'all'] as const) {
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      statements.add(this.source);
      return originals[method].apply(this, args);
    };
  }
  try {
    await work();
  } finally {
    Object.assign(proto, originals);
  }
  return statements;
}

/**
 * Plan steps that read a whole table, or every row of the site (an index searched by site alone):
 * at scale each is a stall for every member. A JSON array of ids scanned to look them up is fine.
 */
export function wideReads(server: TestServer, statements: Iterable<string>): string[] {
  return [...statements]
    .filter((sql) => /^\s*(select|insert|update|delete|with)\b/i.test(sql))
    .flatMap((sql) => {
      const plan = server.db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from(sql.matchAll(/\?/g), () => 1)) as Array<{ detail: string }>;
      return plan
        .filter((step) => /^SCAN (?!CONSTANT ROW|\(subquery|json_each VIRTUAL TABLE)/.test(step.detail) || /\(site_id=\?\)$/.test(step.detail))
        .map((step) => `${step.detail} in: ${sql.slice(0, 120)}`);
    });
}
