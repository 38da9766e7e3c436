import type { MailCopy } from './copy.js';

export const en: MailCopy = {
  greeting: (name) => `Hi ${name},`,
  linkFallback: 'If the button does not work, copy this link into your browser:',
  validFor: (hours) => `The link is valid for ${hours} ${hours === 1 ? 'hour' : 'hours'} and can be used once.`,
  ignoreNote: 'Did you not ask for this? Then you can safely ignore this e-mail.',
  signOff: (site) => `Kind regards,\nThe ${site} team`,
  activation: {
    subject: (site) => `Confirm your e-mail address for ${site}`,
    intro: (site) => `Welcome to ${site}! Please confirm your e-mail address to activate your account and start chatting.`,
    button: 'Activate my account',
  },
  reset: {
    subject: (site) => `Reset your password for ${site}`,
    intro: (site) => `We received a request to reset the password of your ${site} account. Choose a new password with the button below.`,
    button: 'Choose a new password',
  },
  mailChange: {
    subject: (site) => `Confirm your new e-mail address for ${site}`,
    intro: (site) => `Please confirm that you want to use this e-mail address for your ${site} account from now on.`,
    button: 'Confirm my new address',
  },
};
