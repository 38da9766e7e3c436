import { useLocation } from 'react-router';
import { matchRoute, type RouteName } from '@shared/routes.js';

/** Name of the current route (as in shared/src/routes.ts), or null for unknown paths. */
export function useRouteName(): RouteName | null {
  return matchRoute(useLocation().pathname)?.name ?? null;
}
