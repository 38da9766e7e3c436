import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { MessageDto } from '@shared/api/chats.js';
import { matchRoute, pathFor } from '@shared/routes.js';
import { SCREENS } from '../../app/route-table.js';
import { useIsDesktop } from '../../app/use-is-desktop.js';
import { useAtomValue } from '../../state/jotai.js';
import { chatEntriesAtom } from '../../state/chats.js';
import { dismissNotice, messageNoticeAtom } from '../../state/message-notice.js';
import { Avatar } from '../Avatar.js';
import { Icon } from '../Icon.js';
import { messageText } from './message-text.js';

/** Long enough to read a name and a line; a newer message replaces it and starts again. */
export const MESSAGE_NOTICE_MS = 6_000;
/** How soon it goes once the member's focus or pointer has left it, after its time ran out. */
export const MESSAGE_NOTICE_HELD_CHECK_MS = 1_000;

/**
 * Whether the banner announces `notice` on this screen: on the pages of the default layout
 * (search, a profile, likes, settings), and in another member's chat on a phone, where the list is
 * not on screen and the back button's badge alone said only that something came. Not on the list,
 * nor in a desktop's chats, where the list beside shows it; nor in the sender's own chat; landers
 * and sign-up are not the member's app.
 */
function announcedOn(location: ReturnType<typeof matchRoute>, desktop: boolean, notice: MessageDto): boolean {
  if (location === null) return false;
  const { name, params } = location;
  if (SCREENS[name].layout === 'default') return true;
  if (desktop) return false;
  if (name === 'chats-id') return Number(params.id) !== notice.conversation;
  if (name === 'members-id-chat') return Number(params.id) !== notice.sender;
  return false;
}

/**
 * A banner for a message that came live while the member is away from its chat (announcedOn): who
 * wrote and the start of it, a tap opens the chat.
 */
export function MessageNotice() {
  const intl = useIntl();
  const notice = useAtomValue(messageNoticeAtom);
  const entries = useAtomValue(chatEntriesAtom);
  const { pathname } = useLocation();
  const desktop = useIsDesktop();
  const host = useRef<HTMLDivElement>(null);
  const shownHere = notice !== null && announcedOn(matchRoute(pathname), desktop, notice);
  // A message of a chat the list does not hold yet waits for the list, which it reloads.
  const entry = notice ? entries.get(notice.sender) : undefined;
  const blocked = entry !== undefined && (entry.blocked_by_me || entry.blocked_me);

  useEffect(() => {
    if (!notice) return;
    // A message the screen already shows is not announced later, on leaving it.
    if (!shownHere) {
      dismissNotice(notice.id);
      return;
    }
    // Not from under the member's focus or pointer: a keyboard's focus on the link or × fell to
    // the page's top as the banner went, and a click meant for it landed on the page beneath.
    const expire = () => {
      const held = host.current !== null && (host.current.contains(document.activeElement) || host.current.matches(':hover'));
      if (held) timer = window.setTimeout(expire, MESSAGE_NOTICE_HELD_CHECK_MS);
      else dismissNotice(notice.id);
    };
    let timer = window.setTimeout(expire, MESSAGE_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, shownHere]);

  const shown = shownHere && entry !== undefined && !blocked;
  return (
    // Always in the page, so a screen reader's live region exists before the text comes.
    <div className="message-notice-host" role="status" aria-live="polite" ref={host}>
      {shown && (
        <div className="message-notice" data-testid="message-notice">
          <Link className="message-notice-link" to={pathFor('chats-id', { id: notice.conversation })} onClick={() => dismissNotice(notice.id)}>
            <Avatar src={entry.profile.main_image?.thumb} name={entry.profile.name} size={44} />
            <span className="message-notice-text">
              <span className="visually-hidden">{intl.formatMessage({ id: 'chat.noticeFrom' }, { name: entry.profile.name })}</span>
              <span className="message-notice-name" aria-hidden="true">
                {entry.profile.name}
              </span>
              <span className="message-notice-body">{messageText(intl, notice)}</span>
            </span>
          </Link>
          <button type="button" className="icon-button message-notice-close" aria-label={intl.formatMessage({ id: 'common.close' })} onClick={() => dismissNotice(notice.id)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
    </div>
  );
}
