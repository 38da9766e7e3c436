/** Putting a member into, and out of, the express-session of a request. */
import type { Request, Response } from 'express';
import { AUTH_COOKIE_NAME } from '@shared/constants.js';
import type { UserRow } from '@db/schema/index.js';

/**
 * Logs `user` in on a fresh session id (regenerate defeats session fixation) and stores the
 * account's session epoch, so a later password change ends this session.
 */
export async function logIn(req: Request, user: UserRow): Promise<void> {
  await dropSessionOnFailure(req, () => logInSession(req, user));
}

async function logInSession(req: Request, user: UserRow): Promise<void> {
  if (req.session) {
    const replaced = { userId: req.session.userId, sessionId: req.sessionID };
    await new Promise<void>((resolve, reject) => req.session.regenerate((err: unknown) => (err ? reject(err) : resolve())));
    // The replaced session's sockets (same browser, earlier account) must not outlive it. Swept
    // after it is gone from the store: see endSessionSockets.
    if (replaced.userId) endSessionSockets(req, replaced.userId, replaced.sessionId);
  } else {
    // currentUser() may already have destroyed a stale session in this request: start a new one.
    req.sessionStore.generate(req);
  }
  req.session.userId = user.id;
  req.session.epoch = user.sessionEpoch;
  await saveSession(req);
}

/** Re-stamps the current session after the epoch moved (password change keeps this session). */
export async function restampSession(req: Request, user: UserRow): Promise<void> {
  req.session.epoch = user.sessionEpoch;
  await dropSessionOnFailure(req, () => saveSession(req));
}

/**
 * When the session store cannot be written (a Redis outage: 503), the request is left without a
 * session. Else express-session would try the same write again after the error answer was sent,
 * fail again, and hand that error to Express, which then resets the connection under the client.
 */
async function dropSessionOnFailure(req: Request, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    delete (req as { session?: unknown }).session;
    throw err;
  }
}

/** Removes the session from the store (the old cookie stops working everywhere) and clears the cookie. */
export async function logOut(req: Request, res: Response): Promise<void> {
  if (req.session) {
    const { userId } = req.session;
    const sessionId = req.sessionID;
    await new Promise<void>((resolve, reject) => req.session.destroy((err: unknown) => (err ? reject(err) : resolve())));
    // Open sockets of this session (on any node) are closed too, or they would outlive the log-out.
    if (userId) endSessionSockets(req, userId, sessionId);
  }
  res.clearCookie(AUTH_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax' });
}

/**
 * Closes the sockets of a session already gone from the store. In that order because a socket
 * whose handshake read the session just before is not in its member's room yet when the sweep
 * runs: once in, it reads the session again (realtime/session-recheck.ts) and must find it gone.
 */
function endSessionSockets(req: Request, userId: number, sessionId: string): void {
  req.ctx.notifier.endSession?.(userId, sessionId);
}

function saveSession(req: Request): Promise<void> {
  return new Promise<void>((resolve, reject) => req.session.save((err: unknown) => (err ? reject(err) : resolve())));
}
