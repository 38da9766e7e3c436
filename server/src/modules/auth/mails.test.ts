import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@db/schema/index.js';
import { LOCALES } from '@shared/constants.js';
import { startTestServer, TestClient, type TestServer } from '../../test/harness.js';
import { renderAccountMail } from './mails/render.js';

const base = { to: 'anna@example.com', name: 'Anna', siteName: 'Amora', link: 'https://amora.example/api/activate.php?token=abc_DEF-123', validHours: 72 };

describe('account mails', () => {
  it.each(['activation', 'reset', 'mailChange'] as const)('%s: a different, real translation in each of the 7 locales', (kind) => {
    const mails = LOCALES.map((language) => renderAccountMail({ ...base, kind, language }));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(7);
    expect(new Set(mails.map((m) => m.text)).size).toBe(7);
    for (const mail of mails) {
      expect(mail.to).toBe('anna@example.com');
      expect(mail.subject).toContain('Amora');
      expect(mail.text).toContain(base.link);
      expect(mail.text).toContain('Anna');
      expect(mail.html).toContain(`href="${base.link}"`);
      expect(mail.text).toContain('72');
    }
  });

  it('speaks the member’s language', () => {
    expect(renderAccountMail({ ...base, kind: 'activation', language: 'de' }).subject).toBe('Bestätige deine E-Mail-Adresse für Amora');
    expect(renderAccountMail({ ...base, kind: 'reset', language: 'pl' }).text).toContain('Wybierz nowe hasło');
    expect(renderAccountMail({ ...base, kind: 'reset', language: 'pl', validHours: 2 }).text).toContain('2 godziny');
    expect(renderAccountMail({ ...base, kind: 'mailChange', language: 'es' }).text).toContain('Confirmar mi nueva dirección');
  });

  it('falls back to English for an unknown language', () => {
    expect(renderAccountMail({ ...base, kind: 'activation', language: 'xx' }).subject).toBe('Confirm your e-mail address for Amora');
  });

  it('escapes member and site text in the HTML part', () => {
    const mail = renderAccountMail({ ...base, kind: 'activation', language: 'en', name: '<b onmouseover="x">Eve</b>', siteName: 'A&B <Dating>' });
    expect(mail.html).not.toMatch(/<b onmouseover/);
    expect(mail.html).toContain('&lt;b onmouseover=&quot;x&quot;&gt;Eve&lt;/b&gt;');
    expect(mail.html).toContain('A&amp;B &lt;Dating&gt;');
    expect(mail.text).toContain('<b onmouseover="x">Eve</b>'); // the text part is plain text
  });
});

describe('GET /dev/outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.destroy());

  it('lists stored mails newest first, escaped, with clickable links; ?format=json for scripts', async () => {
    const now = server.clock.now();
    server.db.insert(outbox).values({ toAddress: 'old@example.com', subject: 'Older mail', text: 'nothing', html: '', createdAt: now }).run();
    server.db
      .insert(outbox)
      .values({ toAddress: 'x@example.com', subject: '<script>alert(1)</script>', text: 'Go: https://amora.example/reset-password/do?token=abc&x=1 now', html: '<p>x</p>', createdAt: now + 1 })
      .run();
    const res = await fetch(`${server.url}/dev/outbox`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('<a href="https://amora.example/reset-password/do?token=abc&amp;x=1">');
    expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf('Older mail'));

    const json = await new TestClient(server.url).get('/dev/outbox?format=json');
    expect(json.body.mails[0]).toMatchObject({ to: 'x@example.com', subject: '<script>alert(1)</script>' });
    expect(json.body.mails[1].subject).toBe('Older mail');
  });
});

describe('/dev/outbox in production', () => {
  it('is not mounted', async () => {
    const server = await startTestServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://amora.example' });
    try {
      const res = await fetch(`${server.url}/dev/outbox`);
      expect(res.status).not.toBe(200);
      expect(await res.text()).not.toContain('Outbox');
    } finally {
      await server.destroy();
    }
  });
});
