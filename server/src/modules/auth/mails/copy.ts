/** The words of one account mail in one language; the layout lives in render.ts. */
export interface MailText {
  subject: (site: string) => string;
  intro: (site: string) => string;
  button: string;
}

/** Everything a locale module provides for the account mails. */
export interface MailCopy {
  greeting: (name: string) => string;
  /** shown under the button for mail clients that do not render it */
  linkFallback: string;
  validFor: (hours: number) => string;
  ignoreNote: string;
  signOff: (site: string) => string;
  activation: MailText;
  reset: MailText;
  mailChange: MailText;
}

export type AccountMailKind = 'activation' | 'reset' | 'mailChange';
