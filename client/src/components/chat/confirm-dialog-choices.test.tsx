// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/messages/en.json';
import { ConfirmDialog } from './ConfirmDialog.js';

afterEach(cleanup);

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
