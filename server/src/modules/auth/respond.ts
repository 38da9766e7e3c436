import type { Request, Response } from 'express';
import type { UserRow } from '@db/schema/index.js';
import type { UserResponse } from '@shared/api/auth.js';
import { sendJson } from '../../http/send-json.js';
import { loadUserDto } from '../users/queries.js';

/** Answers `{ user }` for the account, as the member sees it. */
export function sendUser(req: Request, res: Response, user: UserRow, status = 200): void {
  sendJson(res, { user: loadUserDto(req.ctx.db, user, req.site) } satisfies UserResponse, status);
}
