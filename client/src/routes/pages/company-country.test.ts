import { describe, expect, it } from 'vitest';
import { companyCountryName } from './company-country.js';

describe('companyCountryName', () => {
  it('names a stored ISO code in the reader\'s language', () => {
    expect(companyCountryName('NL', 'de')).toBe('Niederlande');
    expect(companyCountryName('NL', 'fr')).toBe('Pays-Bas');
    expect(companyCountryName('NL', 'en')).toBe('Netherlands');
    expect(companyCountryName('be', 'nl')).toBe('België');
  });

  it('translates the English name an older site stored, with or without "the"', () => {
    expect(companyCountryName('Netherlands', 'es')).toBe('Países Bajos');
    expect(companyCountryName('The Netherlands', 'it')).toBe('Paesi Bassi');
    expect(companyCountryName('united kingdom', 'de')).toBe('Vereinigtes Königreich');
  });

  it('shows any other text as stored', () => {
    expect(companyCountryName('Nederland', 'de')).toBe('Nederland');
    expect(companyCountryName('', 'de')).toBe('');
  });
});
