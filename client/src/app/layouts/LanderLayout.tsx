import { Outlet } from 'react-router';
import { Footer } from '../../components/Footer.js';
import { Logo } from '../../components/Logo.js';
import { NavigationProgress } from './NavigationProgress.js';

/** lander: logo bar and footer around a campaign page. */
export function LanderLayout() {
  return (
    <div className="layout layout-lander">
      <NavigationProgress />
      <header className="logo-bar">
        <div className="container">
          <Logo />
        </div>
      </header>
      <main id="main" className="layout-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
