import type { MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { pathFor } from '@shared/routes.js';
import { badgeText } from '@shared/rules/badges.js';
import type { ChatProfileDto } from '@shared/api/chats.js';
import { Avatar } from '../Avatar.js';
import { Dropdown } from '../Dropdown.js';
import { unreadElsewhereAtom, type Presence } from '../../state/chats.js';
import { useAtomValue } from '../../state/jotai.js';
import { ChatIcon } from './ChatIcons.js';
import { openedFromList } from './chat-opened-from-list.js';
import { isPlainClick } from './plain-click.js';
import { PresenceText } from './PresenceText.js';

interface ChatHeaderProps {
  profile: ChatProfileDto;
  presence: Presence | undefined;
  typing: boolean;
  blockedByMe: boolean;
  onToggleBlock: () => void;
  onDelete: (() => void) | null;
}

/** Back (phone), avatar, name, online / last seen, and the menu: profile, block/unblock, delete. */
export function ChatHeader({ profile, presence, typing, blockedByMe, onToggleBlock, onDelete }: ChatHeaderProps) {
  const intl = useIntl();
  const online = presence?.online ?? false;
  return (
    <header className="chat-header">
      <ChatBackLink />
      <Link to={pathFor('members-id', { id: profile.id })} className="chat-header-profile">
        <span className="chat-avatar-wrap">
          <Avatar src={profile.main_image?.thumb} name={profile.name} size={42} />
          {online && <span className="chat-online-dot" aria-hidden="true" />}
        </span>
        <span className="chat-header-text">
          {/* The chat's heading: on a phone the list's "Messages" is hidden, and the page had none. */}
          <h2 className="chat-header-name" data-testid="chat-peer-name">
            {profile.name}
            {profile.age > 0 && <span className="chat-header-age">, {profile.age}</span>}
          </h2>
          <PresenceText presence={presence} typing={typing} />
        </span>
      </Link>
      <Dropdown className="chat-menu" toggleLabel={intl.formatMessage({ id: 'chat.menu' })} toggle={<ChatIcon name="more" />}>
        {(close) => (
          <>
            <Link role="menuitem" className="dropdown-item" to={pathFor('members-id', { id: profile.id })} onClick={close}>
              {intl.formatMessage({ id: 'chat.viewProfile' })}
            </Link>
            <button role="menuitem" type="button" className="dropdown-item" onClick={() => { close(); onToggleBlock(); }}>
              {intl.formatMessage({ id: blockedByMe ? 'chat.unblock' : 'chat.block' })}
            </button>
            {onDelete && (
              <button role="menuitem" type="button" className="dropdown-item dropdown-item-danger" onClick={() => { close(); onDelete(); }}>
                {intl.formatMessage({ id: 'chat.deleteChat' })}
              </button>
            )}
          </>
        )}
      </Dropdown>
    </header>
  );
}

/**
 * Back to the list: on a phone the chat layout has no other way out, and the list is not on
 * screen, so the back arrow carries the unread count of the other chats. A chat opened from the
 * list goes back to it in the history, as the phone's own back does; one opened otherwise (a link,
 * a banner, a profile) gets the list pushed.
 */
export function ChatBackLink() {
  const intl = useIntl();
  const navigate = useNavigate();
  const fromList = openedFromList(useLocation().state);
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!fromList || !isPlainClick(event)) return;
    event.preventDefault();
    void navigate(-1);
  };
  const unread = useAtomValue(unreadElsewhereAtom);
  const back = intl.formatMessage({ id: 'chat.back' });
  const text = badgeText(unread);
  return (
    <Link to={pathFor('chats')} onClick={goBack} className="chat-back" aria-label={text ? `${back}, ${intl.formatMessage({ id: 'chat.unreadCount' }, { count: unread })}` : back}>
      <ChatIcon name="back" size={24} />
      {text && (
        <span className="chat-unread-badge chat-back-unread" data-testid="chat-back-unread" aria-hidden="true">
          {text}
        </span>
      )}
    </Link>
  );
}
