/**
 * Builds an account mail (text and inline-styled HTML) in the member's language. Every value
 * that comes from a member or a setting is escaped in the HTML part.
 */
import { LOCALES, type Locale } from '@shared/constants.js';
import type { OutgoingMail } from '../../../adapters/mail.js';
import type { AccountMailKind, MailCopy } from './copy.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { escapeHtml } from './html-escape.js';
import { it } from './it.js';
import { nl } from './nl.js';
import { pl } from './pl.js';

const COPY: Record<Locale, MailCopy> = { en, de, es, fr, it, nl, pl };

export interface AccountMailInput {
  kind: AccountMailKind;
  /** the member's language; anything unknown falls back to English */
  language: string;
  to: string;
  name: string;
  siteName: string;
  link: string;
  validHours: number;
}

export function mailCopyFor(language: string): MailCopy {
  return (LOCALES as readonly string[]).includes(language) ? COPY[language as Locale] : en;
}

export function renderAccountMail(input: AccountMailInput): OutgoingMail {
  const copy = mailCopyFor(input.language);
  const words = copy[input.kind];
  const subject = words.subject(input.siteName);
  const lines = {
    greeting: copy.greeting(input.name),
    intro: words.intro(input.siteName),
    validity: copy.validFor(input.validHours),
    signOff: copy.signOff(input.siteName),
  };

  const text = [
    lines.greeting,
    '',
    lines.intro,
    '',
    `${words.button}: ${input.link}`,
    '',
    lines.validity,
    copy.ignoreNote,
    '',
    lines.signOff,
  ].join('\n');

  const e = escapeHtml;
  const paragraph = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#222">${e(s).replace(/\n/g, '<br>')}</p>`;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f6f1f3;font-family:Arial,Helvetica,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#b0124f">${e(input.siteName)}</h1>
${paragraph(lines.greeting)}
${paragraph(lines.intro)}
<p style="margin:24px 0;text-align:center"><a href="${e(input.link)}" style="display:inline-block;padding:14px 28px;background:#b0124f;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold">${e(words.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#555">${e(copy.linkFallback)}<br><a href="${e(input.link)}" style="color:#b0124f;word-break:break-all">${e(input.link)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#555">${e(lines.validity)} ${e(copy.ignoreNote)}</p>
${paragraph(lines.signOff)}
</div></body></html>`;

  return { to: input.to, subject, text, html };
}
