// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/messages/en.json';
import { Dropdown } from '../Dropdown.js';
import { ConfirmDialog } from './ConfirmDialog.js';

afterEach(cleanup);

/** A button that asks before blocking, as the chat menu and the profile page do. */
function BlockButton({ onConfirm }: { onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <IntlProvider locale="en" messages={en}>
      <button type="button" onClick={() => setAsking(true)}>
        Block
      </button>
      <ConfirmDialog
        open={asking}
        title="Block Roos?"
        text="Roos can no longer contact you."
        confirmLabel="Block"
        cancelLabel="Cancel"
        onConfirm={() => {
          onConfirm();
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
    </IntlProvider>
  );
}

/** The dialog on its own, open, with a spy for each choice. */
function dialog() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <IntlProvider locale="en" messages={en}>
      <ConfirmDialog open title="Delete chat?" text="Delete your conversation with Roos?" confirmLabel="Delete" cancelLabel="Cancel" onConfirm={onConfirm} onCancel={onCancel} />
    </IntlProvider>,
  );
  return { onConfirm, onCancel };
}

describe('a confirmation dialog used with the keyboard', () => {
  it('starts on Cancel, so Enter by habit blocks nothing, and gives the focus back to its button when closed', () => {
    const onConfirm = vi.fn();
    render(<BlockButton onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Block' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('a menu button used with the keyboard', () => {
  function menu() {
    render(
      <Dropdown toggle="More" toggleLabel="Chat options">
        {(close) => (
          <>
            <button type="button" role="menuitem" onClick={close}>
              View profile
            </button>
            <button type="button" role="menuitem" onClick={close}>
              Block
            </button>
            <button type="button" role="menuitem" onClick={close}>
              Delete chat
            </button>
          </>
        )}
      </Dropdown>,
    );
    return screen.getByRole('button', { name: 'Chat options' });
  }
  const focused = () => document.activeElement?.textContent;

  it('opens with ArrowDown on its button and moves among the items with the arrows, Home and End', () => {
    const toggle = menu();
    toggle.focus();
    /** Presses `key` where the focus is; the text of what has the focus then. */
    const press = (key: string) => {
      fireEvent.keyDown(document.activeElement!, { key });
      return focused();
    };
    expect(['ArrowDown', 'ArrowDown', 'End', 'ArrowDown', 'ArrowUp', 'Home'].map(press)).toEqual([
      'View profile', 'Block', 'Delete chat', 'View profile', 'Delete chat', 'View profile',
    ]);
    press('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});

describe('a confirmation dialog (deleting a chat, blocking a member)', () => {
  it('does what it asks only with its confirm button', () => {
    const { onConfirm, onCancel } = dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('does nothing of it with Cancel', () => {
    const { onConfirm, onCancel } = dialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
