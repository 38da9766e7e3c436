import { createHash } from 'node:crypto';
import { Random } from '../../../db/seed/prng.js';

/**
 * The order in which a bench's pairs of members take their turns: every pair once per round, in a
 * fixed shuffled order. Members of a real site do not send in the order of their ids; in that
 * order neighbouring senders share the server's table and index pages, and one commit writes
 * fewer of them than real traffic would.
 */
export function scatteredOrder(length: number, seed = 20261127): number[] {
  return new Random(seed).sample(
    Array.from({ length }, (_, i) => i),
    length,
  );
}

/**
 * The pair whose turn `turn` is, for a run named `run`: every pair once per round, each round in a
 * fresh order (the same for the same run name). One order repeated every round made each round
 * send in the order the first round had created the conversations in, so neighbouring sends
 * shared the pages of everything keyed by conversation (its messages' index, the members' rows):
 * in process 1.05 WAL frames per send against 2.56 for senders in no order, and 15.9-17.2 s
 * against 22.6-27.3 s for 150,000 sends (docs/benchmarks.md, session 19). Real senders follow no
 * such order.
 */
export function turnsOf(length: number, run: string): (turn: number) => number {
  const base = createHash('sha256').update(run).digest().readUInt32BE(0);
  let round = -1;
  let order: number[] = [];
  return (turn) => {
    const wanted = Math.floor(turn / length);
    if (wanted !== round) {
      round = wanted;
      order = scatteredOrder(length, (base + round) >>> 0);
    }
    return order[turn % length]!;
  };
}
