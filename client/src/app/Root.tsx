import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../api/http.js';
import { ToastHost } from '../components/Toast.js';
import { useAtomValue, useSetAtom } from '../state/jotai.js';
import { userAtom } from '../state/user.js';
import { RealtimeBridge } from './RealtimeBridge.js';
import { TitleSync } from './TitleSync.js';

/** Above every layout: title, toasts, the realtime mount and the "session is gone" handler. */
export function Root() {
  const navigate = useNavigate();
  const setUser = useSetAtom(userAtom);
  const user = useAtomValue(userAtom);
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      setUser(null);
      void navigate('/login');
    });
  }, [navigate, setUser]);
  return (
    <>
      <TitleSync />
      {user && <RealtimeBridge />}
      <Outlet />
      <ToastHost />
      <ScrollRestoration />
    </>
  );
}
