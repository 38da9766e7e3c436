import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ChatMessage } from '../../state/chat-thread.js';
import { buildRows, UNREAD_ROW_KEY, type ChatRow } from './chat-format.js';
import { serverNow } from '../../state/server-clock.js';
import { useNow } from './use-now.js';
import { dayLabel } from './chat-day-label.js';
import { layoutHeight, useRowHeights } from './use-row-heights.js';
import { useMemberInput } from './use-member-input.js';
import { useScrollOrigin } from './use-scroll-origin.js';
import { anchorAt, buildOffsets, isNearBottom, layoutHeights, scrollTopFor, visibleRange, type ScrollAnchor } from './chat-virtual-window.js';
import { MessageBubble } from './MessageBubble.js';

const OVERSCAN_PX = 600;
/**
 * A message row not measured yet counts as the mean of those measured (layoutHeights); this is the
 * guess before any is, about a one-line bubble (most rows measure about 50 px). Under rather than
 * over: the first window then holds a few rows too many rather than blank space until measured.
 */
const FIRST_ESTIMATE_MESSAGE = 50;
const ESTIMATE_DAY = 44;
const LOAD_OLDER_AT_PX = 400;
const UNREAD_TOP_MARGIN_PX = 8;
/**
 * How long after a jump to the newest message a scroll the member gave no input for is the end of
 * one they began before (Page Up's smooth scroll runs on for a few hundred ms), not a move away.
 */
const JUMP_SETTLE_MS = 700;

interface MessageListProps {
  messages: readonly ChatMessage[];
  me: number;
  /** said before each of the peer's messages to a screen reader, which cannot see the sides */
  peerName: string;
  peerLastRead: number;
  hasMoreBefore: boolean;
  historyCut: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
  /** bumps when the member sends: the list jumps to the bottom */
  stickToken: number;
  /**
   * the first unread message (as the chat opened, or of what came while the page was hidden): the
   * list opens at it, under "Unread messages", and goes to a new one while it follows the newest
   */
  unreadFromKey?: string | null;
  footer?: ReactNode;
  empty?: ReactNode;
}

/**
 * A windowed message list: only rows near the viewport are in the DOM (10,000 messages stay smooth),
 * heights are measured as rows render, and the row the member is reading stays put while older
 * history is added above it. At the bottom it follows new messages.
 */
export function MessageList(props: MessageListProps) {
  const { messages, me, peerName, peerLastRead, hasMoreBefore, historyCut, loadingOlder, onLoadOlder, onRetry, onDiscard, stickToken, footer, empty, unreadFromKey = null } = props;
  const intl = useIntl();
  const scroller = useRef<HTMLDivElement>(null);
  const rowsBox = useRef<HTMLDivElement>(null);
  /** scrollTop measured from the first row (the history notice sits above the rows) */
  const listTop = (el: HTMLDivElement) => el.scrollTop - (rowsBox.current?.offsetTop ?? 0);
  const { heights, version: measureVersion, measure } = useRowHeights(layoutHeight);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const anchor = useRef<ScrollAnchor | null>(null);
  const pinned = useRef(true);
  /** false while the member reads further up: the jump button shows */
  const [atBottom, setAtBottom] = useState(true);
  /** the peer's messages that arrived while the member read further up */
  const [unseen, setUnseen] = useState(0);
  const newestKey = useRef<string | null>(null);
  const scrolls = useScrollOrigin();
  // Who wrote a message, for a screen reader: the side and the colour say it only to the eye.
  const authorMine = intl.formatMessage({ id: 'chat.fromMe' }, { text: '' });
  const authorPeer = `${peerName}: `;
  const unreadDivider = intl.formatMessage({ id: 'chat.unreadDivider' });
  const memberInput = useMemberInput(scroller);

  const rows = useMemo(() => buildRows(messages, unreadFromKey), [messages, unreadFromKey]);
  /** the unread message whose divider the list has placed (at the start, and when a new one comes) */
  const placedUnread = useRef<string | null>(null);
  const keys = useMemo(() => rows.map((r) => r.key), [rows]);
  const offsets = useMemo(
    () => buildOffsets(layoutHeights(keys, heights.current, (i) => (rows[i]!.type === 'day' ? ESTIMATE_DAY : null), FIRST_ESTIMATE_MESSAGE)),
    // measureVersion: heights is a ref; a new measurement must rebuild the offsets
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, measureVersion],
  );
  const total = offsets[offsets.length - 1] ?? 0;
  const range = visibleRange(offsets, viewport.top - (rowsBox.current?.offsetTop ?? 0), viewport.height, OVERSCAN_PX);

  const rememberPosition = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    pinned.current = isNearBottom(el.scrollTop, el.clientHeight, el.scrollHeight);
    setAtBottom(pinned.current);
    if (pinned.current) setUnseen(0);
    anchor.current = anchorAt(offsets, keys, listTop(el), (key) => !key.startsWith('day-'));
    scrolls.seen(el);
  }, [offsets, keys]);

  // Count the peer's new messages while the member reads further up (an older page loaded above
  // changes the first rows, not the newest one).
  useEffect(() => {
    const newest = messages[messages.length - 1];
    const before = newestKey.current;
    newestKey.current = newest?.key ?? null;
    if (!newest || before === null || newest.key === before || pinned.current) return;
    const since = messages.findLastIndex((m) => m.key === before);
    if (since === -1) return;
    const fromPeer = messages.slice(since + 1).filter((m) => m.sender !== me).length;
    if (fromPeer > 0) setUnseen((n) => n + fromPeer);
  }, [messages, me]);

  /**
   * The member moved the list and its scroll event is still to come: it moved since the list last
   * put or saw it, with the member's input upwards just before, and away from the end. The input
   * tells their move from the browser's clamp of a list whose content shrank, which comes without.
   */
  const movedByMemberUnseen = (el: HTMLDivElement) =>
    memberInput.actedJustNow() && scrolls.movedSinceSeen(el) && !isNearBottom(el.scrollTop, el.clientHeight, el.scrollHeight);

  /** The list's own move to its newest row, which its scroll event does not take for the member's. */
  const scrollToNewest = (el: HTMLDivElement) => {
    el.scrollTop = el.scrollHeight;
    scrolls.ownScroll(el);
  };

  /** when the list last jumped to its newest message (the jump button, a send) */
  const jumpedAt = useRef(-Infinity);
  /**
   * A control in the list that goes away with what it does (the jump button once at the newest
   * message, Retry and Remove with their failed message) hands the keyboard focus to the list
   * itself. Before, the focus fell to the page's body: a screen reader said nothing, and the next
   * Tab began at the top of the page.
   */
  const keepFocusInList = () => {
    const el = scroller.current;
    if (el && el !== document.activeElement && el.contains(document.activeElement)) el.focus({ preventScroll: true });
  };
  const retryKeepingFocus = useCallback((key: string) => {
    keepFocusInList();
    onRetry(key);
  }, [onRetry]);
  const discardKeepingFocus = useCallback((key: string) => {
    keepFocusInList();
    onDiscard(key);
  }, [onDiscard]);

  const jumpToNewest = () => {
    const el = scroller.current;
    if (!el) return;
    keepFocusInList();
    memberInput.forget();
    jumpedAt.current = performance.now();
    pinned.current = true;
    scrollToNewest(el);
    setAtBottom(true);
    setUnseen(0);
  };

  // After rows or heights change: stay at the bottom, or keep the anchored row where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // A chat opened with unread messages starts at the first of them, its divider at the top; so does
    // one whose divider moved to what came while the page was hidden, rather than at the newest
    // message with the first of the news above the screen. A member reading further up stays there.
    if (unreadFromKey !== null && unreadFromKey !== placedUnread.current && keys.includes(UNREAD_ROW_KEY)) {
      placedUnread.current = unreadFromKey;
      if (pinned.current) {
        pinned.current = false;
        anchor.current = { key: UNREAD_ROW_KEY, delta: -UNREAD_TOP_MARGIN_PX };
      }
    }
    // The member moved the list (Home, the wheel, the scrollbar) after the rows changed and before
    // that scroll's event: the list is where they put it, not pinned back to the newest message.
    // Right after a chat opens, while its rows are measured, a jump to the top was undone so.
    if (pinned.current && movedByMemberUnseen(el)) rememberPosition();
    if (pinned.current) {
      scrollToNewest(el);
    } else if (anchor.current) {
      // A search of the keys when an anchor is kept, rather than a map of them built on every
      // message: on a 10,000-message chat that map cost milliseconds per message.
      const fromRows = scrollTopFor(anchor.current, offsets, (k) => keys.lastIndexOf(k));
      // A scroll since the anchor was taken whose event is still to come (in the frame these rows
      // were measured) is kept: put back at the anchor, a scroll made a step per frame by a script
      // lost every other step.
      const unseenMove = scrolls.unseenMove(el);
      const top = fromRows === null ? null : fromRows + (rowsBox.current?.offsetTop ?? 0) + unseenMove;
      if (top !== null && Math.abs(top - el.scrollTop) > 1) {
        el.scrollTop = top;
        scrolls.ownScroll(el);
      }
      // The anchor then follows that scroll: its own event may come as this list's (the same
      // place), and a later measurement would put the list back where the anchor was taken.
      if (unseenMove !== 0) rememberPosition();
    }
    // Unread messages that fit on screen leave the list at its bottom: it follows new ones again.
    if (!pinned.current && isNearBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) pinned.current = true;
    setAtBottom(pinned.current);
    setViewport((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    // keys and unreadFromKey change with the rows, which change the offsets
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offsets]);

  const firstStick = useRef(true);
  useLayoutEffect(() => {
    // At mount the list is placed by the effect above (the bottom, or the unread divider).
    if (firstStick.current) {
      firstStick.current = false;
      return;
    }
    jumpToNewest();
  }, [stickToken]);

  // The footer (the peer's typing bubble) is no row: it changes no offsets, so the effect above
  // does not run when it comes. A member at the newest message sees it appear below, not under the composer.
  const hasFooter = Boolean(footer);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !hasFooter || !pinned.current) return;
    scrollToNewest(el);
  }, [hasFooter]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    // Our own corrective scroll keeps the anchor (use-scroll-origin.ts). Chromium also fires a
    // scroll event, before the resize observer below runs, when the box gets shorter without moving
    // (the composer grew a line): taken as the member's, it unpinned the list and the newest message
    // slid out of view under the composer.
    if (scrolls.movedByMember(el)) {
      // The rest of a smooth scroll begun before a jump (Page Up, then Enter on the jump button at
      // once) took the list back up, and the jump stopped part-way: it is put back at the newest.
      const settling = pinned.current && performance.now() - jumpedAt.current < JUMP_SETTLE_MS && !memberInput.actedJustNow();
      if (settling) scrollToNewest(el);
      else rememberPosition();
    }
    setViewport({ top: el.scrollTop, height: el.clientHeight });
    if (el.scrollTop < LOAD_OLDER_AT_PX && hasMoreBefore && !loadingOlder) onLoadOlder();
  };

  // Older history is also needed without a scroll: when the first page does not fill the screen,
  // and when a page failed (offline, or past the server's paging allowance) while the member still
  // looks at the top, which no further scroll event would ask for again.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !hasMoreBefore || loadingOlder) return;
    const atTop = el.clientHeight > 0 && el.scrollTop < LOAD_OLDER_AT_PX;
    if (atTop || el.scrollHeight <= el.clientHeight + LOAD_OLDER_AT_PX) onLoadOlder();
  }, [hasMoreBefore, loadingOlder, total, onLoadOlder]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      // The list got shorter from below (the composer grew a line, a notice appeared, the phone's
      // keyboard opened): a member who was at the newest message still sees it.
      // Not under a member who has just moved it (their scroll event is still to come).
      if (pinned.current && !movedByMemberUnseen(el) && el.scrollTop + el.clientHeight < el.scrollHeight - 1) scrollToNewest(el);
      setViewport({ top: el.scrollTop, height: el.clientHeight });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);


  return (
    <div className="chat-scroll" ref={scroller} onScroll={onScroll} {...memberInput.handlers} data-testid="chat-scroll" role="log" tabIndex={0} aria-live="off" aria-label={intl.formatMessage({ id: 'chat.messages' })}>
      <div className="chat-scroll-top">
        {historyCut && !hasMoreBefore && <p className="chat-history-cut">{intl.formatMessage({ id: 'chat.historyCut' })}</p>}
        {loadingOlder && <span className="spinner spinner-sm" aria-hidden="true" />}
      </div>
      {rows.length === 0 && empty}
      <div className="chat-rows" ref={rowsBox} style={{ height: total }}>
        {rows.slice(range.start, range.end).map((row, i) => (
          <div key={row.key} ref={measure} data-row-key={row.key} className="chat-row" style={{ transform: `translateY(${offsets[range.start + i]}px)` }}>
            {renderRow(row)}
          </div>
        ))}
      </div>
      {footer}
      {!atBottom && (
        <button
          type="button"
          className={`chat-jump${unseen > 0 ? ' has-unseen' : ''}`}
          onClick={jumpToNewest}
          aria-label={unseen > 0 ? undefined : intl.formatMessage({ id: 'chat.jumpToLatest' })}
          data-testid="chat-jump"
        >
          {unseen > 0 && <span>{intl.formatMessage({ id: 'chat.newMessages' }, { count: unseen })}</span>}
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M12 5v14M6 13l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </div>
  );

  function renderRow(row: ChatRow) {
    if (row.type === 'day') return <DaySeparator date={row.date} />;
    if (row.type === 'unread') {
      return (
        // Named: a separator's content is presentational, and some screen readers skip it.
        <div className="chat-unread-divider" role="separator" aria-label={unreadDivider} data-testid="chat-unread-divider">
          <span>{unreadDivider}</span>
        </div>
      );
    }
    const mine = row.message.sender === me;
    return <MessageBubble message={row.message} mine={mine} author={mine ? authorMine : authorPeer} peerLastRead={peerLastRead} firstOfGroup={row.firstOfGroup} onRetry={retryKeepingFocus} onDiscard={discardKeepingFocus} />;
  }
}

function DaySeparator({ date }: { date: string }) {
  // Rendered again every 30 s, as the list's times are: a chat left open over midnight names its
  // day "Yesterday" once the day has changed, not "Today" until the next message comes. The label
  // is taken against the server's time at each rendering, so two days never both read "Today".
  useNow();
  const label = dayLabel(useIntl(), new Date(date), new Date(serverNow()));
  return (
    <div className="chat-day" role="separator" aria-label={label}>
      <span>{label}</span>
    </div>
  );
}
