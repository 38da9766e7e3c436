import { describe, expect, it } from 'vitest';
import { scatteredOrder, turnsOf } from './scattered-order.js';

describe('the order in which the bench pairs take turns', () => {
  it('gives every pair one turn per round, far from id order, the same in every run', () => {
    const order = scatteredOrder(5000);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    // Neighbouring turns should rarely be neighbouring pairs (in id order all 4,999 would be).
    const adjacent = order.slice(1).filter((pair, i) => Math.abs(pair - order[i]!) <= 1).length;
    expect(adjacent).toBeLessThan(50);
    expect(scatteredOrder(5000)).toEqual(order);
  });
});

describe('the turns of a bench run', () => {
  it('gives every pair one turn per round, each round in another order, the same for the same run', () => {
    const turns = turnsOf(1000, 'tp_app_5000_1_4');
    const rounds = [0, 1, 2].map((r) => Array.from({ length: 1000 }, (_, i) => turns(r * 1000 + i)));
    for (const round of rounds) expect([...round].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    // A later round does not follow the first one's order (where the conversations were created).
    const inFirstOrder = (round: number[]) => round.slice(1).filter((pair, i) => rounds[0]!.indexOf(pair) === rounds[0]!.indexOf(round[i]!) + 1).length;
    expect(inFirstOrder(rounds[1]!)).toBeLessThan(20);
    expect(inFirstOrder(rounds[2]!)).toBeLessThan(20);
    const again = turnsOf(1000, 'tp_app_5000_1_4');
    expect(Array.from({ length: 3000 }, (_, i) => again(i))).toEqual(rounds.flat());
    const other = turnsOf(1000, 'tp_app_7000_1_5');
    expect(Array.from({ length: 1000 }, (_, i) => other(i))).not.toEqual(rounds[0]);
  });
});
