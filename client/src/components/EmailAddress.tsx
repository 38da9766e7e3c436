import { Fragment } from 'react';

/**
 * Where a line may break inside an e-mail address: after the @ and before each dot, as addresses
 * and URLs are broken in print, so that each line ends on a whole word and the next starts with
 * the "." or follows the "@". Without these, a narrow screen broke the address anywhere
 * (`overflow-wrap: anywhere`), mid-word: "exa" / "mple.com". A hyphen is a break already.
 * A loop rather than a split on a lookbehind, which Safari before 16.4 cannot parse.
 */
export function emailBreakParts(address: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i < address.length; i++) {
    if (address[i] === '.' || address[i - 1] === '@') {
      parts.push(address.slice(start, i));
      start = i;
    }
  }
  parts.push(address.slice(start));
  return parts;
}

/** An e-mail address in running text, with <wbr> where a line may break inside it. */
export function EmailAddress({ value }: { value: string }) {
  return (
    <span className="email-address">
      {emailBreakParts(value).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
