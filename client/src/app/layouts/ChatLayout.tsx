import { Outlet } from 'react-router';
import { CHAT_ENTRY_WARNING_COUNTRIES } from '@shared/rules/site-entry.js';
import { SiteEntryWarning } from '../../components/SiteEntryWarning.js';
import { NavigationProgress } from './NavigationProgress.js';

/** chat: bare, full height; the entry warning only for visitors from NL and DE. */
export function ChatLayout() {
  return (
    <div className="layout layout-chat">
      <NavigationProgress />
      <main id="main" className="layout-main">
        <Outlet />
      </main>
      <SiteEntryWarning countries={CHAT_ENTRY_WARNING_COUNTRIES} />
    </div>
  );
}
