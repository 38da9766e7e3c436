import type { SiteRow } from '@db/schema/index.js';
import type { AppContext } from '../context.js';

declare module 'express-session' {
  interface SessionData {
    userId?: number;
    /** users.session_epoch when the session logged in; a mismatch ends the session */
    epoch?: number;
    /** when the session was last re-saved to slide its expiry (see refreshAgeingSession) */
    refreshedAt?: number;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      ctx: AppContext;
      site: SiteRow;
    }
  }
}

export {};
