/**
 * GET /api/sync.php?after=<id> for a member, from the member's loopback source address, with a
 * bounded pool of keep-alive connections per address (the generator may not open another 10,000
 * sockets next to the 10,000 it holds).
 */
import { Agent, request } from 'node:http';
import type { MessageDto } from '../../../shared/src/api/chats.js';
import { SOURCE_ADDRESSES } from './connect.js';

const agents = new Map<string, Agent>();

function agentFor(localAddress: string): Agent {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 32, localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
}

interface SyncPage {
  messages: MessageDto[];
  has_more: boolean;
}

function getJson(url: string, cookie: string, localAddress: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: agentFor(localAddress), headers: { cookie, accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: text });
        }
      });
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('sync timed out')));
    req.end();
  });
}

/** Every message after `after`, page by page; retries while the server is still coming back. */
export async function syncAfter(baseUrl: string, cookie: string, memberIndex: number, after: number): Promise<MessageDto[]> {
  const localAddress = SOURCE_ADDRESSES[memberIndex % SOURCE_ADDRESSES.length]!;
  const all: MessageDto[] = [];
  let cursor = after;
  for (let attempt = 0; attempt < 20; ) {
    let res: { status: number; body: unknown };
    try {
      res = await getJson(`${baseUrl}/api/sync.php?after=${cursor}`, cookie, localAddress);
    } catch {
      attempt++;
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    if (res.status !== 200) throw new Error(`sync.php answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
    const page = res.body as SyncPage;
    all.push(...page.messages);
    if (!page.has_more || page.messages.length === 0) return all;
    cursor = page.messages[page.messages.length - 1]!.id;
  }
  throw new Error('sync.php unreachable');
}

export function closeSyncAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
