import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathFor } from '@shared/routes.js';
import { SCREENS } from '../../app/route-table.js';
import { useRouteName } from '../../app/use-route-name.js';
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
 * A banner for a message that came live while the member is on a page of the default layout
 * (search, a profile, likes, settings): who wrote and the start of it, a tap opens the chat. The
 * chat screens show it themselves (the list, the back button's badge), and landers and sign-up are
 * not the member's app.
 */
export function MessageNotice() {
  const intl = useIntl();
  const notice = useAtomValue(messageNoticeAtom);
  const entries = useAtomValue(chatEntriesAtom);
  const route = useRouteName();
  const host = useRef<HTMLDivElement>(null);
  const shownHere = route !== null && SCREENS[route].layout === 'default';
  // A message of a chat the list does not hold yet waits for the list, which it reloads.
  const entry = notice ? entries.get(notice.sender) : undefined;
  const blocked = entry !== undefined && (entry.blocked_by_me || entry.blocked_me);

  useEffect(() => {
    if (!notice) return;
    // A message the chat screens already show is not announced later, on leaving them.
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

  const shown = notice !== null && shownHere && entry !== undefined && !blocked;
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
