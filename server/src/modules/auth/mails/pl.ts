import type { MailCopy } from './copy.js';

/** Polish needs three plural forms: 1 godzinę, 2-4 godziny, 5+ godzin (12-14 too). */
function hoursPl(n: number): string {
  if (n === 1) return 'godzinę';
  const lastDigit = n % 10;
  const lastTwo = n % 100;
  return lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14) ? 'godziny' : 'godzin';
}

export const pl: MailCopy = {
  greeting: (name) => `Cześć ${name},`,
  linkFallback: 'Jeśli przycisk nie działa, skopiuj ten link do przeglądarki:',
  validFor: (hours) => `Link jest ważny przez ${hours} ${hoursPl(hours)} i można go użyć tylko raz.`,
  ignoreNote: 'To nie Ty? W takim razie możesz spokojnie zignorować tę wiadomość.',
  signOff: (site) => `Pozdrawiamy,\nZespół ${site}`,
  activation: {
    subject: (site) => `Potwierdź swój adres e-mail w ${site}`,
    intro: (site) => `Witaj w ${site}! Potwierdź swój adres e-mail, aby aktywować konto i zacząć czatować.`,
    button: 'Aktywuj moje konto',
  },
  reset: {
    subject: (site) => `Zresetuj swoje hasło w ${site}`,
    intro: (site) => `Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta w ${site}. Wybierz nowe hasło za pomocą przycisku poniżej.`,
    button: 'Wybierz nowe hasło',
  },
  mailChange: {
    subject: (site) => `Potwierdź swój nowy adres e-mail w ${site}`,
    intro: (site) => `Potwierdź, że od teraz chcesz używać tego adresu e-mail dla swojego konta w ${site}.`,
    button: 'Potwierdź nowy adres',
  },
};
