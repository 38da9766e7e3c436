import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirectory } from './make-directory.js';

const root = mkdtempSync(join(tmpdir(), 'make-directory-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('makeDirectory', () => {
  it('makes every missing directory of the path, and accepts one that is there', () => {
    const deep = join(root, 'a', 'b', 'c');
    makeDirectory(deep);
    makeDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  // The /proc case, where Node's own recursive mkdir never returns, is run in a process of its
  // own with a time limit: server/src/main.test.ts.
  it('throws ENOTDIR for a path through a file', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(() => makeDirectory(join(file, 'data', 'uploads'))).toThrow(/ENOTDIR/);
  });
});
