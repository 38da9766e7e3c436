import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A path inside the project's db/ folder, from source (this file is in db/) and from a bundle
 * (dist/<name>/<file>.js, two levels below the project). The migrations and the wal-batch library
 * are read from there at run time, not bundled.
 */
export function dbPath(...parts: string[]): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const db = here.endsWith('db') ? here : resolve(here, '../../db');
  return resolve(db, ...parts);
}
