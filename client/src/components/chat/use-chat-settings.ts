import { useAtomValue } from '../../state/jotai.js';
import { settingsAtom } from '../../state/settings.js';
import { userAtom } from '../../state/user.js';

export interface MinimumMessageCost {
  costs: number;
  currency: string;
}

export interface ChatSettings {
  messageLength: number;
  messageCredits: number;
  giftCredits: number;
  /** the member's country's minimum message cost, if the site lists one */
  minimumCost: (MinimumMessageCost & { country: string }) | null;
}

function isCost(value: unknown): value is MinimumMessageCost {
  return typeof value === 'object' && value !== null && typeof (value as MinimumMessageCost).costs === 'number' && typeof (value as MinimumMessageCost).currency === 'string';
}

/** The site settings the chat needs, narrowed from the loosely typed settings object. */
export function useChatSettings(): ChatSettings {
  const settings = useAtomValue(settingsAtom);
  const user = useAtomValue(userAtom);
  const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  const country = user?.profile.country || settings?.geoip_selected_country || '';
  const costs = settings?.minimum_message_costs as Record<string, unknown> | undefined;
  const cost = costs?.[country];
  return {
    messageLength: num(settings?.message_length, 1000),
    messageCredits: num(settings?.message_credits, 1),
    giftCredits: num(settings?.gift_credits, 5),
    minimumCost: isCost(cost) ? { ...cost, country } : null,
  };
}
