import type { MailCopy } from './copy.js';

export const nl: MailCopy = {
  greeting: (name) => `Hoi ${name},`,
  linkFallback: 'Werkt de knop niet? Kopieer dan deze link naar je browser:',
  validFor: (hours) => `De link is ${hours} uur geldig en kan één keer worden gebruikt.`,
  ignoreNote: 'Heb je dit niet aangevraagd? Dan kun je deze e-mail gewoon negeren.',
  signOff: (site) => `Groetjes,\nHet ${site}-team`,
  activation: {
    subject: (site) => `Bevestig je e-mailadres voor ${site}`,
    intro: (site) => `Welkom bij ${site}! Bevestig je e-mailadres om je account te activeren en te beginnen met chatten.`,
    button: 'Activeer mijn account',
  },
  reset: {
    subject: (site) => `Stel je wachtwoord voor ${site} opnieuw in`,
    intro: (site) => `We hebben een verzoek ontvangen om het wachtwoord van je ${site}-account opnieuw in te stellen. Kies een nieuw wachtwoord via de knop hieronder.`,
    button: 'Kies een nieuw wachtwoord',
  },
  mailChange: {
    subject: (site) => `Bevestig je nieuwe e-mailadres voor ${site}`,
    intro: (site) => `Bevestig dat je dit e-mailadres voortaan wilt gebruiken voor je ${site}-account.`,
    button: 'Bevestig mijn nieuwe adres',
  },
};
