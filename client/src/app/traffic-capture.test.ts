// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { TRACKING_STORAGE_KEY } from '../state/tracking.js';
import { captureTrafficSource } from './traffic-capture.js';

describe('traffic source capture', () => {
  afterEach(() => {
    localStorage.clear();
    history.replaceState(null, '', '/');
  });

  it('stores the tracking record without braces and removes cpc from the address', () => {
    history.replaceState(null, '', '/landers/video?network={adnet}&sub1=abc&cpc=0.25&utm=x');
    captureTrafficSource();
    expect(JSON.parse(localStorage.getItem(TRACKING_STORAGE_KEY)!)).toEqual({ network: 'adnet', sub1: 'abc' });
    expect(location.pathname + location.search).toBe('/landers/video?network=%7Badnet%7D&sub1=abc&utm=x');
  });

  it('leaves a stored record alone when the address carries none', () => {
    localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: 'first' }));
    history.replaceState(null, '', '/pages/faq');
    captureTrafficSource();
    expect(JSON.parse(localStorage.getItem(TRACKING_STORAGE_KEY)!)).toEqual({ network: 'first' });
  });
});
