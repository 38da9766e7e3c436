/**
 * The gift catalogue of the chat. Every gift costs the site's gift_credits (a site-wide setting),
 * so only ids and emoji live here; the client translates `gift.<id>` for the label.
 */
export const GIFTS = [
  { id: 'rose', emoji: '🌹' },
  { id: 'heart', emoji: '❤️' },
  { id: 'champagne', emoji: '🍾' },
  { id: 'teddy', emoji: '🧸' },
  { id: 'ring', emoji: '💍' },
  { id: 'kiss', emoji: '💋' },
] as const;

export type GiftId = (typeof GIFTS)[number]['id'];

export function isGiftId(id: string | undefined): id is GiftId {
  return GIFTS.some((g) => g.id === id);
}
