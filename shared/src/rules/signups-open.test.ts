import { describe, expect, it } from 'vitest';
import { areSignupsOpen } from './signups-open.js';

describe('areSignupsOpen', () => {
  it("is open to everyone when the setting is 'all'", () => {
    expect(areSignupsOpen('all')).toBe(true);
    expect(areSignupsOpen('all', null)).toBe(true);
  });

  it("needs a traffic source with a network when the setting is 'with_trafficsource'", () => {
    expect(areSignupsOpen('with_trafficsource')).toBe(false);
    expect(areSignupsOpen('with_trafficsource', {})).toBe(false);
    expect(areSignupsOpen('with_trafficsource', { network: '  ' })).toBe(false);
    expect(areSignupsOpen('with_trafficsource', { network: 'adnet' })).toBe(true);
  });

  it('is closed (invitation only) for any other setting', () => {
    expect(areSignupsOpen('none', { network: 'adnet' })).toBe(false);
    expect(areSignupsOpen('invite', { network: 'adnet' })).toBe(false);
  });
});
