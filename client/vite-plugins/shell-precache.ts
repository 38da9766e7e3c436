import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The worker that keeps the app shell (client/public/sw-push.js, copied as is into the build). */
export const WORKER_FILE = 'sw-push.js';
/** The line of the worker the build replaces; the unbuilt worker caches nothing. */
export const SHELL_PLACEHOLDER = "const SHELL = { build: 'unbuilt', files: [] };";

export interface ShellManifest {
  /** hash of the precached files' names and contents: a new build gets a new cache and worker bytes */
  build: string;
  /** root-relative URLs */
  files: string[];
}

/** Root-relative href/src URLs of the built index.html outside /assets/ (icons, manifest). */
export function linkedPublicFiles(html: string): string[] {
  const urls = [...html.matchAll(/\s(?:href|src)="(\/[^"/][^"]*)"/g)].map((match) => match[1]!);
  return urls.filter((url) => !url.startsWith('/assets/') && !url.includes('?'));
}

/**
 * What the worker precaches: index.html, the public files it links to, and every built file under
 * assets/ (not only the entry: the router loads the lazy chunk of the URL's route, and boot the
 * chunk of the member's language, before the "Can't connect" page can render).
 */
export function shellFiles(bundleFileNames: readonly string[], indexHtml: string): string[] {
  const assets = bundleFileNames.filter((name) => name.startsWith('assets/') && !name.endsWith('.map')).map((name) => `/${name}`);
  return [...new Set(['/index.html', ...linkedPublicFiles(indexHtml), ...assets.sort()])];
}

export function shellBuildHash(files: readonly string[], readFile: (path: string) => Buffer | string): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFile(file)).update('\0');
  return hash.digest('hex').slice(0, 12);
}

/** The worker with the placeholder replaced; throws if it is not there exactly once. */
export function injectShellManifest(workerSource: string, manifest: ShellManifest): string {
  const parts = workerSource.split(SHELL_PLACEHOLDER);
  if (parts.length !== 2) throw new Error(`${WORKER_FILE}: expected the line \`${SHELL_PLACEHOLDER}\` exactly once`);
  return parts.join(`const SHELL = ${JSON.stringify(manifest)};`);
}

/**
 * Writes the shell's precache list into the built worker. Runs after the bundle is written (the
 * public directory, worker included, is copied before), so it reads the files as served.
 */
export function shellPrecache(): Plugin {
  return {
    name: 'amora:shell-precache',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) throw new Error('shell-precache: build.outDir is not set');
      const fromOutDir = (url: string) => readFileSync(join(outDir, url));
      const files = shellFiles(Object.keys(bundle), fromOutDir('/index.html').toString('utf8'));
      const manifest = { build: shellBuildHash(files, fromOutDir), files };
      const workerPath = join(outDir, WORKER_FILE);
      writeFileSync(workerPath, injectShellManifest(readFileSync(workerPath, 'utf8'), manifest));
    },
  };
}
