/**
 * Every date label of the chat (the list's times, the day separators) begins with a capital, as
 * messengers' do. The translations write "yesterday" as a word on its own ("Hier", "Ayer"), while
 * Intl writes most languages' weekdays and months in lower case ("jeu.", "jue", "czw."), so the
 * list mixed "Hier" and "jeu.", and the chat's separators "Hier" and "jeudi 8 janvier". Labels
 * that begin with a digit are left as they are. Locale-aware, as a language's own rules say.
 */
export function capitalizeFirst(text: string, locale: string): string {
  const [first] = text;
  return first === undefined ? text : first.toLocaleUpperCase(locale) + text.slice(first.length);
}
