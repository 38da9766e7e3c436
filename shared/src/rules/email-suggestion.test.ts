import { describe, expect, it } from 'vitest';
import { editDistance, emailError, isValidEmail, suggestEmail } from './email-suggestion.js';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of ['a@b.co', 'first.last+tag@example.com', 'x_y@sub.domain.nl', 'o\'brien@example.ie', '  padded@example.com  ']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it('rejects malformed addresses', () => {
    for (const bad of ['', 'plain', '@example.com', 'a@', 'a@b', 'a b@example.com', 'a@exa mple.com', 'a..b@example.com', '.a@example.com',
      'a@-example.com', 'a@example.c', 'a@example.123', '"quoted"@example.com', `${'x'.repeat(65)}@example.com`, `a@${'x'.repeat(250)}.com`]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
});

describe('emailError', () => {
  it('calls an empty address missing, and a malformed one invalid', () => {
    expect(emailError('')).toBe('email_required');
    expect(emailError('   ')).toBe('email_required');
    expect(emailError('anna')).toBe('invalid_email');
    expect(emailError('anna@example')).toBe('invalid_email');
    expect(emailError(' anna@example.com ')).toBeNull();
  });
});

describe('suggestEmail', () => {
  it.each([
    ['anna@gmial.com', 'anna@gmail.com'],
    ['anna@gmail.con', 'anna@gmail.com'],
    ['anna@gmal.com', 'anna@gmail.com'],
    ['anna@hotmial.com', 'anna@hotmail.com'],
    ['anna@yaho.com', 'anna@yahoo.com'],
    ['anna@outlok.com', 'anna@outlook.com'],
    ['anna@gmx.dee', 'anna@gmx.de'],
    ['anna@icloud.cmo', 'anna@icloud.com'],
    ['jan@zigo.nl', 'jan@ziggo.nl'],
    ['jan@kpnmail.nll', 'jan@kpnmail.nl'],
    ['marie@ornage.fr', 'marie@orange.fr'],
    ['piotr@intreia.pl', 'piotr@interia.pl'],
    ['luca@libro.it', 'luca@libero.it'],
    ['Anna.B@GMIAL.COM', 'Anna.B@gmail.com'],
    ['boss@mycompany.con', 'boss@mycompany.com'],
  ])('suggests %s -> %s', (typed, expected) => {
    expect(suggestEmail(typed)).toBe(expected);
  });

  it('leaves correct and unrelated domains alone', () => {
    for (const fine of ['anna@gmail.com', 'anna@live.be', 'anna@gmx.at', 'anna@onet.eu', 'boss@mycompany.com', 'jan@home.nl', 'a@wp.pl', 'a@o2.pl', 'x@university.edu']) {
      expect(suggestEmail(fine), fine).toBeNull();
    }
  });

  it('has nothing to suggest for text that is not an address', () => {
    expect(suggestEmail('gmail.com')).toBeNull();
    expect(suggestEmail('anna@localhost')).toBeNull();
  });
});

describe('editDistance', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(editDistance('gmial', 'gmail')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});
