import type { MailCopy } from './copy.js';

export const de: MailCopy = {
  greeting: (name) => `Hallo ${name},`,
  linkFallback: 'Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:',
  validFor: (hours) => `Der Link ist ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} gültig und kann einmal verwendet werden.`,
  ignoreNote: 'Du hast das nicht angefordert? Dann kannst du diese E-Mail einfach ignorieren.',
  signOff: (site) => `Viele Grüße\nDein ${site}-Team`,
  activation: {
    subject: (site) => `Bestätige deine E-Mail-Adresse für ${site}`,
    intro: (site) => `Willkommen bei ${site}! Bitte bestätige deine E-Mail-Adresse, um dein Konto zu aktivieren und loszuchatten.`,
    button: 'Konto aktivieren',
  },
  reset: {
    subject: (site) => `Setze dein Passwort für ${site} zurück`,
    intro: (site) => `Wir haben eine Anfrage erhalten, das Passwort deines ${site}-Kontos zurückzusetzen. Wähle über den Button unten ein neues Passwort.`,
    button: 'Neues Passwort wählen',
  },
  mailChange: {
    subject: (site) => `Bestätige deine neue E-Mail-Adresse für ${site}`,
    intro: (site) => `Bitte bestätige, dass du diese E-Mail-Adresse ab jetzt für dein ${site}-Konto verwenden möchtest.`,
    button: 'Neue Adresse bestätigen',
  },
};
