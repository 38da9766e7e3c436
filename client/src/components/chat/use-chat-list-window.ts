import { useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { exactHeight, useRowHeights } from './use-row-heights.js';
import { isPlainClick } from './plain-click.js';
import { useScrollOrigin } from './use-scroll-origin.js';
import { buildOffsets, isNearBottom, visibleRange } from './chat-virtual-window.js';
import { listAnchorsAt, listAnchorsFrom, rowForKey, rowsToRender, scrollTopForAnchors, scrollTopToReveal, tabStopRow, type ListAnchor } from './chat-list-window.js';

/**
 * An entry's height until the first entries are measured: the 48 px avatar and 2 x 10 px of
 * padding (the two lines of text beside it came to 68.5 px in Chromium's default fonts). Another
 * font or larger text makes entries taller: each rendered entry is measured, and entries not
 * rendered yet are estimated at the average of those measured.
 */
const FIRST_ESTIMATE_PX = 68;
/** Rendered beyond the viewport above and below: about nine entries each way. */
const OVERSCAN_PX = 600;

/**
 * Where the member has scrolled the list to: the entries at the viewport's top (none while the
 * list is at its top, where new chats come into view), or its bottom.
 */
interface ListPosition {
  anchors: ListAnchor[];
  atBottom: boolean;
}

const AT_TOP: ListPosition = { anchors: [], atBottom: false };

/**
 * Where the list was, kept across its remounts: the page remounts between /chats and /chats/:id
 * (two routes), so a phone member who opened a chat and came back got the list from its top.
 * Module state: it lasts as long as the page, and log-out reloads the page.
 */
let keptPosition: ListPosition = AT_TOP;

/**
 * The entry the member clicked (or pressed Enter on) in the list, until the chat it opens is the
 * open one: a chat opened from the list is where the member is looking, and the list does not
 * scroll for it. Module state, as the click on /chats remounts the page into /chats/:id.
 */
let chosenInList: string | null = null;

/** A member's scroll this recent means they are scrolling: the list does not scroll under them. */
const MEMBER_SCROLLING_MS = 500;

export interface ChatListWindow {
  scrollerRef: RefObject<HTMLDivElement | null>;
  listRef: RefObject<HTMLUListElement | null>;
  onScroll: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  /**
   * on the list, in the capture phase: notes the entry the member opens from it before its link
   * navigates (which may render the newly open chat at once)
   */
  onClick: (event: MouseEvent<HTMLElement>) => void;
  /** on the list: the arrow keys, Home and End move the focus from entry to entry */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** the entry whose link and delete button are in the Tab order (the others are reached with the arrow keys) */
  tabStop: string | null;
  /** the height of every entry together */
  total: number;
  /** the indexes of the entries to render, in list order */
  rows: number[];
  /** offsets[i]: the top of entry i in the list */
  offsets: Float64Array;
  /** ref callback for each rendered entry (carrying `data-row-key`): measures its height */
  measure: (element: HTMLElement | null) => (() => void) | undefined;
}

/**
 * Windows the chat list: only entries near the viewport are rendered (plus the focused one and the
 * one that holds the Tab stop), their heights are measured as they render, and the entries on
 * screen stay where they are when others change height or move to the top of the list (a new
 * message), also while the list is hidden (a phone shows the open chat instead). `keys` name the entries in list order; `stamps` (their
 * last message's id) change when an entry moves. The open chat's entry (`activeKey`) is scrolled
 * into view when the open chat changes other than from the list (a link, a reload, the chat
 * reopened on arriving at /chats), never while the member scrolls, and without moving the focus.
 * For the keyboard the list is one Tab stop (`tabStop`), and the arrow keys, Home and End move
 * between its entries (`onKeyDown`).
 */
export function useChatListWindow(keys: readonly string[], stamps: readonly number[], activeKey: string | null): ChatListWindow {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { heights, version: measureVersion, measure } = useRowHeights(exactHeight);
  /** the viewport, its top measured from the list's first entry: read where the layout is read, never while rendering */
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  /** the entry the focus was on last, kept when the focus leaves the list: Tab comes back to it */
  const [lastFocusedKey, setLastFocusedKey] = useState<string | null>(null);
  const position = useRef<ListPosition>(keptPosition);
  const scrolls = useScrollOrigin();
  /** when the member last scrolled the list (performance.now()) */
  const memberScrolledAt = useRef(-Infinity);
  /** the open chat's entry, to scroll into view once it is listed */
  const pendingReveal = useRef<string | null>(null);

  const indexByKey = useMemo(() => new Map(keys.map((k, i) => [k, i])), [keys]);
  const stampByKey = useMemo(() => new Map(keys.map((k, i) => [k, stamps[i]!])), [keys, stamps]);
  const offsets = useMemo(
    () => {
      const known = [...heights.current.values()];
      const estimate = known.length > 0 ? known.reduce((sum, h) => sum + h, 0) / known.length : FIRST_ESTIMATE_PX;
      return buildOffsets(keys.map((k) => heights.current.get(k) ?? estimate));
    },
    // measureVersion: heights is a ref; a new measurement must rebuild the offsets
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keys, measureVersion],
  );
  const total = offsets[offsets.length - 1] ?? 0;
  const listOffset = () => listRef.current?.offsetTop ?? 0;
  const range = visibleRange(offsets, viewport.top, viewport.height, OVERSCAN_PX);
  const focusedIndex = focusedKey === null ? null : (indexByKey.get(focusedKey) ?? null);
  const tabStopIndex = tabStopRow(keys.length, lastFocusedKey === null ? undefined : indexByKey.get(lastFocusedKey), activeKey === null ? undefined : indexByKey.get(activeKey));
  const rows = rowsToRender(range, keys.length, focusedIndex, tabStopIndex);

  const remember = (el: HTMLDivElement) => {
    scrolls.seen(el);
    const top = el.scrollTop - listOffset();
    position.current =
      top <= 0 ? AT_TOP : { anchors: listAnchorsAt(offsets, keys, stamps, top), atBottom: isNearBottom(el.scrollTop, el.clientHeight, el.scrollHeight, 1) };
    keptPosition = position.current;
  };
  const scrollTo = (el: HTMLDivElement, top: number) => {
    if (Math.abs(top - el.scrollTop) <= 1) return;
    el.scrollTop = top;
    scrolls.ownScroll(el);
  };

  // Puts the anchored entries back where they were on screen, or the list at its bottom (the
  // last entries, measured only once they render, would end up below it). A hidden list
  // (display: none on a phone while a chat is open) has no layout to scroll: the resize observer
  // below restores it when it shows again.
  const restore = (el: HTMLDivElement) => {
    const { anchors, atBottom } = position.current;
    if (anchors.length === 0 || el.clientHeight === 0) return;
    // Moved by a scroll whose event is still to come: kept where it was taken, as the event would
    // have, not put back.
    if (scrolls.unseenMove(el) !== 0) return memberMoved(el);
    if (atBottom) return scrollTo(el, el.scrollHeight - el.clientHeight);
    const fromRows = scrollTopForAnchors(anchors, offsets, (k) => indexByKey.get(k) ?? -1, (k) => stampByKey.get(k));
    if (fromRows === null) remember(el);
    else scrollTo(el, fromRows + listOffset());
  };
  const latestRestore = useRef(restore);
  useLayoutEffect(() => {
    latestRestore.current = restore;
  });

  const syncViewport = (el: HTMLDivElement) => {
    const top = el.scrollTop - listOffset();
    setViewport((v) => (v.top === top && v.height === el.clientHeight ? v : { top, height: el.clientHeight }));
  };

  // After entries or heights change: the entries on screen stay put. At the top nothing is to be
  // kept, and the layout is not read: reading it here laid out the new entries before they were
  // shown, once more than the browser does anyway (the scroller's observer gives the viewport).
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el || position.current.anchors.length === 0) return;
    restore(el);
    syncViewport(el);
    // restore reads offsets and the key maps, which these stand for
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offsets, indexByKey, stampByKey]);

  // The open chat changed: its entry is to be shown, unless the member opened it from the list.
  // Also on mounting (a link or a reload opens /chats/:id, /chats reopens the last chat).
  useLayoutEffect(() => {
    const chosen = activeKey !== null && activeKey === chosenInList;
    chosenInList = null;
    pendingReveal.current = chosen ? null : activeKey;
  }, [activeKey]);

  /**
   * Shows the open chat's entry if it waits and is listed (a link opens the chat before the list
   * has loaded). Replaces the position the restore above kept. Reads the layout only while an
   * entry waits.
   */
  const revealPending = (el: HTMLDivElement) => {
    const key = pendingReveal.current;
    const index = key === null ? undefined : indexByKey.get(key);
    if (key === null || index === undefined) return;
    // A member scrolling keeps the list.
    if (performance.now() - memberScrolledAt.current < MEMBER_SCROLLING_MS) {
      pendingReveal.current = null;
      return;
    }
    // A hidden list has no layout to scroll: the entry waits until the list has a size (the
    // resize observer below), as when a window goes from a phone's layout to a desktop's. On a
    // phone going back to the list remounts it at its kept place, and nothing waits then.
    if (el.clientHeight === 0) return;
    // Until the entry itself is measured its height is an estimate: once it is, the entry is shown
    // again (a few pixels of it may have gone below the viewport), or found in view.
    pendingReveal.current = heights.current.has(key) ? null : key;
    const top = scrollTopToReveal(offsets, index, el.scrollTop - listOffset(), el.clientHeight);
    if (top === null) return;
    // Not scrollTo, which leaves a pixel's difference alone: an entry cut by one is not shown.
    el.scrollTop = top + listOffset();
    scrolls.ownScroll(el);
    // Anchored on the entry itself: it stays where it was put while the entries around it, their
    // heights estimated until now, render and are measured.
    const listTop = el.scrollTop - listOffset();
    position.current = listTop <= 0 ? AT_TOP : { anchors: listAnchorsFrom(offsets, keys, stamps, index, listTop), atBottom: false };
    keptPosition = position.current;
    syncViewport(el);
  };
  const latestReveal = useRef(revealPending);
  useLayoutEffect(() => {
    latestReveal.current = revealPending;
  });

  useLayoutEffect(() => {
    if (scrollerRef.current) revealPending(scrollerRef.current);
    // pendingReveal stands for activeKey; offsets and the key list are read with it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeKey, indexByKey, offsets]);

  /** The member took the list where it stands: it is kept there. */
  const memberMoved = (el: HTMLDivElement) => {
    remember(el);
    memberScrolledAt.current = performance.now();
    // The member has taken the list elsewhere: an entry still waiting to be listed is not shown.
    pendingReveal.current = null;
  };

  const onScroll = () => {
    const el = scrollerRef.current;
    if (!el) return;
    // The list's own corrective scroll keeps the anchor (use-scroll-origin.ts).
    if (scrolls.movedByMember(el)) memberMoved(el);
    syncViewport(el);
  };

  // A plain click (or Enter) on an entry's link: the chat opens from the list, in this tab.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    const target = event.target as HTMLElement;
    const key = target.closest('a') ? target.closest<HTMLElement>('[data-row-key]')?.dataset.rowKey : undefined;
    if (key !== undefined && key !== activeKey) chosenInList = key;
  };

  // The arrow keys, Home and End on an entry (its link or its delete button) focus another entry's
  // link; they never scroll the list away from the focus. The list scrolls just enough to show that
  // entry, as a list box does: the browser's own scroll on focus centres an entry out of view, and
  // each ArrowDown past the bottom jumped half a screen. That scroll is the member's move, and the
  // list keeps it from now: waiting for its scroll event, entries measured before that event came
  // put the list back where it stood (at its bottom, the entry shown out of view; seen in CI).
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const el = scrollerRef.current;
    const fromKey = (event.target as HTMLElement).closest<HTMLElement>('[data-row-key]')?.dataset.rowKey;
    const from = fromKey === undefined ? undefined : indexByKey.get(fromKey);
    if (!el || from === undefined || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const to = rowForKey(event.key, from, keys.length);
    // Rendered: the focused entry's neighbours, the first and the last always are (rowsToRender).
    const link = to === null ? null : listRef.current?.querySelector<HTMLElement>(`[data-row-key="${keys[to]}"] a`);
    if (to === null || !link) return;
    const top = scrollTopToReveal(offsets, to, el.scrollTop - listOffset(), el.clientHeight);
    if (top !== null) {
      el.scrollTop = top + listOffset();
      memberMoved(el);
    }
    link.focus({ preventScroll: true });
  };

  // The list's box changes size: the window, phone rotated or the list shown again after a chat.
  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      latestRestore.current(el);
      latestReveal.current(el);
      syncViewport(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);


  // The focused entry stays rendered wherever the list scrolls, until the focus leaves the list.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-row-key]');
    setFocusedKey(row?.dataset.rowKey ?? null);
    if (row?.dataset.rowKey !== undefined) setLastFocusedKey(row.dataset.rowKey);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const list = event.currentTarget;
    if (event.relatedTarget instanceof Node && list.contains(event.relatedTarget)) return;
    // Checked once the focus has landed: a window that loses the focus (another app) keeps its
    // focused element, and a row moved by React is focused again after the move.
    window.setTimeout(() => {
      if (!list.contains(document.activeElement)) setFocusedKey(null);
    }, 0);
  };

  const tabStop = tabStopIndex === null ? null : keys[tabStopIndex]!;
  return { scrollerRef, listRef, onScroll, onFocus, onBlur, onClick, onKeyDown, tabStop, total, rows, offsets, measure };
}
