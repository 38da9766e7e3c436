import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from '../shared/src/constants.js';
import { shown, skipSiteEntryWarning, uniqueEmail } from './shell-helpers.js';

test.beforeEach(async ({ context }) => skipSiteEntryWarning(context));

const dialog = (page: Page) => page.locator('#signup-modal');
const next = (page: Page) => dialog(page).locator('button[type=submit]').click();

async function fillUpToAccountStep(page: Page, name: string) {
  await page.goto('/');
  await page.getByTestId('hero-cta').click();
  await dialog(page).getByText('Woman', { exact: true }).click();
  await dialog(page).getByText('Men', { exact: true }).click();
  await next(page);
  await dialog(page).getByLabel('Date of birth').fill('1992-03-14');
  await next(page);
  await dialog(page).getByLabel('Username').fill(name);
  await next(page);
}

test('sign-up through every step, activation from the e-mail, members frame', async ({ page }) => {
  const email = uniqueEmail('signup');
  await fillUpToAccountStep(page, 'Mila');
  await dialog(page).getByLabel(shown('E-mail address')).fill(email);
  await dialog(page).getByLabel('Password', { exact: true }).fill('a-good-password');
  await next(page);
  await expect(dialog(page)).toContainText('Say hello');
  await dialog(page).getByLabel(/Your first message/).fill('Hi there!');
  await next(page);
  await expect(dialog(page)).toContainText(shown('Check your e-mail'));
  await expect(dialog(page)).toContainText(email);
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
  await expect(page.getByRole('region', { name: shown('Confirm your e-mail address') })).toBeVisible();
  // The checklist's "check the inbox of <address>" reads as one sentence: the address goes on
  // after "of" or at the start of the next line, not in a narrow column of its own beside the text.
  const inSentence = await page.locator('.checklist .email-address').evaluate((address) => {
    const words = document.createRange();
    words.setStart(address.parentElement!, 0);
    words.setEndBefore(address);
    const lines = [...words.getClientRects()].filter((r) => r.width > 0);
    const first = address.getClientRects()[0]!;
    const lastLine = lines[lines.length - 1]!;
    return Math.abs(first.top - lastLine.top) < 2 || Math.abs(first.left - lines[0]!.left) < 2;
  });
  expect(inSentence).toBe(true);

  // Read the activation link from the dev outbox and follow it.
  const outbox = await (await page.request.get('/dev/outbox')).text();
  const section = outbox.split('<article').find((part) => part.includes(email));
  const link = section?.match(/href="([^"]*activate\.php\?token=[^"]+)"/)?.[1];
  expect(link).toBeTruthy();
  await page.goto(link!.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your profile is active');
  await page.getByRole('link', { name: 'Discover members' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search members');
  await expect(page.getByRole('region', { name: shown('Confirm your e-mail address') })).toHaveCount(0);
  await expect(page.locator('.account-dropdown')).toContainText('Mila');
});

test('after the account is made the keyboard goes on: Enter on the notice, then the new page starts at its heading', async ({ page }) => {
  const email = uniqueEmail('keyboard');
  await fillUpToAccountStep(page, 'Ines');
  await dialog(page).getByLabel(shown('E-mail address')).fill(email);
  await dialog(page).getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.keyboard.press('Enter');
  await expect(dialog(page).getByLabel(/Your first message/)).toBeFocused();
  await dialog(page).getByRole('button', { name: 'Create my account' }).focus();
  await page.keyboard.press('Enter');
  // The button that had the focus is gone with the form: the notice's only action takes it, and
  // a screen reader reads the notice with it.
  const proceed = dialog(page).getByRole('button', { name: 'Continue' });
  await expect(proceed).toBeFocused();
  await expect(proceed).toHaveAccessibleDescription(`Almost done! We sent a confirmation link to ${email}. Click it to activate your profile.`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/complete-signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('on a 320 x 640 phone the dialog keeps its close button in view and each step\'s buttons inside it, one line each', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await fillUpToAccountStep(page, 'Nina');
  await dialog(page).getByLabel(shown('E-mail address')).fill(uniqueEmail('narrow'));
  await dialog(page).getByLabel('Password', { exact: true }).fill('a-good-password');
  await next(page);
  const submit = dialog(page).getByRole('button', { name: 'Create my account' });
  const back = dialog(page).getByRole('button', { name: 'Back' });
  await expect(submit).toBeVisible();
  const frame = (await dialog(page).boundingBox())!;
  for (const button of [submit, back]) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(frame.x);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    // One line: a squeezed "Create my account" wrapped onto two (de "Mein Konto erstellen" onto three).
    const lines = await button.evaluate((b) => {
      const text = document.createRange();
      text.selectNodeContents(b);
      return new Set([...text.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
  }
  // The dialog is taller than the screen and scrolls: its close button stays at the top.
  await dialog(page).evaluate((d) => d.scrollTo(0, d.scrollHeight));
  const close = (await dialog(page).locator('.modal-close').boundingBox())!;
  expect(close.y).toBeGreaterThanOrEqual(frame.y);
});

for (const locale of LOCALES) {
  test(`step 1 leaves no choice alone on a row, each label whole inside its choice, on 320 to 390 px phones (${locale})`, async ({ context, page, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    for (const width of [320, 360, 375, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/signup');
      // Both groups on screen before they are read: all() does not wait for them.
      await expect(dialog(page).locator('.choice-group')).toHaveCount(2);
      for (const group of await dialog(page).locator('.choice-group').all()) {
        const layout = await group.evaluate((fieldset) => {
          const choices = [...fieldset.querySelectorAll<HTMLElement>('.choice')];
          const rows = new Map<number, number>();
          for (const choice of choices) rows.set(Math.round(choice.getBoundingClientRect().top), (rows.get(Math.round(choice.getBoundingClientRect().top)) ?? 0) + 1);
          // A label wider than its choice (cut or drawn over the border) or broken inside a word.
          const unfit = choices.filter((choice) => {
            const label = choice.lastElementChild as HTMLElement;
            const box = choice.getBoundingClientRect();
            const text = document.createRange();
            text.selectNodeContents(label);
            const lines = [...text.getClientRects()].filter((r) => r.width > 0);
            return lines.some((r) => r.left < box.left || r.right > box.right) || (lines.length > 1 && !/\s/.test(label.textContent ?? ''));
          });
          return { perRow: [...rows.values()], unfit: unfit.map((c) => c.textContent) };
        });
        const legend = await group.locator('legend').textContent();
        // Rows of equal count: "Both" under "Men" and "Women" was one choice alone on its row.
        expect.soft(new Set(layout.perRow).size, `${width} px "${legend}": ${layout.perRow.join(' + ')} a row`).toBe(1);
        expect.soft(layout.unfit, `${width} px "${legend}"`).toEqual([]);
      }
    }
  });
}

test('client-side rules: minors and an e-mail as username are refused before sending', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('hero-cta').click();
  await next(page);
  await expect(dialog(page)).toContainText('Please choose whether you are a man or a woman.');
  await dialog(page).getByText('Man', { exact: true }).click();
  await dialog(page).getByText('Women', { exact: true }).click();
  await next(page);
  await dialog(page).getByLabel('Date of birth').fill('2015-01-01');
  await next(page);
  await expect(dialog(page)).toContainText('Invalid date of birth.');
  // in progress: Esc does not close it
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeVisible();
});

test('a date of birth or username left empty is called missing, a half-typed date invalid', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('hero-cta').click();
  await dialog(page).getByText('Woman', { exact: true }).click();
  await dialog(page).getByText('Men', { exact: true }).click();
  await next(page);
  const birthDate = dialog(page).getByLabel('Date of birth');
  await next(page);
  await expect(dialog(page).locator('.field-error')).toHaveText('Please enter your date of birth.');
  await expect(birthDate).toHaveAccessibleDescription('Please enter your date of birth.');
  // One part of the date typed: the field holds no date yet, but something was entered.
  await birthDate.focus();
  await page.keyboard.type('03');
  await next(page);
  await expect(dialog(page).locator('.field-error')).toHaveText('Invalid date of birth.');
  await birthDate.fill('1992-03-14');
  await next(page);
  await next(page);
  await expect(dialog(page).locator('.field-error')).toHaveText('Please choose a username.');
  await expect(dialog(page).getByLabel('Username')).toHaveAccessibleDescription('Please choose a username.');
});

test('an e-mail left empty is called missing, a malformed one invalid', async ({ page }) => {
  await fillUpToAccountStep(page, 'Jana');
  const field = dialog(page).getByLabel(shown('E-mail address'));
  await dialog(page).getByLabel('Password', { exact: true }).fill('a-good-password');
  await next(page);
  await expect(dialog(page).locator('.field-error')).toHaveText(shown('Please enter your e-mail address.'));
  await expect(field).toHaveAccessibleDescription(shown('Please enter your e-mail address.'));
  await field.fill('jana');
  await next(page);
  await expect(dialog(page).locator('.field-error')).toHaveText('Invalid email');
  await expect(field).toHaveAccessibleDescription('Invalid email');
});

test('did-you-mean: a mistyped domain is offered and applied in one click', async ({ page }) => {
  await fillUpToAccountStep(page, 'Noor');
  const field = dialog(page).getByLabel(shown('E-mail address'));
  await field.fill('noor@gmial.com');
  await field.blur();
  await dialog(page).getByRole('button', { name: 'noor@gmail.com' }).click();
  await expect(field).toHaveValue('noor@gmail.com');
});

test('a network failure shows the error and the draft survives a reload (password excepted)', async ({ page }) => {
  await fillUpToAccountStep(page, 'Lotte');
  await dialog(page).getByLabel(shown('E-mail address')).fill(uniqueEmail('offline'));
  await dialog(page).getByLabel('Password', { exact: true }).fill('a-good-password');
  await next(page);
  await page.route('**/api/signup.php', (route) => route.abort('internetdisconnected'));
  await next(page);
  await expect(dialog(page).getByRole('alert')).toHaveText('An error occured, please try again later.', { timeout: 20_000 });
  const stored = await page.evaluate(() => sessionStorage.getItem('signup-draft') ?? '');
  expect(stored).toContain('Lotte');
  expect(stored).not.toContain('a-good-password');

  await page.reload();
  await page.getByTestId('hero-cta').click();
  await expect(dialog(page)).toContainText('Say hello');
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  await expect(dialog(page).getByLabel('Username')).toHaveValue('Lotte');
});

test('an existing account gets a log-in prompt', async ({ page }) => {
  await fillUpToAccountStep(page, 'Demo');
  await dialog(page).getByLabel(shown('E-mail address')).fill('demo@amora.test');
  await dialog(page).getByLabel('Password', { exact: true }).fill('whatever-password');
  await next(page);
  await next(page);
  await expect(dialog(page)).toContainText('You already have an account, please log in.');
  // "Create my account", which had the focus, is gone with the form: Log in takes it, and the
  // keyboard goes on from there.
  const logIn = dialog(page).getByRole('link', { name: 'Log in' });
  await expect(logIn).toBeFocused();
  await expect(logIn).toHaveAccessibleDescription('You already have an account, please log in.');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel(shown('E-mail address'))).toHaveValue('demo@amora.test');
});
