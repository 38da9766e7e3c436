/**
 * Linux network counters and limits that decide whether a burst of connections or packets on
 * loopback is dropped by the kernel before the server sees it. A dropped SYN is retried after
 * 1 s, then 3 s, so drops show up in a reconnect storm as idle gaps and a long tail. The benches print them so a
 * kernel limit is not mistaken for the server's speed. Elsewhere than Linux everything reads null.
 */
import { readFileSync } from 'node:fs';

export interface NetLimits {
  /** net.core.somaxconn: the cap on any listen backlog */
  somaxconn: number | null;
  /** net.ipv4.tcp_max_syn_backlog */
  synBacklog: number | null;
  /** net.core.netdev_max_backlog: packets queued per core, loopback included */
  netdevBacklog: number | null;
}

export interface NetCounters {
  /** connections refused because a listen queue was full (TcpExt ListenOverflows) */
  listenOverflows: number | null;
  /** packets dropped because a core's input queue was full (/proc/net/softnet_stat, all cores) */
  softnetDropped: number | null;
}

export function netLimits(): NetLimits {
  return {
    somaxconn: readNumber('/proc/sys/net/core/somaxconn'),
    synBacklog: readNumber('/proc/sys/net/ipv4/tcp_max_syn_backlog'),
    netdevBacklog: readNumber('/proc/sys/net/core/netdev_max_backlog'),
  };
}

export function netCounters(): NetCounters {
  return { listenOverflows: tcpExt('ListenOverflows'), softnetDropped: softnetDropped() };
}

/** What happened between two readings; null where either reading is missing. */
export function netDelta(before: NetCounters, after: NetCounters): NetCounters {
  const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return {
    listenOverflows: minus(after.listenOverflows, before.listenOverflows),
    softnetDropped: minus(after.softnetDropped, before.softnetDropped),
  };
}

function readNumber(file: string): number | null {
  try {
    return Number(readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
}

/** A TcpExt counter of /proc/net/netstat: a line of names, then a line of values. */
function tcpExt(name: string): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((l) => l.startsWith('TcpExt:'));
    const names = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/);
    const i = names.indexOf(name);
    return i > 0 ? Number(values[i]) : null;
  } catch {
    return null;
  }
}

/** Second column of /proc/net/softnet_stat (hex), summed over cores. */
function softnetDropped(): number | null {
  try {
    return readFileSync('/proc/net/softnet_stat', 'utf8')
      .trim()
      .split('\n')
      .reduce((sum, line) => sum + parseInt(line.trim().split(/\s+/)[1]!, 16), 0);
  } catch {
    return null;
  }
}
