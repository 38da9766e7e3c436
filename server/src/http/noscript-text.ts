/**
 * What the app shell says inside <noscript>, in the language the page starts in: a visitor whose
 * browser runs no script sees this line and nothing else, and it was English on every site.
 * The built index.html carries the English one; http/site-shells.ts puts the page's own in.
 */
import type { Locale } from '@shared/constants.js';

export const NOSCRIPT_TEXT: Record<Locale, string> = {
  en: 'Please enable JavaScript to use this website.',
  de: 'Bitte aktiviere JavaScript, um diese Website zu nutzen.',
  es: 'Activa JavaScript para usar este sitio web.',
  fr: 'Active JavaScript pour utiliser ce site.',
  it: 'Attiva JavaScript per usare questo sito.',
  nl: 'Schakel JavaScript in om deze website te gebruiken.',
  // A one-letter word keeps to the word after it (no-break space), as in the Polish catalogues.
  pl: 'Włącz JavaScript, aby korzystać z\u00a0tej strony.',
};
