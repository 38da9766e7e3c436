/**
 * The company's country in the reader's language. A site stores it as an ISO 3166-1 alpha-2 code
 * ("NL", as the demo seed does since it showed "Netherlands" in every language); a site made
 * before that, or by an operator who typed the name, holds an English name ("Netherlands"), which
 * is looked up among the English names of every code. Anything else is shown as stored.
 */
const CODE = /^[A-Za-z]{2}$/;

let codesByEnglishName: Map<string, string> | null = null;

function codeOfEnglishName(name: string): string | undefined {
  if (!codesByEnglishName) {
    const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    codesByEnglishName = new Map();
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const englishName = english.of(code);
        // First code wins: GB keeps "United Kingdom" from its alias UK.
        if (englishName && !codesByEnglishName.has(englishName.toLowerCase())) codesByEnglishName.set(englishName.toLowerCase(), code);
      }
    }
  }
  return codesByEnglishName.get(name.toLowerCase().replace(/^the\s+/, ''));
}

export function companyCountryName(stored: string, locale: string): string {
  const trimmed = stored.trim();
  const code = CODE.test(trimmed) ? trimmed.toUpperCase() : codeOfEnglishName(trimmed);
  if (!code) return stored;
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code) ?? stored;
}
