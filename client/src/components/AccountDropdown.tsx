import { Link } from 'react-router';
import { useLogout } from '../app/use-logout.js';
import { useT } from '../i18n/use-t.js';
import { useAtomValue } from '../state/jotai.js';
import { userAtom } from '../state/user.js';
import { Avatar } from './Avatar.js';
import { Dropdown } from './Dropdown.js';
import { Icon } from './Icon.js';

/** Thumbnail + name; My profile, Settings, Logout (spec section 2). */
export function AccountDropdown() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const doLogout = useLogout();
  if (!user) return null;
  const name = user.profile.name;
  return (
    <Dropdown
      className="account-dropdown"
      toggleLabel={t('nav.account', { name })}
      toggle={
        <>
          <Avatar src={user.profile.main_image?.match} name={name} size={32} />
          <span className="account-name">{name}</span>
          <Icon name="chevronDown" size={16} />
        </>
      }
    >
      {(close) => (
        <>
          <Link to="/profile" role="menuitem" className="dropdown-item" onClick={close}>
            <Icon name="user" size={18} /> {t('nav.myProfile')}
          </Link>
          <Link to="/settings" role="menuitem" className="dropdown-item" onClick={close}>
            <Icon name="settings" size={18} /> {t('nav.settings')}
          </Link>
          <button
            type="button"
            role="menuitem"
            className="dropdown-item"
            onClick={() => {
              close();
              void doLogout();
            }}
          >
            <Icon name="logout" size={18} /> {t('nav.logout')}
          </button>
        </>
      )}
    </Dropdown>
  );
}
