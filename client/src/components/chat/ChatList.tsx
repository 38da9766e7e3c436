import { memo, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ChatEntryDto } from '@shared/api/chats.js';
import { pathFor } from '@shared/routes.js';
import { badgeText } from '@shared/rules/badges.js';
import { Avatar } from '../Avatar.js';
import { Spinner } from '../Spinner.js';
import { useAtomValue } from '../../state/jotai.js';
import { draftAtomOf } from '../../state/chat-drafts.js';
import { chatListAtom, chatsLoadedAtom, typingAtom } from '../../state/chats.js';
import { useShownPresence } from '../../state/shown-presence.js';
import { userAtom } from '../../state/user.js';
import { removeChat } from '../../state/chat-actions.js';
import { ChatIcon } from './ChatIcons.js';
import { focusChatListAfterDelete, useFocusAfterDelete } from './chat-list-focus.js';
import { listLinkState } from './chat-opened-from-list.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { messageText } from './message-text.js';
import { OfflineBar } from './OfflineBar.js';
import { toServerTime } from '../../state/server-clock.js';
import { useNow } from './use-now.js';
import { listTime } from './chat-list-time.js';
import { useChatListWindow } from './use-chat-list-window.js';

const CHAT_LIST_TITLE_ID = 'chat-list-title';

/** The conversation list: avatar, name, last message, time, unread badge, online dot, delete. */
export function ChatList({ activeProfile }: { activeProfile: number | null }) {
  const intl = useIntl();
  const chats = useAtomValue(chatListAtom);
  const loaded = useAtomValue(chatsLoadedAtom);
  const [deleting, setDeleting] = useState<ChatEntryDto | null>(null);
  const section = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const linkState = listLinkState(useLocation().pathname);
  const keys = useMemo(() => chats.map((c) => String(c.profile.id)), [chats]);
  const stamps = useMemo(() => chats.map((c) => c.last_message?.id ?? -1), [chats]);
  const view = useChatListWindow(keys, stamps, activeProfile === null ? null : String(activeProfile));

  // After a delete (here or from the open chat's menu): the named entry's link, else the title.
  useFocusAfterDelete(({ profile }) => {
    const link = profile === null ? null : section.current?.querySelector<HTMLElement>(`[data-profile="${profile}"] .chat-list-link`);
    return link ?? document.getElementById(CHAT_LIST_TITLE_ID);
  });

  const confirmDelete = async () => {
    const entry = deleting;
    setDeleting(null);
    if (!entry) return;
    const at = chats.findIndex((c) => c.profile.id === entry.profile.id);
    // The keyboard goes on to the entry that takes its place, else to the title.
    focusChatListAfterDelete({ profile: (chats[at + 1] ?? chats[at - 1])?.profile.id ?? null });
    const removed = removeChat(entry.profile.id);
    if (entry.profile.id === activeProfile) void navigate(pathFor('chats'), { replace: true });
    const ok = await removed;
    if (!ok) window.alert(intl.formatMessage({ id: 'chat.deleteFailed' }));
  };

  // Delete (or Backspace, a Mac's delete key) on an entry asks to delete its chat, as its button does.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    view.onKeyDown(event);
    if (event.defaultPrevented || (event.key !== 'Delete' && event.key !== 'Backspace') || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const key = (event.target as HTMLElement).closest<HTMLElement>('[data-row-key]')?.dataset.rowKey;
    const entry = key === undefined ? undefined : chats.find((c) => String(c.profile.id) === key);
    if (!entry) return;
    event.preventDefault();
    setDeleting(entry);
  };

  return (
    <section className="chat-list" aria-labelledby={CHAT_LIST_TITLE_ID} ref={section}>
      <header className="chat-list-header">
        <h1 id={CHAT_LIST_TITLE_ID} tabIndex={-1}>
          {intl.formatMessage({ id: 'chat.title' })}
        </h1>
        <Link to={pathFor('members')} className="chat-list-find">
          {intl.formatMessage({ id: 'chat.findMembers' })}
        </Link>
      </header>
      <OfflineBar testId="chat-offline" />
      {!loaded && <Spinner block />}
      {loaded && chats.length === 0 && (
        <div className="chat-list-empty">
          <span className="chat-list-empty-icon" aria-hidden="true">
            <ChatIcon name="chat" size={32} />
          </span>
          <p className="chat-list-empty-title">{intl.formatMessage({ id: 'chat.emptyListTitle' })}</p>
          <p>{intl.formatMessage({ id: 'chat.emptyListText' })}</p>
          <Link className="btn btn-primary btn-md" to={pathFor('members')}>
            {intl.formatMessage({ id: 'chat.findMembers' })}
          </Link>
        </div>
      )}
      {/* Only the entries near the viewport are rendered: a member with hundreds of chats got them all at once. */}
      <div className="chat-list-scroll" ref={view.scrollerRef} onScroll={view.onScroll}>
        <ul className="chat-list-items" ref={view.listRef} style={{ height: view.total }} onFocus={view.onFocus} onBlur={view.onBlur} onClickCapture={view.onClick} onKeyDown={onKeyDown}>
          {view.rows.map((index) => {
            const entry = chats[index]!;
            return (
              <ChatListItem
                key={entry.profile.id}
                entry={entry}
                active={entry.profile.id === activeProfile}
                tabStop={view.tabStop === String(entry.profile.id)}
                onDelete={setDeleting}
                top={view.offsets[index]!}
                position={index + 1}
                count={chats.length}
                measure={view.measure}
                linkState={linkState}
              />
            );
          })}
        </ul>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        title={intl.formatMessage({ id: 'chat.deleteTitle' })}
        text={intl.formatMessage({ id: 'chat.deleteConfirm' }, { name: deleting?.profile.name ?? '' })}
        confirmLabel={intl.formatMessage({ id: 'chat.delete' })}
        cancelLabel={intl.formatMessage({ id: 'chat.cancel' })}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

interface ChatListItemProps {
  entry: ChatEntryDto;
  active: boolean;
  /** its link and delete button are in the Tab order: the list is one stop, its entries reached with the arrow keys */
  tabStop: boolean;
  onDelete: (entry: ChatEntryDto) => void;
  /** where the entry sits in the windowed list */
  top: number;
  /** 1-based place in the list and the list's length: screen readers announce them, as most entries are not in the DOM */
  position: number;
  count: number;
  measure: (element: HTMLElement | null) => (() => void) | undefined;
  /** the route state its link opens the chat with (chat-opened-from-list.ts) */
  linkState: ReturnType<typeof listLinkState>;
}

// memo: a scroll re-renders the list, and entries that did not change or move need not render again.
const ChatListItem = memo(function ChatListItem({ entry, active, tabStop, onDelete, top, position, count, measure, linkState }: ChatListItemProps) {
  const intl = useIntl();
  const now = useNow(60_000);
  const me = useAtomValue(userAtom)?.id;
  const online = useShownPresence(entry.profile.id, entry.profile).online;
  const typingUntil = useAtomValue(typingAtom).get(entry.profile.id) ?? 0;
  const draftShown = useAtomValue(useMemo(() => draftAtomOf(entry.profile.id), [entry.profile.id]));
  // The open chat shows its draft in its own box.
  const draft = active ? undefined : draftShown;
  const last = entry.last_message;
  const unread = entry.num_unread_messages;
  // A chat the member blocked says so in the list too: it looked like any other until opened.
  const preview: ReactNode = entry.blocked_by_me
    ? <span className="chat-list-notice">{intl.formatMessage({ id: 'chat.blockedByMe' }, { name: entry.profile.name })}</span>
    : typingUntil > now && !entry.blocked_me // a block hides typing (the blocker's own entry says so above)
    ? intl.formatMessage({ id: 'chat.typing' })
    : draft
      ? intl.formatMessage({ id: 'chat.draft' }, { text: draft, b: (label: ReactNode[]) => <span className="chat-list-draft">{label}</span> })
      : last
      ? last.sender === me
        ? intl.formatMessage({ id: 'chat.fromMe' }, { text: messageText(intl, last) })
        : messageText(intl, last)
      : // the server leaves the preview out only when the history cut hides it: a notice, not a message
        <span className="chat-list-notice">{intl.formatMessage({ id: 'chat.historyCut' })}</span>;
  const when = last ? listTime(intl, last.created_at, toServerTime(now)) : '';

  return (
    <li
      className={`chat-list-item${active ? ' is-active' : ''}${unread > 0 ? ' is-unread' : ''}`}
      data-testid="chat-list-item"
      data-profile={entry.profile.id}
      data-row-key={entry.profile.id}
      ref={measure}
      style={{ transform: `translateY(${top}px)` }}
      aria-posinset={position}
      aria-setsize={count}
    >
      <Link to={pathFor('chats-id', { id: entry.conversation })} state={linkState} className="chat-list-link" aria-current={active ? 'page' : undefined} tabIndex={tabStop ? 0 : -1}>
        <span className="chat-avatar-wrap">
          <Avatar src={entry.profile.main_image?.thumb} name={entry.profile.name} size={48} />
          {online && <span className="chat-online-dot" aria-label={intl.formatMessage({ id: 'chat.online' })} />}
        </span>
        <span className="chat-list-text">
          <span className="chat-list-line">
            <span className="chat-list-name">{entry.profile.name}</span>
            <span className="chat-list-time">{when}</span>
          </span>
          <span className="chat-list-line">
            <span className="chat-list-preview" dir="auto">{preview}</span>
            {unread > 0 && (
              <span className="chat-unread-badge" aria-label={intl.formatMessage({ id: 'chat.unreadCount' }, { count: unread })}>
                {badgeText(unread)}
              </span>
            )}
          </span>
        </span>
      </Link>
      <button type="button" className="chat-list-delete" tabIndex={tabStop ? 0 : -1} onClick={() => onDelete(entry)} aria-label={intl.formatMessage({ id: 'chat.deleteWith' }, { name: entry.profile.name })}>
        <ChatIcon name="trash" size={18} />
      </button>
    </li>
  );
});
