/** HTTP for the chat: thin handlers that parse with the shared schemas and call the services. */
import type { Router } from 'express';
import {
  deleteChatBody,
  markReadBody,
  messagesQuery,
  syncQuery,
  type GiftDto,
  type IcebreakerDto,
  type MarkReadResponse,
} from '@shared/api/chats.js';
import { GIFTS } from '@shared/rules/chat-gifts.js';
import { ICEBREAKERS } from '@shared/rules/chat-icebreakers.js';
import type { AppContext } from '../../context.js';
import { requireUser } from '../../http/current-user.js';
import { MemberAllowances } from '../../http/member-allowance.js';
import { parseInput } from '../../http/validate.js';
import { blockRoutes } from '../blocks/routes.js';
import { pageHiddenRoutes } from '../presence-beacon/routes.js';
import { chatListWithPresence, loadMessages, syncMessages } from './reading.js';
import { removeChat } from './removal.js';
import { countsFor, markRead, sendMessage } from './service.js';
import { withLivePresence } from './live-presence.js';

/** REST reads of the list and of missed messages per member: 60 at once, then 2 a second (polling needs one a minute). */
const LIST_READS_BURST = 60;
const LIST_READS_PER_SECOND = 2;
/**
 * REST pages of one conversation's history (opening a chat, scrolling up): 60 at once, then 5 a
 * second. A member scrolling up through a long chat asks for a page each time the top comes into
 * view; a loop asks hundreds a second. Apart from the list's allowance, so paging never stops polling.
 */
const HISTORY_READS_BURST = 60;
const HISTORY_READS_PER_SECOND = 5;

export function chatRoutes(router: Router, ctx: AppContext): void {
  const listReads = new MemberAllowances(LIST_READS_BURST, LIST_READS_PER_SECOND, ctx.clock);
  const historyReads = new MemberAllowances(HISTORY_READS_BURST, HISTORY_READS_PER_SECOND, ctx.clock);

  router.get('/chats.php', async (req, res) => {
    const user = requireUser(req);
    listReads.spend(user.id);
    res.json(await chatListWithPresence(ctx, user, req.site));
  });

  router.get('/messages.php', async (req, res) => {
    const user = requireUser(req);
    historyReads.spend(user.id);
    const answer = loadMessages(ctx, user, req.site, parseInput(messagesQuery, req.query));
    if (!answer.blocked_by_me && !answer.blocked_me) await withLivePresence(ctx, [answer.profile]);
    res.json(answer);
  });

  router.post('/messages.php', async (req, res) => {
    const user = requireUser(req);
    const sent = await sendMessage(ctx, user, req.site, req.body);
    res.status(sent.duplicate ? 200 : 201).json(sent);
  });

  router.post('/messages-read.php', async (req, res) => {
    const user = requireUser(req);
    const { conversation, message } = parseInput(markReadBody, req.body);
    res.json({ counts: await markRead(ctx, user, conversation, message) } satisfies MarkReadResponse);
  });

  router.get('/sync.php', (req, res) => {
    const user = requireUser(req);
    listReads.spend(user.id);
    res.json(syncMessages(ctx, user, parseInput(syncQuery, req.query).after));
  });

  router.get('/counts.php', (req, res) => {
    res.json(countsFor(ctx, requireUser(req).id));
  });

  router.delete('/chat.php', (req, res) => {
    const user = requireUser(req);
    res.json(removeChat(ctx, user, parseInput(deleteChatBody, req.body)));
  });

  // Catalogues are the same for every member of a site; no log-in needed to show them.
  router.get('/gifts.php', (req, res) => {
    res.json(GIFTS.map((g) => ({ id: g.id, emoji: g.emoji, credits: req.site.giftCredits }) satisfies GiftDto));
  });
  router.get('/icebreakers.php', (_req, res) => {
    res.json(ICEBREAKERS.map((i) => ({ id: i.id, key: i.key }) satisfies IcebreakerDto));
  });

  blockRoutes(router, ctx);
  pageHiddenRoutes(router, ctx);
}
