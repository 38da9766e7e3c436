/**
 * Conversation openers. A message of kind 'icebreaker' stores the i18n key as its body, so each
 * side reads the opener in its own language.
 */
export const ICEBREAKERS = [
  { id: 'coffee', key: 'icebreaker.coffee' },
  { id: 'travel', key: 'icebreaker.travel' },
  { id: 'music', key: 'icebreaker.music' },
  { id: 'weekend', key: 'icebreaker.weekend' },
  { id: 'food', key: 'icebreaker.food' },
  { id: 'movie', key: 'icebreaker.movie' },
  { id: 'smile', key: 'icebreaker.smile' },
  { id: 'adventure', key: 'icebreaker.adventure' },
] as const;

export type Icebreaker = (typeof ICEBREAKERS)[number];

export function findIcebreaker(id: string | undefined): Icebreaker | undefined {
  return ICEBREAKERS.find((i) => i.id === id);
}
