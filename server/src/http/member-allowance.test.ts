import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.js';
import { HttpError } from './errors.js';
import { MemberAllowances } from './member-allowance.js';

describe('per-member allowances', () => {
  it('forget members whose allowance is whole again, so the process does not keep everyone who ever asked', () => {
    const clock = new ManualClock();
    const allowances = new MemberAllowances(3, 1, clock);
    for (let member = 1; member <= 100; member++) allowances.spend(member);
    allowances.spend(7);
    allowances.spend(7);
    expect(allowances.size).toBe(100);

    // A minute later every allowance is whole again: the next request forgets them, and holds its own member's.
    clock.advance(60_000);
    allowances.spend(7);
    expect(allowances.size).toBe(1);
  });

  it('refuse with 429 rate_limited once the allowance is spent', () => {
    const allowances = new MemberAllowances(2, 1, new ManualClock());
    allowances.spend(1);
    allowances.spend(1);
    let refusal: unknown = null;
    try {
      allowances.spend(1);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});
