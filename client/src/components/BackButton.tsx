import { useNavigate } from 'react-router';
import { showBackButton } from '@shared/rules/back-button.js';
import { isStandalone } from '../app/display-mode.js';
import { useRouteName } from '../app/use-route-name.js';
import { useT } from '../i18n/use-t.js';
import { Icon } from './Icon.js';

/** Installed apps have no browser back button: offer one on the drill-down screens. */
export function BackButton() {
  const t = useT();
  const navigate = useNavigate();
  const route = useRouteName();
  if (!showBackButton({ standalone: isStandalone(), historyLength: history.length, route })) return null;
  return (
    <button type="button" className="icon-button back-button" aria-label={t('common.back')} onClick={() => void navigate(-1)}>
      <Icon name="back" />
    </button>
  );
}
