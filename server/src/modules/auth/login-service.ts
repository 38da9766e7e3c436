/**
 * Log-in with the lockout rule: `loginLockThreshold` wrong passwords in a row lock the account
 * for `loginLockMinutes`; while locked every attempt, even with the right password, answers
 * 429 account_locked with the minutes left. Unknown address and wrong password answer alike.
 */
import { writeTransaction } from '@db/client.js';
import type { UserRow } from '@db/schema/index.js';
import type { AppContext } from '../../context.js';
import { HttpError, tooMany } from '../../http/errors.js';
import type { PasswordHasher } from './passwords.js';
import { capLock, countFailedLogin, findUserByEmail, findUserById, lockAccount, markLoggedIn, recordLoginAttempt } from './queries.js';

export interface LoginInput {
  siteId: number;
  email: string;
  password: string;
  ip: string;
}

type Outcome = { kind: 'ok'; user: UserRow } | { kind: 'wrong' } | { kind: 'locked'; minutes: number };

const loginFailed = () => new HttpError(401, 'login_failed');
const minutesLeft = (lockedUntil: number, now: number) => Math.max(1, Math.ceil((lockedUntil - now) / 60_000));

export class LoginService {
  /** Verified against when the address is unknown, so both failures take the same time. */
  private decoyHash: Promise<string> | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly hasher: PasswordHasher,
  ) {}

  /** The logged-in account, or throws login_failed (401) / account_locked (429). */
  async logIn(input: LoginInput): Promise<UserRow> {
    const { db, clock } = this.ctx;
    const user = findUserByEmail(db, input.siteId, input.email);
    const attempt = { email: input.email, ip: input.ip };

    if (!user || user.status === 'deleted') {
      await this.hasher.verify(await (this.decoyHash ??= this.hasher.hash('decoy password for unknown accounts')), input.password);
      writeTransaction(db, (tx) => recordLoginAttempt(tx, { ...attempt, userId: null, success: false, now: clock.now() }));
      throw loginFailed();
    }

    // Locked: answer without spending a hash on it. A lock never ends later than the lock time
    // from now (capLock): after the server clock stepped back, its stored end can be further away.
    const lockMs = this.ctx.config.loginLockMinutes * 60_000;
    const checkedAt = clock.now();
    const lockedUntil = user.lockedUntil === null ? null : Math.min(user.lockedUntil, checkedAt + lockMs);
    if (lockedUntil !== null && lockedUntil > checkedAt) {
      writeTransaction(db, (tx) => {
        capLock(tx, user.id, checkedAt + lockMs);
        recordLoginAttempt(tx, { ...attempt, userId: user.id, success: false, now: checkedAt });
      });
      throw tooMany('account_locked', { minutes: minutesLeft(lockedUntil, checkedAt) });
    }

    const passwordOk = await this.hasher.verify(user.passwordHash, input.password);
    // Other attempts ran while we hashed: decide on the row as it is now, in one transaction.
    const outcome = writeTransaction(db, (tx): Outcome => {
      const now = clock.now();
      capLock(tx, user.id, now + lockMs);
      const fresh = findUserById(tx, user.id)!;
      const locked = fresh.lockedUntil !== null && fresh.lockedUntil > now;
      recordLoginAttempt(tx, { ...attempt, userId: user.id, success: passwordOk && !locked, now });
      if (locked) return { kind: 'locked', minutes: minutesLeft(fresh.lockedUntil!, now) };
      if (passwordOk) return { kind: 'ok', user: markLoggedIn(tx, fresh) };

      const failures = countFailedLogin(tx, user.id, now);
      if (failures === null) return { kind: 'locked', minutes: minutesLeft(findUserById(tx, user.id)!.lockedUntil ?? now, now) };
      if (failures < this.ctx.config.loginLockThreshold) return { kind: 'wrong' };
      lockAccount(tx, user.id, now + lockMs);
      return { kind: 'locked', minutes: this.ctx.config.loginLockMinutes };
    });

    if (outcome.kind === 'ok') return outcome.user;
    if (outcome.kind === 'locked') throw tooMany('account_locked', { minutes: outcome.minutes });
    throw loginFailed();
  }
}
