import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { pathFor } from '@shared/routes.js';
import { ApiError } from '../../api/http.js';
import { ChatOpenFailed, noAnswer } from './ChatOpenFailed.js';
import { appStore, useAtomValue, useSetAtom } from '../../state/jotai.js';
import { userAtom } from '../../state/user.js';
import { chatEntriesAtom, chatListLoadsAtom, connectionAtom, conversationProfilesAtom, openChatAtom, threadMetaAtom, threadsAtom, typingAtom, type ConnectionState } from '../../state/chats.js';
import { useShownPresence } from '../../state/shown-presence.js';
import { firstUnreadAtOpen, firstUnreadIn, newestStoredId, peerMessagesAfter, visibleMessages } from '../../state/chat-thread.js';
import { viewThread } from '../../state/chat-store.js';
import { useReadOnScreen } from './use-read-on-screen.js';
import {
  type ChatTarget, discardChatMessage, loadOlderMessages, openChat, removeChat, retryChatMessage, sendChatMessage, setChatBlocked, setTyping,
} from '../../state/chat-actions.js';
import { ChatHeader } from './ChatHeader.js';
import { ChatNotices } from './ChatNotices.js';
import { Composer } from './Composer.js';
import { draftOf, saveDraft } from '../../state/chat-drafts.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { GiftPicker } from './GiftPicker.js';
import { IcebreakerModal } from './IcebreakerModal.js';
import { MessageList } from './MessageList.js';
import { OfflineBar } from './OfflineBar.js';
import { ChatThreadLoading } from './ChatThreadLoading.js';
import { useNow } from './use-now.js';
import { useChatSettings } from './use-chat-settings.js';
import { messageText } from './message-text.js';
import { touchScreen } from './touch-screen.js';

/** Pause before an older page that failed is asked again. */
const OLDER_PAGE_RETRY_MS = 2_000;
/** Said at most at once: a catch-up after a long time offline reads the newest few, not dozens. */
const ANNOUNCED_AT_MOST = 5;

/**
 * One open conversation: header, notices, the windowed message list and the composer.
 * `focusOnOpen`: what takes a focus that is nowhere once the chat has loaded: the message box, or
 * on a phone (where the box's focus would raise the on-screen keyboard over the chat to be read)
 * the chat's header, which names the peer.
 */
export function ChatThreadView({ target, focusOnOpen = null }: { target: ChatTarget; focusOnOpen?: FocusOnOpen }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const me = useAtomValue(userAtom)?.id ?? 0;
  // A conversation the list or a kept thread knows is drawn at once (its newest page, held while
  // the chat was off screen), offline too, while the opening below fetches it again.
  const [profileId, setProfileId] = useState<number | null>(() => ('profile' in target ? target.profile : (appStore.get(conversationProfilesAtom).get(target.conversation) ?? null)));
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [openings, setOpenings] = useState(0);
  const heldThread = useAtomValue(threadsAtom).get(profileId ?? 0);
  const heldMeta = useAtomValue(threadMetaAtom).get(profileId ?? 0);
  const holdsThread = heldThread?.loaded === true && heldMeta !== undefined;
  // As it was when the chat opened: the page's later renders no longer say how it was opened.
  const [focusAtOpen] = useState(focusOnOpen);
  const targetKey = 'profile' in target ? `p${target.profile}` : `c${target.conversation}`;

  useEffect(() => {
    let cancelled = false;
    setLoadError(null);
    openChat(target).then(
      (profile) => !cancelled && setProfileId(profile),
      (error: unknown) => !cancelled && setLoadError(error instanceof ApiError ? error : new ApiError(0, 'try_later', {})),
    );
    return () => {
      cancelled = true;
    };
    // targetKey stands for target (a new object each render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetKey, openings]);

  // A chat not begun yet has no list entry, so the list a block or unblock brings to this tab says
  // nothing of it: it kept its open composer in the blocker's other tab, and in the blocked
  // member's. It is opened again with each list, which reads its state (or the blocker's refusal).
  const listLoads = useAtomValue(chatListLoadsAtom);
  const listLoadsSeen = useRef(listLoads);
  useEffect(() => {
    if (listLoads === listLoadsSeen.current) return;
    listLoadsSeen.current = listLoads;
    const begun = profileId !== null && (appStore.get(threadsAtom).get(profileId)?.conversation ?? null) !== null;
    if ('profile' in target && !begun) setOpenings((n) => n + 1);
    // target stands for targetKey, read when a list comes only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listLoads, profileId]);

  // An opening that got no answer is tried again when the connection comes back: the chat
  // stayed on "Something went wrong" (or on what it held) until the member went back and in again.
  const unanswered = loadError !== null && noAnswer(loadError);
  const connection = useAtomValue(connectionAtom);
  const wasUp = useRef(isUp(connection));
  useEffect(() => {
    const cameBack = isUp(connection) && !wasUp.current;
    wasUp.current = isUp(connection);
    if (cameBack && unanswered) setOpenings((n) => n + 1);
  }, [connection, unanswered]);

  const leave = useCallback(() => void navigate(pathFor('chats')), [navigate]);
  // The chat no longer exists: Back should not lead to it again.
  const leaveRemoved = useCallback(() => void navigate(pathFor('chats'), { replace: true }), [navigate]);

  // An answer (not found, blocked) is shown as it is; no answer at all leaves a kept chat on screen.
  if (loadError && !(unanswered && holdsThread)) {
    return <ChatOpenFailed target={target} error={loadError} onTryAgain={unanswered ? () => setOpenings((n) => n + 1) : null} />;
  }
  if (profileId === null) return <ChatThreadLoading target={target} />;
  return (
    <LoadedThread
      key={profileId}
      profile={profileId}
      me={me}
      onGone={leave}
      onRemovedElsewhere={leaveRemoved}
      focusOnOpen={focusAtOpen}
    />
  );
}

type FocusOnOpen = 'composer' | 'header' | null;

const isUp = (connection: ConnectionState) => connection === 'online' || connection === 'polling';

interface LoadedThreadProps {
  profile: number;
  me: number;
  onGone: () => void;
  onRemovedElsewhere: () => void;
  focusOnOpen: FocusOnOpen;
}

function LoadedThread({ profile, me, onGone, onRemovedElsewhere, focusOnOpen }: LoadedThreadProps) {
  const intl = useIntl();
  const thread = useAtomValue(threadsAtom).get(profile);
  const meta = useAtomValue(threadMetaAtom).get(profile);
  const entry = useAtomValue(chatEntriesAtom).get(profile);
  const presence = useShownPresence(profile, meta?.profile);
  const typingUntil = useAtomValue(typingAtom).get(profile) ?? 0;
  const setOpenChat = useSetAtom(openChatAtom);
  const credits = useAtomValue(userAtom)?.credits ?? 0;
  const { messageCredits } = useChatSettings();
  const now = useNow(2_000);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [stickToken, setStickToken] = useState(0);
  // All its messages stay in memory while it is on screen; once left, its newest page (KEPT_WHILE_UNVIEWED).
  useEffect(() => viewThread(profile), [profile]);
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [icebreakersOpen, setIcebreakersOpen] = useState(false);
  const [composerFocus, setComposerFocus] = useState(0);
  // Read once: the composer takes it as its first text only.
  const [initialDraft] = useState(() => draftOf(me, profile));
  const [confirm, setConfirm] = useState<'delete' | 'block' | null>(null);

  const messages = useMemo(() => (thread ? visibleMessages(thread) : []), [thread]);
  const loaded = thread?.loaded ?? false;
  // Only a conversation not yet begun may open with an icebreaker (the server refuses any other);
  // one emptied by deleting the chat, or whose history is past a free member's cut, is not one.
  const isEmpty = loaded && messages.length === 0;
  const canBreakIce = isEmpty && thread?.conversation === null;
  // Begun meanwhile in another tab or on another device: the openers close (one picked now would
  // be refused) and the member goes on in the message box, as after picking one.
  useEffect(() => {
    if (!icebreakersOpen || canBreakIce) return;
    setIcebreakersOpen(false);
    focusToGoOn();
  }, [icebreakersOpen, canBreakIce]);

  // This chat is on screen while the page is visible: its messages are read as they arrive.
  useEffect(() => {
    const sync = () => setOpenChat(document.visibilityState === 'visible' ? profile : null);
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => {
      document.removeEventListener('visibilitychange', sync);
      setOpenChat(null);
    };
  }, [profile, setOpenChat]);

  // What came while the page was hidden, once the member is back. It takes the place of the
  // opening's divider: that one's messages were read on screen before, and one divider says where
  // the news begins; two would leave the member to guess which.
  const unreadOnReturn = useReadOnScreen(profile, loaded, thread?.stored, entry?.num_unread_messages);
  // Otherwise from the server's read mark as the chat was opened. Reading them does not move it.
  const unreadFromKey = useMemo(
    () => (thread ? ((unreadOnReturn ? firstUnreadIn(thread, unreadOnReturn) : firstUnreadAtOpen(thread))?.key ?? null) : null),
    [thread, unreadOnReturn],
  );

  const onLoadOlder = useCallback(() => {
    setLoadingOlder(true);
    // A page that failed is asked again once the spinner goes, if the top is still in view
    // (MessageList): the pause keeps that from becoming a loop of failing requests.
    loadOlderMessages(profile)
      .catch(() => new Promise((resolve) => window.setTimeout(resolve, OLDER_PAGE_RETRY_MS)))
      .finally(() => setLoadingOlder(false));
  }, [profile]);
  // Deleted in another tab or on another device ('chat:removed' drops the thread): back to the
  // list, instead of a spinner where the chat was.
  const shown = useRef(false);
  const present = thread !== undefined && meta !== undefined;
  useEffect(() => {
    if (present) shown.current = true;
    else if (shown.current) onRemovedElsewhere();
  }, [present, onRemovedElsewhere]);

  // A focus that is nowhere (the page's body) was dropped by the opening itself: the chat is a
  // route of its own, so the list link the member pressed was rendered anew. The next Tab then
  // began at the top of the list again; the message box is where the member goes on.
  // On a phone the header takes it instead of the box (focusOnOpen).
  const threadBox = useRef<HTMLDivElement>(null);
  const focusHeader = () => threadBox.current?.querySelector<HTMLElement>('.chat-header-profile')?.focus();
  /**
   * Where the focus goes on when what held it leaves (an opener picked, the chat unblocked): the
   * message box, where the member writes next. Not on a touch screen, where focusing the box raised
   * the keyboard over the chat the member had just changed; the header takes it there, as when a
   * chat opens on a phone, so a screen reader still finds its place.
   */
  const focusToGoOn = () => (touchScreen() ? focusHeader() : setComposerFocus((n) => n + 1));
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!present || !lost) return;
    if (focusOnOpen === 'composer') setComposerFocus((n) => n + 1);
    if (focusOnOpen === 'header') focusHeader();
  }, [present, focusOnOpen]);

  const onRetry = useCallback((key: string) => retryChatMessage(profile, key), [profile]);
  const onDiscard = useCallback((key: string) => discardChatMessage(profile, key), [profile]);

  // The newest message when the chat was first drawn with its messages: the ones up to it are
  // not news (a chat kept in memory opens before its first page is fetched again).
  const newestAtFirstSight = useRef<number | null>(null);
  if (thread && newestAtFirstSight.current === null) newestAtFirstSight.current = newestStoredId(thread);

  if (!thread || !meta) return <ChatThreadLoading target={{ profile }} />;

  const send = (composed: Parameters<typeof sendChatMessage>[1]) => {
    sendChatMessage(profile, composed);
    setStickToken((v) => v + 1);
  };
  const lastFailure = [...thread.outgoing].reverse().find((m) => m.local === 'failed')?.failure ?? null;
  const peer = meta.profile;
  const blocked = meta.blocked_me || meta.blocked_by_me;
  // A free member at the conversation limit learns it before writing; once the peer writes first
  // the conversation exists and the member may reply.
  const premiumRequired = meta.conversation_limit_reached && thread.conversation === null && !blocked && peer.can_receive_replies;
  const disabled = blocked || !peer.can_receive_replies || premiumRequired;
  // Known before any send: the notice says so and nothing is sent to be refused.
  const short = !disabled && credits < messageCredits;
  // A block hides typing either way; the server drops the stop too, and "typing…" shown just
  // before the block stayed until the client's expiry (6 s).
  const typing = !blocked && typingUntil > now;
  // Rows enter and leave the DOM while scrolling, so the list itself is not a live region. The
  // peer's messages that arrive while the chat is open are said instead, each once, also when
  // several come at once (a catch-up); the ones there at the opening are not read out.
  const arrivals = peerMessagesAfter(thread, Math.max(thread.openedNewest, newestAtFirstSight.current ?? 0), ANNOUNCED_AT_MOST);

  const toggleBlock = async (then?: 'focus composer') => {
    try {
      await setChatBlocked(profile, !meta.blocked_by_me);
      if (then) focusToGoOn();
    } catch {
      window.alert(intl.formatMessage({ id: 'chat.loadFailed' }));
    }
  };
  const confirmDelete = async () => {
    setConfirm(null);
    // Removed from the list before leaving, so /chats does not reopen it.
    const removed = removeChat(profile);
    // The focus goes to the list's title as the chat closes (ChatsPage, for every way a chat closes).
    onGone();
    if (!(await removed)) window.alert(intl.formatMessage({ id: 'chat.deleteFailed' }));
  };

  return (
    <div className="chat-thread" data-testid="chat-thread" data-profile={profile} ref={threadBox}>
      <ChatHeader
        profile={peer}
        presence={presence}
        typing={typing}
        blockedByMe={meta.blocked_by_me}
        onToggleBlock={() => (meta.blocked_by_me ? void toggleBlock() : setConfirm('block'))}
        onDelete={thread.conversation !== null ? () => setConfirm('delete') : null}
      />
      <MessageList
        messages={messages}
        me={me}
        peerName={peer.name}
        peerLastRead={thread.peerLastRead}
        hasMoreBefore={thread.hasMoreBefore}
        historyCut={thread.historyCut}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
        onRetry={onRetry}
        onDiscard={onDiscard}
        stickToken={stickToken}
        unreadFromKey={unreadFromKey}
        empty={
          // A chat whose every message is past the history cut shows the cut notice alone; one the
          // member cannot write in (a block, an unconfirmed peer) invites nothing: its notice says why.
          isEmpty && !thread.historyCut && !disabled && (
            <div className="chat-empty-thread">
              <p className="chat-empty-title">{intl.formatMessage({ id: 'chat.emptyThreadTitle' }, { name: peer.name })}</p>
              {canBreakIce && (
                <>
                  <p>{intl.formatMessage({ id: 'chat.emptyThreadText' })}</p>
                  <button type="button" className="btn btn-secondary btn-md" onClick={() => setIcebreakersOpen(true)} disabled={short} data-testid="open-icebreakers">
                    {intl.formatMessage({ id: 'chat.icebreakerOpen' })}
                  </button>
                </>
              )}
            </div>
          )
        }
        footer={
          typing && (
            // Drawn only: the live region below says it.
            <div className="chat-typing" aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
          )
        }
      />
      {/* A node per message, added once: a screen reader says each addition (the same text twice,
          "ok", "ok", twice); the oldest leaving as a new one comes is not said. */}
      <div className="visually-hidden" aria-live="polite" aria-atomic="false" data-testid="chat-arrivals-said">
        {arrivals.map((message) => (
          <p key={message.key}>{`${peer.name}: ${messageText(intl, message)}`}</p>
        ))}
      </div>
      {/* The three dots are drawn only, and the header's "typing…" is in no live region: said here. */}
      <p className="visually-hidden" aria-live="polite" data-testid="chat-typing-said">
        {typing ? `${peer.name}: ${intl.formatMessage({ id: 'chat.typing' })}` : ''}
      </p>
      {/* On a phone the list (and its bar) is not on screen; on a desktop CSS hides this one. */}
      <OfflineBar className="chat-thread-offline" testId="chat-thread-offline" />
      <ChatNotices
        name={peer.name}
        blockedMe={meta.blocked_me}
        blockedByMe={meta.blocked_by_me}
        canReceiveReplies={peer.can_receive_replies}
        premiumRequired={premiumRequired}
        failure={lastFailure}
        short={short}
        credits={credits}
        // The notice and its button go away with the block: the member goes on in the box.
        onUnblock={() => void toggleBlock('focus composer')}
      />
      <Composer
        disabled={disabled}
        short={short}
        onSend={(body) => send({ kind: 'text', body })}
        onTyping={(isTyping) => setTyping(profile, isTyping)}
        onOpenGifts={() => setGiftsOpen(true)}
        focusRequest={composerFocus}
        initialText={initialDraft}
        onTextChange={(text) => saveDraft(me, profile, text)}
      />
      <GiftPicker
        open={giftsOpen}
        credits={credits}
        onClose={() => setGiftsOpen(false)}
        onPick={(gift) => {
          setGiftsOpen(false);
          send({ kind: 'gift', body: '', giftId: gift.id });
        }}
      />
      <IcebreakerModal
        open={icebreakersOpen}
        name={peer.name}
        messageCredits={messageCredits}
        onClose={() => setIcebreakersOpen(false)}
        onPick={(icebreaker) => {
          setIcebreakersOpen(false);
          send({ kind: 'icebreaker', body: icebreaker.key });
          // The buttons that opened the dialog leave with the empty chat.
          focusToGoOn();
        }}
      />
      <ConfirmDialog
        open={confirm !== null}
        title={intl.formatMessage({ id: confirm === 'block' ? 'chat.blockTitle' : 'chat.deleteTitle' })}
        text={intl.formatMessage({ id: confirm === 'block' ? 'chat.blockConfirm' : 'chat.deleteConfirm' }, { name: peer.name })}
        confirmLabel={intl.formatMessage({ id: confirm === 'block' ? 'chat.block' : 'chat.delete' })}
        cancelLabel={intl.formatMessage({ id: 'chat.cancel' })}
        onConfirm={() => (confirm === 'block' ? (setConfirm(null), void toggleBlock()) : void confirmDelete())}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}
