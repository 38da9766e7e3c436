import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  /** content of the toggle button */
  toggle: ReactNode;
  toggleLabel: string;
  className?: string;
  children: (close: () => void) => ReactNode;
}

/** Menu button: opens on click, closes on Esc, outside click or choosing an item. */
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
    root.current?.querySelector<HTMLElement>('[role=menu] a, [role=menu] button')?.focus();
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
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) close();
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
