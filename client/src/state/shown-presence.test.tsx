// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionAtom, presenceAtom, type ConnectionState } from './chats.js';
import { Provider, appStore } from './jotai.js';
import { useShownPresence } from './shown-presence.js';

afterEach(() => {
  cleanup();
  appStore.set(presenceAtom, new Map());
  appStore.set(connectionAtom, 'connecting');
});

function Peer({ id }: { id: number }) {
  const presence = useShownPresence(id, { online: true, last_seen: null });
  return <p>{presence.online ? 'online' : `not shown online, last seen ${presence.last_seen ?? 'unknown'}`}</p>;
}

const show = (connection: ConnectionState) => act(() => appStore.set(connectionAtom, connection));

describe("a peer's presence as the chat shows it", () => {
  it('is not "online" while this tab reaches the server by no road, and is again once it does', () => {
    appStore.set(presenceAtom, new Map([[7, { online: true, last_seen: null }]]));
    render(<Provider store={appStore}><Peer id={7} /></Provider>);
    show('online');
    expect(screen.getByText('online')).toBeTruthy();
    show('polling');
    expect(screen.getByText('online')).toBeTruthy();
    show('offline');
    expect(screen.getByText('not shown online, last seen unknown')).toBeTruthy();
    show('online');
    expect(screen.getByText('online')).toBeTruthy();
  });

  it('keeps "last seen" while offline, and does not fall back to the profile as loaded', () => {
    appStore.set(presenceAtom, new Map([[7, { online: false, last_seen: '2026-11-28T10:00:00.000Z' }]]));
    render(<Provider store={appStore}><Peer id={7} /><Peer id={8} /></Provider>);
    show('offline');
    expect(screen.getByText('not shown online, last seen 2026-11-28T10:00:00.000Z')).toBeTruthy();
    // 8 is known only from the profile as loaded (online): not shown online either.
    expect(screen.getAllByText(/not shown online/)).toHaveLength(2);
  });
});
