import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'light';
type Size = 'sm' | 'md' | 'lg';

function classes(variant: Variant, size: Size, block: boolean, extra?: string): string {
  return ['btn', `btn-${variant}`, `btn-${size}`, block ? 'btn-block' : '', extra ?? ''].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  block?: boolean;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A busy button refuses clicks (and a form's submission) but is not `disabled`: a disabled button
 * loses the keyboard focus, which fell to the top of the page, and a dialog closing onto it could
 * not give it back.
 */
export function Button({ variant = 'primary', size = 'md', block = false, busy = false, className, children, disabled, type = 'button', onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(variant, size, block, className)}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => (busy ? event.preventDefault() : onClick?.(event))}
      {...rest}
    >
      {busy && <span className="spinner spinner-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}

interface ButtonLinkProps extends LinkProps {
  variant?: Variant;
  size?: Size;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link for screen readers and new tabs). */
export function ButtonLink({ variant = 'primary', size = 'md', block = false, className, ...rest }: ButtonLinkProps) {
  return <Link className={classes(variant, size, block, className)} {...rest} />;
}
