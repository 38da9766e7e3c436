import { expect, test, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { DEMO_ACCOUNTS, bubble, conversationWith, memberContext, sendFromComposer, uniqueText } from './chat-fixtures.js';

/**
 * Emoji show as the colour pictures members' phones show, not as the monochrome outlines of the
 * first text font that happens to have a glyph (DejaVu Sans here: it has 😄 and ⚡ in black and
 * white). Digits, #, *, ©, ®, ™ and arrows also have emoji forms; they stay in the text font.
 */

/** Pixels of a bright yellow, the face of 😄 and the bolt of ⚡ in colour: none in a glyph drawn in one text colour on the rose or white bubble. */
function yellowPixels(png: Buffer): number {
  const image = PNG.sync.read(png);
  let count = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    if (r > 180 && g > 130 && b < 110 && r - b > 100) count += 1;
  }
  return count;
}

/** A screenshot of where `text` is drawn inside the element, found with a DOM Range over its characters. */
async function shotOfText(page: Page, element: Locator, text: string): Promise<Buffer> {
  const box = await element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const rect = range.getBoundingClientRect();
      return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    }
    return null;
  }, text);
  expect(box, `"${text}" drawn in the element`).not.toBeNull();
  return page.screenshot({ clip: box! });
}

/** The fonts Chromium drew an element's text with (DevTools' "Rendered Fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test(`emoji in a chat message and in the message box show in colour; digits, #, *, ©, ®, ™ and arrows stay in the text font (${size})`, async ({ browser, baseURL }) => {
    // James: a premium member, whose messages cost no credits.
    const james = await memberContext(browser, baseURL!, DEMO_ACCOUNTS.premium);
    const page = james.page;
    await page.setViewportSize(viewport);
    const { conversation } = await conversationWith(james, DEMO_ACCOUNTS.free.name);
    await page.goto(`/chats/${conversation}`);
    await expect(page.getByTestId('chat-thread')).toBeVisible();

    // While typing: the message box draws 😄 in colour too.
    const input = page.getByTestId('chat-input');
    await input.fill('😄😄😄');
    expect.soft(yellowPixels(await input.screenshot()), '😄 in the message box in colour').toBeGreaterThan(50);

    const withEmoji = uniqueText('Great 😄⚡');
    await sendFromComposer(page, withEmoji);
    // Stored: 'sent', or already 'read' when a spec running beside this one has Sophie's side of
    // the chat open (a CI run saw only 'read' for 7 s).
    await expect(bubble(page, withEmoji)).toHaveAttribute('data-state', /^(sent|read)$/);
    const emojiText = bubble(page, withEmoji).locator('span.chat-bubble-text');
    expect.soft(yellowPixels(await shotOfText(page, emojiText, '😄')), '😄 in colour').toBeGreaterThan(30);
    expect.soft(yellowPixels(await shotOfText(page, emojiText, '⚡')), '⚡ in colour').toBeGreaterThan(10);

    const symbols = uniqueText('Room 12 # * © ® ™ → ↔');
    await sendFromComposer(page, symbols);
    const symbolText = bubble(page, symbols).locator('span.chat-bubble-text');
    await expect(symbolText).toBeVisible();
    await symbolText.evaluate((element) => element.setAttribute('data-probe', 'symbols'));
    const fonts = await renderedFonts(page, '[data-probe=symbols]');
    expect(fonts.length).toBeGreaterThan(0);
    expect.soft(fonts.filter((family) => /emoji/i.test(family)), 'no character of "12 # * © ® ™ → ↔" drawn from an emoji font').toEqual([]);

    // For a human look: the thread with both messages, and the gift sheet.
    await page.screenshot({ path: `screenshots/emoji-chat-${size}.png` });
    await page.getByRole('button', { name: 'Send a gift' }).click();
    await expect(page.getByTestId('gift-rose')).toBeVisible();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await page.screenshot({ path: `screenshots/emoji-gifts-${size}.png` });
    await james.context.close();
  });
}
