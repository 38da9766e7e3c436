// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, appStore } from '../../state/jotai.js';
import { focusChatListAfterDelete, useFocusAfterDelete } from './chat-list-focus.js';

afterEach(cleanup);

/**
 * A list as ChatList marks it up: a title and one link per profile. `shown` false stands for the
 * phone's hidden list (it cannot take the focus until the navigation away from the chat renders).
 * `focusable` false stands for a list that stays in the page while the chat covers it, hidden by
 * CSS: its title is there but cannot take the focus (no tabindex).
 */
type ListProps = { profiles: number[]; shown?: boolean; focusable?: boolean };

function List({ profiles, shown = true, focusable = true }: ListProps) {
  useFocusAfterDelete(({ profile }) => (profile === null ? null : document.getElementById(`entry-${profile}`)) ?? document.getElementById('title'));
  if (!shown) return null;
  return (
    <section>
      <h1 id="title" tabIndex={focusable ? -1 : undefined}>Chats</h1>
      {profiles.map((id) => (
        <a key={id} id={`entry-${id}`} href={`#${id}`}>
          chat {id}
        </a>
      ))}
    </section>
  );
}

const renderList = (props: ListProps) => {
  const view = render(<Provider store={appStore}><List {...props} /></Provider>);
  return { ...view, rerenderList: (next: ListProps) => view.rerender(<Provider store={appStore}><List {...next} /></Provider>) };
};

describe('the focus after a chat is deleted', () => {
  it('goes to the entry named for it (a delete from the list), or to the title (a delete from the chat)', () => {
    renderList({ profiles: [1, 3] });
    act(() => focusChatListAfterDelete({ profile: 3 }));
    expect(document.activeElement).toBe(screen.getByText('chat 3'));
    act(() => focusChatListAfterDelete({ profile: null }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Chats' }));
  });

  it('waits for the list to show, as on a phone where the deleted chat covered it', () => {
    const { rerenderList } = renderList({ profiles: [1], shown: false });
    act(() => focusChatListAfterDelete({ profile: null }));
    expect(document.activeElement).toBe(document.body);
    rerenderList({ profiles: [1], shown: true });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Chats' }));
  });

  it('moves it once: later renders leave the focus where the member put it', () => {
    const { rerenderList } = renderList({ profiles: [1, 2] });
    act(() => focusChatListAfterDelete({ profile: 2 }));
    screen.getByText('chat 1').focus();
    rerenderList({ profiles: [1, 2, 4] });
    expect(document.activeElement).toBe(screen.getByText('chat 1'));
  });

  it('is forgotten when the list goes, so a list shown later keeps its own focus', () => {
    const first = renderList({ profiles: [1], shown: false });
    act(() => focusChatListAfterDelete({ profile: null }));
    first.unmount();
    renderList({ profiles: [1] });
    expect(document.activeElement).toBe(document.body);
  });
});

describe('the focus after a chat is deleted, with the list in the page but hidden', () => {
  it('is kept for the list until it can take it, not dropped at the first try', () => {
    const { rerenderList } = renderList({ profiles: [], focusable: false });
    act(() => focusChatListAfterDelete({ profile: null }));
    expect(document.activeElement).toBe(document.body);
    rerenderList({ profiles: [], focusable: true });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Chats' }));
  });
});
