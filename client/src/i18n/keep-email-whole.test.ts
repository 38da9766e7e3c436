import { describe, expect, it } from 'vitest';
import { keepEmailWhole } from './keep-email-whole.js';

describe('keepEmailWhole', () => {
  it('joins the hyphen of every locale\'s "e-mail" word, capitalised or inflected', () => {
    expect(keepEmailWhole('Send us an e-mail.')).toBe('Send us an e\u2011mail.');
    expect(keepEmailWhole('Schreib uns eine E-Mail')).toBe('Schreib uns eine E\u2011Mail');
    expect(keepEmailWhole('je e-mailadres')).toBe('je e\u2011mailadres');
    expect(keepEmailWhole('skontaktujesz się e-mailem, z naszego e-maila')).toBe('skontaktujesz się e\u2011mailem, z naszego e\u2011maila');
    expect(keepEmailWhole('E-mail address')).toBe('E\u2011mail address');
  });

  it('leaves the other hyphens breakable and other words alone', () => {
    expect(keepEmailWhole('E-Mail-Adresse')).toBe('E\u2011Mail-Adresse');
    expect(keepEmailWhole('Pays-Bas, re-mail, one-e-mailer')).toBe('Pays-Bas, re-mail, one-e\u2011mailer');
    expect(keepEmailWhole('e-money')).toBe('e-money');
  });
});
