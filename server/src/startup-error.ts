/**
 * A start that cannot succeed until the operator changes something: the port is taken, the data
 * directory cannot be written, HOST is no address of this machine. main.ts prints the message
 * alone and exits 1; before, each of these ended in a stack trace that named neither the variable
 * nor the file.
 */
export class StartupError extends Error {}

/** Errors of the file system, or of SQLite opening or writing its file: the machine's doing, not the code's. */
const ENVIRONMENT_CODES = /^(EACCES|EPERM|ENOTDIR|EISDIR|EROFS|ENOENT|ENOSPC|EDQUOT|SQLITE_(CANTOPEN|READONLY|NOTADB|PERM|FULL|CORRUPT|IOERR)\w*)$/;

/** Runs `step`; an error of the environment becomes a StartupError saying `what` failed and which variables to check. */
export async function startupStep<T>(what: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && ENVIRONMENT_CODES.test(code)) throw new StartupError(`${what}: ${(err as Error).message}`);
    throw err;
  }
}

/** Why the HTTP server could not listen, in the words of the variables that decide it. */
export function listenFailure(err: NodeJS.ErrnoException, host: string, port: number): StartupError {
  switch (err.code) {
    case 'EADDRINUSE':
      return new StartupError(`port ${port} is already in use on ${host} (PORT, HOST)`);
    case 'EACCES':
      return new StartupError(`no permission to listen on port ${port} (PORT: ports below 1024 need privileges)`);
    case 'EADDRNOTAVAIL':
      return new StartupError(`HOST ${host} is not an address of this machine`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(`HOST ${host} does not resolve to an address`);
    default:
      return new StartupError(`cannot listen on ${host}:${port} (PORT, HOST): ${err.message}`);
  }
}
