import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { pathFor } from '@shared/routes.js';
import { usePageTitle } from '../../app/page-title.js';
import { useIsDesktop } from '../../app/use-is-desktop.js';
import { ChatList } from '../../components/chat/ChatList.js';
import { ChatPaneArt } from '../../components/chat/ChatPaneArt.js';
import { ChatThreadView } from '../../components/chat/ChatThreadView.js';
import { useAtomValue } from '../../state/jotai.js';
import { followDrafts } from '../../state/chat-drafts.js';
import { userAtom } from '../../state/user.js';
import { chatEntriesAtom, chatsLoadedAtom, connectionAtom, conversationProfilesAtom, readLastOpenedChat, threadMetaAtom } from '../../state/chats.js';
import '../../components/chat/chat.css';

/**
 * The profile whose chat was open when the page last rendered: null for the list alone (on a
 * phone, a chat opened now was opened from it, and the focus the list took with it goes to the
 * chat's header), undefined before the page first rendered (a page loaded at the chat, from a
 * notification or a link, where a focused header drew a ring nobody asked for). Module state:
 * /chats and /chats/:id are routes of their own, and the page mounts anew between them.
 */
let chatOpenBefore: number | null | undefined;

/**
 * A chat that closed under the focus (deleted from its menu, removed in another tab, Back on a
 * phone) dropped the focus to the page's body: a screen reader said nothing, and the next Tab
 * began at the top of the page. It goes to that chat's entry in the list, else the list's title.
 */
function useFocusOnListWhenChatCloses(openProfile: number | null): void {
  useEffect(() => {
    const left = chatOpenBefore;
    chatOpenBefore = openProfile;
    if (left === null || left === undefined || openProfile !== null) return;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const entry = document.querySelector<HTMLElement>(`.chat-list [data-profile="${left}"] .chat-list-link`);
    (entry ?? document.getElementById('chat-list-title'))?.focus();
  });
}

/**
 * /chats, /chats/:id (conversation) and /members/:id/chat (profile): the list beside the open chat
 * on a desktop, one at a time on a phone (list first).
 */
export default function ChatsPage() {
  const intl = useIntl();
  const { id } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const desktop = useIsDesktop();
  const entries = useAtomValue(chatEntriesAtom);
  const loaded = useAtomValue(chatsLoadedAtom);
  const conversationProfiles = useAtomValue(conversationProfilesAtom);
  const connection = useAtomValue(connectionAtom);
  const metas = useAtomValue(threadMetaAtom);
  const me = useAtomValue(userAtom)?.id;
  useEffect(() => (me === undefined ? undefined : followDrafts(me)), [me]);

  const numericId = id && /^\d+$/.test(id) ? Number(id) : null;
  const byProfile = pathname.startsWith('/members/');
  const target: { profile: number } | { conversation: number } | null = numericId === null ? null : byProfile ? { profile: numericId } : { conversation: numericId };
  const activeProfile = target === null ? null : 'profile' in target ? target.profile : (conversationProfiles.get(target.conversation) ?? null);
  // "(2) James · Amora" in an open chat, as messengers name the tab after the person.
  const peerName = activeProfile === null ? undefined : metas.get(activeProfile)?.profile.name;
  useFocusOnListWhenChatCloses(target === null ? null : (activeProfile ?? -1));
  usePageTitle(peerName ?? intl.formatMessage({ id: 'chat.title' }));

  // On a desktop, /chats opens the chat opened last (if it is still in the list), once on arriving
  // there. Not again at every change of the list: another tab that opens a chat remembers it too,
  // and this tab jumped into that chat at the next message or read mark.
  const reopenDecided = useRef(false);
  useEffect(() => {
    if (target !== null) {
      reopenDecided.current = false;
      return;
    }
    if (!desktop || !loaded || reopenDecided.current) return;
    reopenDecided.current = true;
    const last = readLastOpenedChat();
    const entry = last ? entries.get(last.profile) : undefined;
    if (entry) void navigate(pathFor('chats-id', { id: entry.conversation }), { replace: true });
    // numericId stands for target (a new object each render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [numericId, desktop, loaded, entries, navigate]);

  return (
    // data-connection: whether live events reach this page (tests wait for it before acting elsewhere)
    <div className={`chat-page ${target ? 'has-thread' : 'has-list'}`} data-testid="chat-page" data-connection={connection}>
      <aside className="chat-page-list">
        <ChatList activeProfile={activeProfile} />
      </aside>
      <section className="chat-page-thread" aria-label={intl.formatMessage({ id: 'chat.conversation' })}>
        {target ? (
          // On a phone the focused box would raise the on-screen keyboard over the chat to be read.
          <ChatThreadView key={byProfile ? `p${numericId}` : `c${numericId}`} target={target} focusOnOpen={desktop ? 'composer' : chatOpenBefore === null ? 'header' : null} />
        ) : (
          <div className="chat-placeholder">
            <ChatPaneArt />
            <p className="chat-placeholder-title">{intl.formatMessage({ id: 'chat.pickTitle' })}</p>
            {/* With no chats there is none to choose: the list beside says how to get one, with its own button. */}
            {(!loaded || entries.size > 0) && (
              <>
                <p className="chat-placeholder-hint">{intl.formatMessage({ id: 'chat.pickText' })}</p>
                <Link className="btn btn-secondary btn-md chat-placeholder-action" to={pathFor('members')}>
                  {intl.formatMessage({ id: 'chat.findMembers' })}
                </Link>
              </>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
