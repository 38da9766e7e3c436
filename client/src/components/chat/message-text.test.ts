import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { messageText } from './message-text.js';

const messages = JSON.parse(readFileSync(fileURLToPath(new URL('../../i18n/messages/chat/de.json', import.meta.url)), 'utf8')) as Record<string, string>;
// A missing message is the test's finding, not noise on the console.
const intl = createIntl({ locale: 'de', messages, onError: () => undefined });

describe('the text of a gift', () => {
  it('names a gift of the catalogue in the reader’s language', () => {
    expect(messageText(intl, { kind: 'gift', body: '', gift_id: 'rose' })).toBe(`🌹 ${messages['chat.gift.rose']}`);
  });

  it('says "gift" for one no longer in the catalogue, never its message key', () => {
    // A gift taken out of the catalogue later stays in old chats, in the bubble and the list.
    expect(messageText(intl, { kind: 'gift', body: '', gift_id: 'yacht' })).toBe(`🎁 ${messages['chat.gift.unknown']}`);
  });
});
