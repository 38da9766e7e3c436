import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Limits how many hashes run at once: each holds 19 MiB, so a burst of log-ins queues here
 * instead of exhausting memory or the libuv thread pool.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export class PasswordHasher {
  private readonly gate: Semaphore;
  constructor(maxConcurrent: number) {
    this.gate = new Semaphore(maxConcurrent);
  }

  hash(password: string): Promise<string> {
    return this.gate.run(() => hash(password, ARGON2_OPTIONS));
  }

  /** False for a wrong password or a malformed stored hash. */
  verify(stored: string, password: string): Promise<boolean> {
    return this.gate.run(() => verify(stored, password).catch(() => false));
  }
}
