import { useNavigate } from 'react-router';
import { logout } from '../api/user.js';
import { countsAtom } from '../state/counts.js';
import { useSetAtom } from '../state/jotai.js';
import { userAtom } from '../state/user.js';

/** Log-out ends the server session, forgets the member locally and goes to the root path (spec section 4). */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const setUser = useSetAtom(userAtom);
  const setCounts = useSetAtom(countsAtom);
  return async () => {
    await logout().catch(() => undefined);
    setUser(null);
    setCounts({ total_unread: 0, total_new_likes: 0, badge: 0 });
    await navigate('/');
  };
}
