import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../api/http.js';
import { ToastHost } from '../components/Toast.js';
import { MessageNotice } from '../components/chat/MessageNotice.js';
import { useAtomValue } from '../state/jotai.js';
import { userAtom, userUnreachableAtom } from '../state/user.js';
import { AppBadgeSync } from './AppBadgeSync.js';
import { CantConnectPage } from './CantConnectPage.js';
import { RealtimeBridge } from './RealtimeBridge.js';
import { sessionEnded } from './session-ended.js';
import { SCREENS, waitsForUser } from './route-table.js';
import { TitleSync } from './TitleSync.js';
import { useRouteName } from './use-route-name.js';

/**
 * Above every layout: title, toasts, the new-message banner, the realtime mount and the "session is gone" handler. While
 * the member cannot be loaded, a screen that must know member or visitor gives way to the whole-page
 * can't-connect state (not inside a layout whose top bar would offer "Log in" to a member).
 */
export function Root() {
  const navigate = useNavigate();
  const user = useAtomValue(userAtom);
  const unreachable = useAtomValue(userUnreachableAtom);
  const route = useRouteName();
  const cantConnect = unreachable !== null && route !== null && waitsForUser(SCREENS[route]);
  useEffect(() => {
    setUnauthenticatedHandler(() => sessionEnded((path) => void navigate(path)));
  }, [navigate]);
  return (
    <>
      <TitleSync />
      {user && <RealtimeBridge />}
      <AppBadgeSync />
      {cantConnect ? <CantConnectPage /> : <Outlet />}
      <ToastHost />
      {user && <MessageNotice />}
      <ScrollRestoration />
    </>
  );
}
