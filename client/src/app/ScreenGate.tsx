import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { matchRoute } from '@shared/routes.js';
import { NotFoundPage } from '../components/ErrorPage.js';
import { Spinner } from '../components/Spinner.js';
import { useAtomValue } from '../state/jotai.js';
import { userAtom, userLoadedAtom } from '../state/user.js';
import { waitsForUser, type ScreenSpec } from './route-table.js';

/**
 * Applies a screen's rules before showing it: unknown parameter values (a non-numeric member id,
 * an unknown {token} page) are a 404 exactly as the server decides; members-only screens send
 * visitors to /login; login and landing send members to /members.
 */
export function ScreenGate({ spec, screen: Screen }: { spec: ScreenSpec; screen: ComponentType }) {
  const location = useLocation();
  const user = useAtomValue(userAtom);
  const loaded = useAtomValue(userLoadedAtom);
  if (!matchRoute(location.pathname)) return <NotFoundPage />;
  if (waitsForUser(spec) && !loaded) return <Spinner block />;
  if (spec.auth && !user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (spec.guestOnly && user) return <Navigate to="/members" replace />;
  return <Screen />;
}
