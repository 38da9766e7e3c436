import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { pathFor } from '@shared/routes.js';
import type { ProfileResponse } from '@shared/api/profiles.js';
import { fetchProfile } from '../../api/profiles.js';
import { ApiError } from '../../api/http.js';
import { usePageTitle } from '../../app/page-title.js';
import { Avatar } from '../../components/Avatar.js';
import { Button, ButtonLink } from '../../components/Button.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { Spinner } from '../../components/Spinner.js';
import { ConfirmDialog } from '../../components/chat/ConfirmDialog.js';
import { PresenceText } from '../../components/chat/PresenceText.js';
import { useAtomValue } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';
import { chatListLoadsAtom } from '../../state/chats.js';
import { useShownPresence } from '../../state/shown-presence.js';
import { setChatBlocked } from '../../state/chat-actions.js';
import { watchPresence } from '../../state/realtime.js';
import { takeProfilePresence } from '../../state/chat-store.js';
import '../../components/chat/chat.css';

type Load = { state: 'loading' } | { state: 'shown'; answer: ProfileResponse } | { state: 'refused'; code: 'blocked' | 'not_found' | 'failed' };

/**
 * /members/:id: a member's profile with Send a message and Block / Unblock. A member who blocked
 * the viewer is not shown: the page says so (the server answers 403 `blocked`). Photos, details
 * and interests join it with the profiles release.
 */
export function ProfileViewPage() {
  const intl = useIntl();
  const { id } = useParams();
  const profileId = id && /^\d+$/.test(id) ? Number(id) : null;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  /** the member's Try again after a load that got no answer: asks once more */
  const [attempt, setAttempt] = useState(0);

  // A block by either member reaches this tab as a reloaded list (the block's `invalidate`), which
  // says nothing of a profile: it is read again with each. A member blocked while looking at the
  // blocker's profile kept it on screen, with Send a message, until a reload.
  const listLoads = useAtomValue(chatListLoadsAtom);
  /** The profile whose read was answered: a read of it again keeps what is shown until it has news. */
  const answeredFor = useRef<number | null>(null);
  useEffect(() => {
    if (profileId === null) {
      setLoad({ state: 'refused', code: 'not_found' });
      return;
    }
    const reread = answeredFor.current === profileId;
    let cancelled = false;
    if (!reread) setLoad({ state: 'loading' });
    fetchProfile(profileId).then(
      (answer) => {
        if (cancelled) return;
        answeredFor.current = profileId;
        if (!answer.blocked_by_me) takeProfilePresence(answer.profile);
        setLoad({ state: 'shown', answer });
        if (!answer.blocked_by_me) watchPresence([profileId]);
      },
      (error: unknown) => {
        const code = refusalOf(error);
        // A read again that got no answer (offline) is no news: what is shown stays.
        if (cancelled || (reread && code === 'failed')) return;
        answeredFor.current = profileId;
        setLoad({ state: 'refused', code });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [listLoads, profileId, attempt]);

  if (load.state === 'loading') {
    return (
      <ScreenFrame title={intl.formatMessage({ id: 'profileView.title' })} narrow>
        <Spinner block />
      </ScreenFrame>
    );
  }
  if (load.state === 'refused') {
    const text = { blocked: 'profileView.blockedMe', not_found: 'profileView.notFound', failed: 'chat.loadFailed' }[load.code];
    return (
      <ScreenFrame title={intl.formatMessage({ id: 'profileView.title' })} narrow>
        <section className="card profile-refused" data-testid="profile-refused" data-reason={load.code}>
          <p>{intl.formatMessage({ id: text })}</p>
          {/* No answer (the network, or none within WAITED_WITHIN_MS): the member can ask again. */}
          {load.code === 'failed' && (
            <Button
              onClick={() => {
                answeredFor.current = null;
                setAttempt((n) => n + 1);
              }}
            >
              {intl.formatMessage({ id: 'chat.tryAgain' })}
            </Button>
          )}
          <ButtonLink to={pathFor('members')} variant="secondary">
            {intl.formatMessage({ id: 'chat.findMembers' })}
          </ButtonLink>
        </section>
      </ScreenFrame>
    );
  }
  return <ProfileCard answer={load.answer} onChange={(answer) => setLoad({ state: 'shown', answer })} />;
}

/** Why the profile is not shown: the member blocked the viewer, there is no such member, or the load failed. */
function refusalOf(error: unknown): 'blocked' | 'not_found' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'blocked') return 'blocked';
  return error.status === 404 ? 'not_found' : 'failed';
}

function ProfileCard({ answer, onChange }: { answer: ProfileResponse; onChange: (answer: ProfileResponse) => void }) {
  const intl = useIntl();
  const me = useAtomValue(userAtom)?.id;
  // As the chat shows it: nobody "Online" while this tab reaches the server by no road.
  const shown = useShownPresence(answer.profile.id, { online: answer.profile.online, last_seen: answer.profile.last_seen });
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [busy, setBusy] = useState(false);
  const { profile, blocked_by_me: blockedByMe } = answer;
  const own = profile.id === me;
  const presence = blockedByMe ? undefined : shown;
  const place = [profile.city, new Intl.DisplayNames([intl.locale], { type: 'region' }).of(profile.country)].filter(Boolean).join(', ');

  const toggleBlock = async (blocked: boolean) => {
    setConfirmBlock(false);
    setBusy(true);
    try {
      await setChatBlocked(profile.id, blocked);
      onChange({ ...answer, blocked_by_me: blocked });
    } catch {
      window.alert(intl.formatMessage({ id: 'chat.loadFailed' }));
    } finally {
      setBusy(false);
    }
  };

  usePageTitle(profile.name);
  return (
    <div className="screen container profile-screen">
      <article className="card profile-card" data-testid="profile-card">
        <div className="profile-card-photo">
          {profile.main_image ? (
            <img src={profile.main_image.match} alt={intl.formatMessage({ id: 'profileView.photoOf' }, { name: profile.name })} />
          ) : (
            <Avatar name={profile.name} size={120} />
          )}
        </div>
        <div className="profile-card-body">
          <h1 className="profile-card-name">
            {profile.name}
            {profile.age > 0 && <span className="profile-card-age">, {profile.age}</span>}
          </h1>
          {place && <p className="profile-card-place">{place}</p>}
          {!own && <PresenceText presence={presence} typing={false} />}
          {profile.about && <p className="profile-card-about">{profile.about}</p>}
          {blockedByMe && (
            <p className="chat-notice chat-notice-warning" data-testid="profile-blocked-by-me">
              {intl.formatMessage({ id: 'chat.blockedByMe' }, { name: profile.name })}
            </p>
          )}
          {!own && (
            <div className="profile-card-actions">
              {!blockedByMe && <ButtonLink to={pathFor('members-id-chat', { id: profile.id })}>{intl.formatMessage({ id: 'profileView.message' })}</ButtonLink>}
              <Button variant={blockedByMe ? 'primary' : 'ghost'} busy={busy} onClick={() => (blockedByMe ? void toggleBlock(false) : setConfirmBlock(true))}>
                {intl.formatMessage({ id: blockedByMe ? 'chat.unblock' : 'chat.block' })}
              </Button>
            </div>
          )}
          <p className="profile-card-more">{intl.formatMessage({ id: 'profileView.coming' })}</p>
        </div>
      </article>
      <ConfirmDialog
        open={confirmBlock}
        title={intl.formatMessage({ id: 'chat.blockTitle' })}
        text={intl.formatMessage({ id: 'chat.blockConfirm' }, { name: profile.name })}
        confirmLabel={intl.formatMessage({ id: 'chat.block' })}
        cancelLabel={intl.formatMessage({ id: 'chat.cancel' })}
        onConfirm={() => void toggleBlock(true)}
        onCancel={() => setConfirmBlock(false)}
      />
    </div>
  );
}
