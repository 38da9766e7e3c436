import { ComingSoon, ScreenFrame } from '../../components/ScreenFrame.js';
import { Avatar } from '../../components/Avatar.js';
import { useT } from '../../i18n/use-t.js';
import { useAtomValue } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';

/** /profile: the member's own profile editor frame. */
export function ProfileEditPage() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const name = user?.profile.name ?? '';
  return (
    <ScreenFrame title={t('profileEdit.title')}>
      <div className="profile-head card">
        <Avatar src={user?.profile.main_image?.match} name={name} size={72} />
        <div>
          <h2>{name}</h2>
          <p className="muted">{user?.email}</p>
        </div>
      </div>
      <ComingSoon icon="user" text={t('profileEdit.coming')} />
    </ScreenFrame>
  );
}
