import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  /** content of the toggle button */
  toggle: ReactNode;
  toggleLabel: string;
  className?: string;
  children: (close: () => void) => ReactNode;
}

const MENU_ITEMS = '[role=menu] a, [role=menu] button';

/** The key's move among n menu items from index `at`, or null for a key that does not move. */
export function menuMove(key: string, at: number, n: number): number | null {
  if (n === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (at + 1) % n;
    case 'ArrowUp':
      return at <= 0 ? n - 1 : at - 1;
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    default:
      return null;
  }
}

/**
 * Menu button: opens on click (or ArrowDown on the button), arrows, Home and End move among the
 * items, closes on Esc, outside click, choosing an item or Tab out of it.
 */
export function Dropdown({ toggle, toggleLabel, className, children }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    root.current?.querySelector<HTMLElement>(MENU_ITEMS)?.focus();
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      className={`dropdown ${className ?? ''}`}
      ref={root}
      // Tab past the last item used to leave the menu open over the page (the chat's menu over the
      // messages, with the focus already in the message box): leaving it closes it, focus stays put.
      onBlur={(e) => {
        if (open && !root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close();
        if (!open) {
          if (e.key === 'ArrowDown' && e.target === button.current) {
            e.preventDefault();
            setOpen(true);
          }
          return;
        }
        const items = Array.from(root.current?.querySelectorAll<HTMLElement>(MENU_ITEMS) ?? []);
        const next = menuMove(e.key, items.indexOf(document.activeElement as HTMLElement), items.length);
        if (next === null) return;
        e.preventDefault();
        items[next]!.focus();
      }}
    >
      <button type="button" ref={button} className="dropdown-toggle" aria-haspopup="true" aria-expanded={open} aria-controls={menuId} aria-label={toggleLabel} onClick={() => setOpen((v) => !v)}>
        {toggle}
      </button>
      {open && (
        <div className="dropdown-menu" role="menu" id={menuId}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
