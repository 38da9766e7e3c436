import { describe, expect, it } from 'vitest';
import { cleanSupportPhone } from './support-phone.js';

describe('cleanSupportPhone', () => {
  it('removes dashes and spaces', () => {
    expect(cleanSupportPhone('+31 20-808 12 34')).toBe('+31208081234');
    expect(cleanSupportPhone('0800 - 123 - 456')).toBe('0800123456');
  });

  it('removes tabs and non-breaking spaces too, and keeps everything else', () => {
    expect(cleanSupportPhone('+44\t20\u00a07946-0958')).toBe('+442079460958');
    expect(cleanSupportPhone('(020) 123.45')).toBe('(020)123.45');
  });

  it('leaves an already clean number and an empty string alone', () => {
    expect(cleanSupportPhone('+31208081234')).toBe('+31208081234');
    expect(cleanSupportPhone('')).toBe('');
  });
});
