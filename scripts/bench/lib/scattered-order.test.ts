import { describe, expect, it } from 'vitest';
import { scatteredOrder } from './scattered-order.js';

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
