import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * mkdir -p that always ends. Node's `mkdirSync(path, { recursive: true })` never returns for a path
 * under /proc (Node 20): mkdir there answers ENOENT although the parent exists, and Node climbs to
 * the parent, finds it, and tries the child again, forever. A start with DATA_DIR=/proc/... hung
 * at 100 % CPU instead of saying the directory cannot be made. Here each missing parent is made
 * once, top down, and a child that still cannot be made throws its error (ENOENT, EACCES, ...).
 */
export function makeDirectory(path: string): void {
  try {
    mkdirSync(path);
    return;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return; // a file in the way fails the next step, with its own ENOTDIR
    if (code !== 'ENOENT' || dirname(path) === path) throw err;
  }
  makeDirectory(dirname(path));
  try {
    mkdirSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // made by another process meanwhile
  }
}
