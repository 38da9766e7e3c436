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
