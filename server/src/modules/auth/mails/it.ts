import type { MailCopy } from './copy.js';

export const it: MailCopy = {
  greeting: (name) => `Ciao ${name},`,
  linkFallback: 'Se il pulsante non funziona, copia questo link nel tuo browser:',
  validFor: (hours) => `Il link è valido per ${hours} ${hours === 1 ? 'ora' : 'ore'} e può essere usato una sola volta.`,
  ignoreNote: 'Non l’hai richiesto tu? Allora puoi ignorare tranquillamente questa e-mail.',
  signOff: (site) => `Un saluto,\nIl team di ${site}`,
  activation: {
    subject: (site) => `Conferma il tuo indirizzo e-mail per ${site}`,
    intro: (site) => `Benvenuto/a su ${site}! Conferma il tuo indirizzo e-mail per attivare il tuo account e iniziare a chattare.`,
    button: 'Attiva il mio account',
  },
  reset: {
    subject: (site) => `Reimposta la tua password di ${site}`,
    intro: (site) => `Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account ${site}. Scegli una nuova password con il pulsante qui sotto.`,
    button: 'Scegli una nuova password',
  },
  mailChange: {
    subject: (site) => `Conferma il tuo nuovo indirizzo e-mail per ${site}`,
    intro: (site) => `Conferma che d’ora in poi vuoi usare questo indirizzo e-mail per il tuo account ${site}.`,
    button: 'Conferma il nuovo indirizzo',
  },
};
