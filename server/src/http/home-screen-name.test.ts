import { describe, expect, it } from 'vitest';
import { HOME_SCREEN_NAME_LENGTH, homeScreenName } from './home-screen-name.js';

/** Characters as a reader counts them (an emoji or an accented letter is one). */
const length = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

describe('the name under an installed app’s icon (manifest short_name)', () => {
  it('is the site’s name when it fits', () => {
    expect(homeScreenName('Amora')).toBe('Amora');
    expect(homeScreenName('Amora Test')).toBe('Amora Test');
    expect(homeScreenName('Amora Dating')).toBe('Amora Dating');
  });

  it('keeps the whole words that fit, never half a word', () => {
    expect(homeScreenName('Amora Dating Club')).toBe('Amora Dating');
    expect(homeScreenName('Romantische Ontmoetingen Nederland')).toBe('Romantische');
    expect(homeScreenName('Singles-Treff Berlin')).toBe('Singles');
  });

  it('leaves no dash or punctuation hanging at the end', () => {
    expect(homeScreenName('Amora — Dating Club')).toBe('Amora');
    expect(homeScreenName('Amora: Dating Nederland')).toBe('Amora');
  });

  it('cuts a single word longer than the label after its first characters', () => {
    expect(homeScreenName('Liebesgeflüster')).toBe('Liebesgeflüs');
  });

  it('counts an emoji or an accented letter as one character', () => {
    expect(homeScreenName('Amour 💕 Été Paris')).toBe('Amour 💕 Été');
    expect(homeScreenName('Cafe\u0301 Rencontres')).toBe('Cafe\u0301');
  });

  it('is never longer than the label', () => {
    for (const name of ['Amora Dating Club', 'Liebesgeflüster', 'A very long name indeed', 'Włoskie Randki Online']) {
      expect(length(homeScreenName(name)), name).toBeLessThanOrEqual(HOME_SCREEN_NAME_LENGTH);
    }
  });
});
