import { Outlet } from 'react-router';
import { SignupModal } from '../../components/signup/SignupModal.js';

/** empty: the page itself plus the signup modal only. */
export function EmptyLayout() {
  return (
    <div className="layout layout-empty">
      <main id="main" className="layout-main">
        <Outlet />
      </main>
      <SignupModal />
    </div>
  );
}
