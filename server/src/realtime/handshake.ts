/**
 * Who may open a socket. `allowRequest` refuses handshakes whose Origin is not the origin they are
 * addressed to on one of our sites, nor PUBLIC_URL's (CORS alone does not stop a forged handshake
 * carrying the member's cookie); the connection middleware then requires a live session, exactly
 * as the HTTP side does.
 */
import type { IncomingMessage } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { preparedOnce } from '@db/prepared.js';
import { users } from '@db/schema/index.js';
import type { AppContext } from '../context.js';
import { isMemberOfPage } from '../http/current-user.js';
import { originUrl, pageMayAddress, type RequestOrigin } from '../http/request-origin.js';
import { normaliseHost, type SiteDirectory } from '../http/site.js';
import type { SessionRequest } from './session-reader.js';
import type { MemberSocket } from './types.js';

/**
 * Whether the handshake asks for engine.io's JSONP polling (`j` in the query). It is loaded with a
 * <script> tag, which sends no Origin header: any page of the same site (a sibling subdomain) would
 * pass the Origin check below with the member's cookie, then read the member's chats and send in
 * their name. Our client never uses it.
 */
function asksForJsonp(req: IncomingMessage): boolean {
  return new URL(req.url ?? '/', 'http://host').searchParams.has('j');
}

/**
 * engine.io `allowRequest`: a browser handshake must come from a page of the origin it is
 * addressed to (scheme, host and port; behind a proxy TRUST_PROXY trusts, the forwarded ones),
 * and that host must be a known site (domain or alias), or from a page of PUBLIC_URL. Comparing
 * the host alone let a page on another port or scheme of the same host (http://localhost:8080 for
 * an app on :3000) open a socket with the member's cookie, which browsers send to every port.
 * Without an Origin header (native apps, tests, the same-origin polling GET) the request passes
 * here and the session check decides; JSONP polling is refused outright.
 */
export function originGuard(ctx: AppContext, sites: SiteDirectory, requestOrigin: RequestOrigin) {
  const publicOrigin = originUrl(ctx.config.publicUrl);
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void): void => {
    if (asksForJsonp(req)) return callback('jsonp_not_allowed', false);
    const origin = req.headers.origin;
    if (origin === undefined) return callback(null, true);
    const allowed = pageMayAddress(origin, requestOrigin(req), publicOrigin, sites);
    callback(allowed ? null : 'origin_not_allowed', allowed);
  };
}

// Every (re)connect and every socket command runs this; after a restart thousands arrive at once.
const liveMemberRow = preparedOnce((db) =>
  db
    .select({ id: users.id, paidUser: users.paidUser, status: users.status, sessionEpoch: users.sessionEpoch })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.siteId, sql.placeholder('siteId'))))
    .prepare(),
);

/**
 * The member of a socket's session as the database knows them now, or undefined when the session
 * no longer holds: another site, a deleted account, or a session from before a password change
 * (epoch). The handshake checks this, and so does every socket command, since a socket outlives
 * such changes. Only the columns the check and the chat rules use: the whole users row (the
 * profile's few dozen columns) cost a few per cent of a send's CPU to read and decode.
 */
export function liveSocketMember(ctx: AppContext, userId: number, siteId: number, epoch: number): { id: number; paidUser: boolean } | undefined {
  const user = liveMemberRow(ctx.db).get({ userId, siteId });
  return user && user.status !== 'deleted' && user.sessionEpoch === epoch ? user : undefined;
}

/**
 * Socket.IO connection middleware: the site comes from the host the request was addressed to, the member from the
 * express-session that sessionReader loaded (`io.engine.use`). Anonymous sessions, sessions of another
 * site, of a deleted account or from before a password change (epoch) are refused with
 * Error('authentication_required'), which the client sees as connect_error.
 */
export function authenticateSocket(ctx: AppContext, sites: SiteDirectory, requestOrigin: RequestOrigin) {
  return (socket: MemberSocket, next: (err?: Error) => void): void => {
    const req = socket.request as SessionRequest;
    // The host the origin check compared, as REST finds its site (X-Forwarded-Host from a trusted
    // proxy, else Host). Normalised once here: every command looks its site up by it.
    const host = normaliseHost(requestOrigin(req)?.host ?? '');
    const site = sites.findNormalised(host);
    const userId = req.session?.userId;
    const sessionId = req.sessionID;
    if (!site || !userId || !sessionId) return next(new Error('authentication_required'));
    const epoch = req.session?.epoch ?? 0;
    const user = liveSocketMember(ctx, userId, site.id, epoch);
    // The page's member (auth.member) must be the session's: see requireUser.
    if (!user || !isMemberOfPage((socket.handshake.auth as { member?: unknown } | undefined)?.member, user.id)) return next(new Error('authentication_required'));
    socket.data = { userId: user.id, siteId: site.id, host, epoch, sessionId };
    next();
  };
}
