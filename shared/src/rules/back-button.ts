import type { RouteName } from '../routes.js';

/** Routes that show a back button in the installed app (spec section 2, top navigation). */
export const BACK_BUTTON_ROUTES: readonly RouteName[] = ['members-id', 'likes-type', 'likes-m-id', 'credits', 'credits-id-paymentmethod'];

export interface BackButtonInput {
  standalone: boolean;
  historyLength: number;
  route: RouteName | null;
}

/** A back button only makes sense where the browser gives none: installed app, history to go back to, listed route. */
export function showBackButton({ standalone, historyLength, route }: BackButtonInput): boolean {
  return standalone && historyLength > 1 && route !== null && BACK_BUTTON_ROUTES.includes(route);
}
