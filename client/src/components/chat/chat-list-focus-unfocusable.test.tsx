// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, appStore } from '../../state/jotai.js';
import { focusChatListAfterDelete, useFocusAfterDelete } from './chat-list-focus.js';

afterEach(cleanup);

/**
 * On a phone the list stays in the page while the chat covers it, hidden by CSS: its title is
 * there but cannot take the focus. Here `focusable` false stands for that (no tabindex).
 */
function List({ focusable }: { focusable: boolean }) {
  useFocusAfterDelete(() => document.getElementById('title'));
  return (
    <h1 id="title" tabIndex={focusable ? -1 : undefined}>
      Chats
    </h1>
  );
}

describe('the focus after a chat is deleted, with the list in the page but hidden', () => {
  it('is kept for the list until it can take it, not dropped at the first try', () => {
    const view = render(<Provider store={appStore}><List focusable={false} /></Provider>);
    act(() => focusChatListAfterDelete({ profile: null }));
    expect(document.activeElement).toBe(document.body);
    view.rerender(<Provider store={appStore}><List focusable /></Provider>);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Chats' }));
  });
});
