import { describe, expect, it } from 'vitest';
import { initialScripts, initialStylesheets } from './index-html.js';

const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def456.js">
    <link rel="modulepreload" crossorigin href="/assets/index-abc123.js">
    <link rel="modulepreload" href="https://cdn.example/x.js">
    <link rel="stylesheet" crossorigin href="/assets/index-789.css">
    <link rel="icon" href="/favicon.svg">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('what the landing page loads before it renders', () => {
  it('counts the entry script and each modulepreload once, in document order', () => {
    expect(initialScripts(builtIndex)).toEqual(['/assets/index-abc123.js', '/assets/react-def456.js']);
  });

  it('leaves out other origins, icons and stylesheets from the JavaScript', () => {
    const scripts = initialScripts(builtIndex);
    expect(scripts.some((s) => s.startsWith('https:'))).toBe(false);
    expect(scripts).not.toContain('/favicon.svg');
    expect(initialStylesheets(builtIndex)).toEqual(['/assets/index-789.css']);
  });

  it('finds nothing in a page without module scripts, so the bench can say so', () => {
    expect(initialScripts('<html><body><script src="/legacy.js"></script></body></html>')).toEqual([]);
  });
});
