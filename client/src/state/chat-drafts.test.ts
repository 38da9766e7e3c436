// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appStore } from './jotai.js';
import { DRAFT_MAX_AGE_MS, DRAFTS_RECHECK_MS, chatDraftsAtom, clearDrafts, draftOf, followDrafts, saveDraft } from './chat-drafts.js';

const ME = 7;
const JAMES = 12;
const DENNIS = 15;
const drafts = () => Object.fromEntries(appStore.get(chatDraftsAtom));

describe('chat drafts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    clearDrafts();
    localStorage.clear();
  });

  it('keep what was typed per chat, for the composer and the list, across a reload', () => {
    saveDraft(ME, JAMES, 'Hi James, about Saturday', 1_000);
    saveDraft(ME, DENNIS, 'See you', 2_000);
    expect(draftOf(ME, JAMES, 2_000)).toBe('Hi James, about Saturday');

    // a reload: a fresh page reads what is stored
    appStore.set(chatDraftsAtom, new Map());
    const stop = followDrafts(ME, () => 3_000);
    expect(drafts()).toEqual({ [JAMES]: 'Hi James, about Saturday', [DENNIS]: 'See you' });
    stop();
  });

  it('a draft that grows too old while the page stays open leaves the list too, not only the chat', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      saveDraft(ME, JAMES, 'Maybe on Saturday', Date.now());
      saveDraft(ME, DENNIS, 'Typed later', Date.now() + DRAFT_MAX_AGE_MS / 2);
      const stop = followDrafts(ME);
      expect(Object.keys(drafts())).toEqual([String(JAMES), String(DENNIS)]);
      // A month on, the tab still open: within the hour the list agrees with the chat.
      vi.advanceTimersByTime(DRAFT_MAX_AGE_MS + DRAFTS_RECHECK_MS);
      expect(draftOf(ME, JAMES, Date.now())).toBe('');
      expect(drafts()).toEqual({ [DENNIS]: 'Typed later' });
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a chat opened before the list has read the drafts still starts with its own', () => {
    saveDraft(ME, JAMES, 'Hi James', 1_000);
    // a fresh page: nothing read into the list yet
    appStore.set(chatDraftsAtom, new Map());
    expect(draftOf(ME, JAMES, 2_000)).toBe('Hi James');
    expect(draftOf(ME, JAMES, 1_000 + DRAFT_MAX_AGE_MS + 1)).toBe('');
  });

  it('a sent or erased draft is gone, blank text counts as erased', () => {
    saveDraft(ME, JAMES, 'Hi', 1_000);
    saveDraft(ME, DENNIS, 'Hello', 1_000);
    saveDraft(ME, JAMES, '   \n', 2_000);
    expect(draftOf(ME, JAMES, 2_000)).toBe('');
    saveDraft(ME, DENNIS, '', 2_000);
    expect(drafts()).toEqual({});
    expect(localStorage.length).toBe(0);
  });

  it('are the member\'s own: another member on the same device does not see them', () => {
    saveDraft(ME, JAMES, 'Hi James', 1_000);
    const stop = followDrafts(99, () => 2_000);
    expect(drafts()).toEqual({});
    stop();
  });

  it('a draft untouched for 30 days is forgotten, and dropped from storage at the next save', () => {
    saveDraft(ME, JAMES, 'old words', 0);
    const stop = followDrafts(ME, () => DRAFT_MAX_AGE_MS + 1);
    expect(drafts()).toEqual({});
    stop();
    saveDraft(ME, DENNIS, 'new words', DRAFT_MAX_AGE_MS + 1);
    expect(Object.keys(JSON.parse(localStorage.getItem(`chat-drafts:${ME}`)!) as object)).toEqual([String(DENNIS)]);
  });

  it('a save keeps the drafts another tab wrote meanwhile, and this tab\'s list follows the other tab', () => {
    const stop = followDrafts(ME, () => 1_000);
    // another tab of the same member writes a draft for Dennis
    localStorage.setItem(`chat-drafts:${ME}`, JSON.stringify({ [DENNIS]: { text: 'from the other tab', at: 900 } }));
    window.dispatchEvent(new StorageEvent('storage', { key: `chat-drafts:${ME}` }));
    expect(drafts()).toEqual({ [DENNIS]: 'from the other tab' });

    saveDraft(ME, JAMES, 'from this tab', 1_000);
    expect(drafts()).toEqual({ [DENNIS]: 'from the other tab', [JAMES]: 'from this tab' });
    stop();
  });

  it('log-out leaves nothing of them on the device', () => {
    saveDraft(ME, JAMES, 'private words', 1_000);
    clearDrafts();
    expect(drafts()).toEqual({});
    expect(localStorage.getItem(`chat-drafts:${ME}`)).toBeNull();
  });

  it('without storage (disabled, or refused in a private mode) the page keeps every chat\'s draft itself', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    saveDraft(ME, JAMES, 'to James', 1_000);
    saveDraft(ME, DENNIS, 'to Dennis', 2_000);
    expect(drafts()).toEqual({ [JAMES]: 'to James', [DENNIS]: 'to Dennis' });
  });

  it('unreadable storage means no drafts, not a broken chat', () => {
    localStorage.setItem(`chat-drafts:${ME}`, '{not json');
    const stop = followDrafts(ME, () => 1_000);
    expect(drafts()).toEqual({});
    saveDraft(ME, JAMES, 'still works', 1_000);
    expect(draftOf(ME, JAMES, 1_000)).toBe('still works');
    stop();
  });
});
