import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../i18n/use-t.js';
import { Icon } from './Icon.js';

interface ModalProps {
  open: boolean;
  title: string;
  /** Close button, Esc and backdrop call this (Esc/backdrop only when dismissible). */
  onClose?: () => void;
  /** false while a flow is in progress: Esc and backdrop then do nothing, the close button stays */
  dismissible?: boolean;
  hideTitle?: boolean;
  id?: string;
  size?: 'sm' | 'md';
  children: ReactNode;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Accessible modal dialog: focus moves in (to the element marked data-autofocus, else the first
 * field, else the dialog) and is kept inside, and returns to where it was on close.
 */
export function Modal({ open, title, onClose, dismissible = true, hideTitle = false, id, size = 'md', children }: ModalProps) {
  const t = useT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // Where focus was when the dialog opened, read while rendering: by the time an effect runs, a
  // field with React's autoFocus inside the dialog has already taken the focus, and closing would
  // "return" it to an element that is gone (focus fell to the page's top).
  const opener = useRef<HTMLElement | null>(null);
  if (!open) opener.current = null;
  else opener.current ??= document.activeElement as HTMLElement | null;

  useEffect(() => {
    if (!open) return;
    const previous = opener.current;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>('input, select, textarea') ?? panel.current;
    if (!panel.current?.contains(document.activeElement)) first?.focus();
    document.body.classList.add('modal-open');
    return () => {
      document.body.classList.remove('modal-open');
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && dismissible && onClose) {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab' || !panel.current) return;
    // Only what can take the focus now: a hidden control listed last let Tab leave the dialog.
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.checkVisibility?.() ?? true);
    const at = items.indexOf(document.activeElement as HTMLElement);
    // Outside the list (the dialog itself, a text the reader selected) counts as before the first
    // and after the last: Shift+Tab from the dialog's own focus went on to the page behind it.
    let wrapTo: HTMLElement | undefined;
    if (event.shiftKey && at <= 0) wrapTo = items.at(-1);
    else if (!event.shiftKey && (at === -1 || at === items.length - 1)) wrapTo = items[0];
    if (!wrapTo) return;
    event.preventDefault();
    wrapTo.focus();
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && dismissible && onClose?.()} onKeyDown={onKeyDown}>
      <div className={`modal modal-${size}`} role="dialog" aria-modal="true" aria-labelledby={titleId} id={id} ref={panel} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal-title'}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className="icon-button modal-close" onClick={onClose} aria-label={t('common.close')}>
              <Icon name="close" />
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
