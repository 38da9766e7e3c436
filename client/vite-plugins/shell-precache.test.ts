import { describe, expect, it } from 'vitest';
import { injectShellManifest, linkedPublicFiles, SHELL_PLACEHOLDER, shellBuildHash, shellFiles } from './shell-precache.js';

// The head of a built index.html, as Vite writes it.
const BUILT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="apple-touch-icon" href="/icon-maskable.svg" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <script type="module" crossorigin src="/assets/index-Ca3PjnfU.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jotai-CxFnqVmj.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D1UD-c4k.css">
    <link rel="preconnect" href="https://maps.example.com">
    <link rel="alternate" href="//cdn.example.com/x">
  </head>
</html>`;

describe('shell precache list', () => {
  it('takes the public files index.html links to (icons, manifest), not assets or other origins', () => {
    expect(linkedPublicFiles(BUILT_HTML)).toEqual(['/favicon.svg', '/icon-maskable.svg', '/manifest.webmanifest']);
  });

  it('is index.html, its public files and every built asset (route and locale chunks too), without source maps', () => {
    const bundle = ['index.html', 'assets/index-Ca3PjnfU.js', 'assets/ChatsPage-B56DzMe1.js', 'assets/de-CN4QhlvN.js', 'assets/index-D1UD-c4k.css', 'assets/index-Ca3PjnfU.js.map'];
    expect(shellFiles(bundle, BUILT_HTML)).toEqual([
      '/index.html',
      '/favicon.svg',
      '/icon-maskable.svg',
      '/manifest.webmanifest',
      '/assets/ChatsPage-B56DzMe1.js',
      '/assets/de-CN4QhlvN.js',
      '/assets/index-Ca3PjnfU.js',
      '/assets/index-D1UD-c4k.css',
    ]);
  });

  it('has a build hash that changes with any file\'s content, so a new deployment gets a new worker and cache', () => {
    const files = ['/index.html', '/favicon.svg'];
    const contents: Record<string, string> = { '/index.html': '<html>', '/favicon.svg': '<svg>' };
    const before = shellBuildHash(files, (file) => contents[file]!);
    expect(shellBuildHash(files, (file) => contents[file]!)).toBe(before);
    contents['/favicon.svg'] = '<svg class="new">';
    expect(shellBuildHash(files, (file) => contents[file]!)).not.toBe(before);
    expect(before).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('writing the list into the worker', () => {
  it('replaces the placeholder line with the manifest', () => {
    const worker = `const VERSION = 2;\n${SHELL_PLACEHOLDER}\nconst CACHE = 1;`;
    expect(injectShellManifest(worker, { build: 'abc', files: ['/index.html'] })).toBe(
      'const VERSION = 2;\nconst SHELL = {"build":"abc","files":["/index.html"]};\nconst CACHE = 1;',
    );
  });

  it('fails the build when the placeholder is missing or repeated, rather than ship a worker that caches nothing', () => {
    const manifest = { build: 'abc', files: [] };
    expect(() => injectShellManifest('const SHELL = {};', manifest)).toThrow(/exactly once/);
    expect(() => injectShellManifest(`${SHELL_PLACEHOLDER}\n${SHELL_PLACEHOLDER}`, manifest)).toThrow(/exactly once/);
  });
});
