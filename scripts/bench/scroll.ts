/**
 * `npm run bench -- scroll`: scrolling through the middle of a 10,000-message chat, in Debian's
 * Chromium (/usr/bin/chromium, driven by playwright-core; no browser is ever downloaded). The
 * built server (`dist/server/main.js`) runs on a free port with a throw-away data dir, seeded as
 * the e2e server is; James (the premium demo account) opens a chat whose history is the made-up
 * one of e2e/chat-long-history.spec.ts (e2e/made-up-history.ts: pages of 2,000, rows of different
 * heights). All pages are loaded, then each round jumps to a place in the middle not scrolled
 * before and scrolls BENCH_SCROLL_STEPS steps of BENCH_SCROLL_STEP_PX, one step per animation
 * frame, recording every frame's time (the deltas of requestAnimationFrame's timestamps).
 *
 * Baseline, in the same browser and run, rounds interleaved with the app's: the same 10,000
 * messages as static rows in a box of the same size, with the app's stylesheet and bubble markup,
 * no windowing and no script. It is the floor of scrolling this history at all: the compositor
 * scrolls laid-out rows without running any JavaScript. The ratio is what windowing costs per
 * frame while scrolling (it saves the layout and memory of 10,000 rows at load, which this does
 * not measure). Frames where the middle of the list showed no row (blank space, the window left
 * behind) are counted too, and the messages a round scrolled past: the same pixels should take
 * both past about as many (the app counts a row it has not rendered yet as the mean of those it
 * measured); fewer on the app's side means steps lost or rows mis-estimated. No target: the
 * figures depend on the machine.
 *
 * The frame rate is not capped (--disable-frame-rate-limit, --disable-gpu-vsync): a frame's time
 * is the work it took, not a multiple of 16.7 ms. BENCH_SCROLL_VSYNC=1 keeps Chromium's 60 Hz.
 * Environment: BENCH_SCROLL_STEPS (200), BENCH_SCROLL_STEP_PX (400), BENCH_SCROLL_ROUNDS (3).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.js';
import type { MessageDto } from '../../shared/src/api/chats.js';
import { longHistoryMessage, quietChatOf, serveMadeUpHistory } from '../../e2e/made-up-history.js';
import { ensureClientBuild, ensureServerBuild, repoRoot } from './lib/build.js';
import { freePort, spawnServer, type SpawnedServer } from './lib/processes.js';
import { median, printTable } from './lib/table.js';

export const description = 'frame times scrolling a 10,000-message chat in Chromium vs the same rows static, unwindowed';

const TOTAL = 10_000;
const PAGE = 2_000;
const STEPS = Number(process.env.BENCH_SCROLL_STEPS ?? 200);
const STEP_PX = Number(process.env.BENCH_SCROLL_STEP_PX ?? 400);
const ROUNDS = Number(process.env.BENCH_SCROLL_ROUNDS ?? 3);
const VSYNC = process.env.BENCH_SCROLL_VSYNC === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** as in playwright.config.ts */
const BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const UNCAPPED_ARGS = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];
const VIEWPORT = { width: 1280, height: 720 };

interface Pass {
  /** ms between consecutive animation frames */
  frames: number[];
  /** ms from the first step to the frame after the last */
  totalMs: number;
  /** frames whose first paint-to-be showed no row at the middle of the list */
  blankFrames: number;
  /** message rows in the DOM after the pass */
  rowsInDom: number;
  /** messages between the one at the middle of the list before the pass and the one after */
  messagesPassed: number;
}

/**
 * Runs in the page: jumps to `fraction` of the list's height, lets it settle, then scrolls `steps`
 * steps of `stepPx`, one per animation frame. Rows are counted once, after the pass, so that
 * counting 10,000 static rows does not weigh on the baseline's frames.
 */
async function scrollPass(page: Page, fraction: number): Promise<Pass> {
  // tsx (esbuild, keepNames) wraps the functions below in __name(), which the page lacks.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    async ({ fraction, steps, stepPx }) => {
      const el = document.querySelector<HTMLElement>('[data-testid=chat-scroll]')!;
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      // Settle after the jump (the rows landed on are measured and the list re-anchors): 30 frames, 500 ms at least.
      el.scrollTop = el.scrollHeight * fraction;
      const jumped = performance.now();
      for (let i = 0; i < 30 || performance.now() - jumped < 500; i++) await frame();
      const box = el.getBoundingClientRect();
      const atCentre = () => document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const blankAtCentre = () => {
        const hit = atCentre();
        return !hit || !el.contains(hit) || !hit.closest('[data-testid=chat-message], .chat-day, .chat-row');
      };
      /** the message at the middle of the list, or the next one below it */
      const idAtCentre = () => {
        const rows = [...el.querySelectorAll('[data-testid=chat-message]')];
        const middle = box.top + box.height / 2;
        const row = rows.find((r) => r.getBoundingClientRect().bottom >= middle);
        return Number(row?.getAttribute('data-id') ?? 0);
      };
      const idBefore = idAtCentre();
      const frames: number[] = [];
      let blankFrames = 0;
      let last = await frame();
      const first = last;
      for (let i = 0; i < steps; i++) {
        el.scrollTop += stepPx;
        const now = await frame();
        frames.push(now - last);
        last = now;
        if (blankAtCentre()) blankFrames++;
      }
      for (let i = 0; i < 10; i++) await frame();
      return { frames, totalMs: last - first, blankFrames, rowsInDom: el.querySelectorAll('[data-testid=chat-message]').length, messagesPassed: idAtCentre() - idBefore };
    },
    { fraction, steps: STEPS, stepPx: STEP_PX },
  );
}

/** A row the app rendered, as the template of the static rows. */
interface RenderedRow {
  html: string;
  /** the message's id; 0 for a day separator */
  id: number;
  first: boolean;
}

/** Which template a message takes: the member's own or the peer's, short or long, first of its group or not. */
const shapeOf = (id: number, first: boolean) => `${id % 3 === 0}-${id % 7 === 0}-${first}`;

/** The rows the app has rendered now, read from its DOM. */
async function renderedRows(page: Page): Promise<RenderedRow[]> {
  return page.locator('.chat-row').evaluateAll((rows) =>
    rows.map((row) => {
      const message = row.querySelector('[data-testid=chat-message]');
      return { html: row.innerHTML, id: Number(message?.getAttribute('data-id') ?? 0), first: Boolean(message?.classList.contains('is-first')) };
    }),
  );
}

/**
 * The 10,000 messages as static rows, in flow: each the markup the app rendered for a message of
 * the same shape (rows of the app's, its id and text put in), with a day separator before each
 * day's first message as the app places them; the app's stylesheet; no windowing, no script.
 */
function staticPage(stylesheets: string[], scroller: { width: number; height: number }, templates: RenderedRow[], message: (id: number) => MessageDto): string {
  const byShape = new Map<string, RenderedRow>();
  for (const t of templates) if (t.id > 0) byShape.set(shapeOf(t.id, t.first), t);
  const day = templates.find((t) => t.id === 0);
  if (!day) throw new Error('no day separator among the rows the app rendered');
  const rows: string[] = [];
  let previousDay = '';
  let previousSender = -1;
  for (let id = 1; id <= TOTAL; id++) {
    const m = message(id);
    const dayKey = m.created_at.slice(0, 10);
    if (dayKey !== previousDay) {
      rows.push(`<div>${day.html}</div>`);
      previousDay = dayKey;
      previousSender = -1;
    }
    const first = m.sender !== previousSender;
    previousSender = m.sender;
    const t = byShape.get(shapeOf(id, first));
    if (!t) throw new Error(`no rendered row of the shape of message ${id} (${shapeOf(id, first)})`);
    rows.push(`<div>${t.html.replace(`data-id="${t.id}"`, `data-id="${id}"`).replace(new RegExp(`Message ${t.id}\\b`, 'g'), `Message ${id}`)}</div>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head>
<body><div class="chat-scroll" data-testid="chat-scroll" style="flex:none;overflow-y:auto;width:${scroller.width}px;height:${scroller.height}px"><div class="chat-rows">${rows.join('')}</div></div></body></html>`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Summary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  totalMs: number;
  blank: number;
  rows: number;
  passed: number;
}

function summarise(passes: Pass[]): Summary {
  const frames = passes.flatMap((p) => p.frames).sort((a, b) => a - b);
  return {
    p50: percentile(frames, 50),
    p95: percentile(frames, 95),
    p99: percentile(frames, 99),
    max: frames.at(-1)!,
    totalMs: median(passes.map((p) => p.totalMs)),
    blank: passes.reduce((n, p) => n + p.blankFrames, 0),
    rows: Math.max(...passes.map((p) => p.rowsInDom)),
    passed: median(passes.map((p) => p.messagesPassed)),
  };
}

/** Opens the long chat and loads every older page (scrolled to the top until message 1 is there). */
async function openLongChat(browser: Browser, baseURL: string): Promise<Page & { message: (id: number) => MessageDto }> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT });
  const login = await context.request.post('/api/user.php', { data: { email: DEMO_ACCOUNTS.premium.email, password: DEMO_ACCOUNTS.premium.password } });
  if (login.status() !== 200) throw new Error(`log in ${DEMO_ACCOUNTS.premium.email}: ${login.status()}`);
  const entry = await quietChatOf(context);
  const me = (await (await context.request.get('/api/user.php')).json()) as { user: { id: number } };
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[scroll] page error: ${error.message}`));
  await serveMadeUpHistory(page, entry.conversation, { total: TOTAL, pageSize: PAGE, message: (id) => longHistoryMessage(entry, me.user.id, id), peerLastRead: TOTAL - 10 });
  await page.goto(`/chats/${entry.conversation}`);
  await page.getByTestId('chat-message').filter({ hasText: `Message ${TOTAL}` }).waitFor();
  const scroller = page.getByTestId('chat-scroll');
  const first = page.locator('[data-testid=chat-message][data-id="1"]');
  for (let i = 0; i < 50 && (await first.count()) === 0; i++) {
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await page.waitForTimeout(200);
  }
  if ((await first.count()) === 0) throw new Error('the older pages did not all load');
  return Object.assign(page, { message: (id: number) => longHistoryMessage(entry, me.user.id, id) });
}

export async function main(): Promise<void> {
  ensureClientBuild();
  ensureServerBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scroll-'));
  let server: SpawnedServer | undefined;
  let browser: Browser | undefined;
  // Ctrl-C: the server and the data dir go too (the finally below does not run on a signal).
  const interrupted = () => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const port = await freePort();
    // Seeded as the e2e server is (playwright.config.ts).
    server = await spawnServer({
      command: process.execPath,
      args: [resolve(repoRoot, 'dist/server/main.js')],
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_MEMBERS: '120', NODE_ENV: 'test' },
      ready: /\[server\] ready on /,
    });
    const baseURL = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BROWSER_ARGS, ...(VSYNC ? [] : UNCAPPED_ARGS)] });
    console.log(`[scroll] ${CHROMIUM}: Chromium ${browser.version()}, headless, ${VSYNC ? 'frame rate capped by Chromium (60 Hz)' : 'frame rate not capped'}; viewport ${VIEWPORT.width}x${VIEWPORT.height}`);
    console.log(`[scroll] ${ROUNDS} rounds of ${STEPS} steps of ${STEP_PX} px, app and baseline interleaved`);

    const app = await openLongChat(browser, baseURL);
    const box = await app.getByTestId('chat-scroll').evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight, scrollHeight: el.scrollHeight }));

    // The templates of the static rows: what the app renders, read near the end of the chat (away
    // from the rounds' rows, which must be new to it), a little further on until a day separator and
    // each message shape have been rendered.
    const templates: RenderedRow[] = [];
    await app.getByTestId('chat-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight * 0.9));
    for (let i = 0; i < 40 && !(templates.some((t) => t.id === 0) && new Set(templates.filter((t) => t.id > 0).map((t) => shapeOf(t.id, t.first))).size >= 6); i++) {
      await app.waitForTimeout(300);
      templates.push(...(await renderedRows(app)));
      await app.getByTestId('chat-scroll').evaluate((el) => (el.scrollTop += 1000));
    }
    const baseline = await browser.newPage({ viewport: VIEWPORT });
    // Every stylesheet the chat page has loaded: the chat's own come with its lazy chunk, not index.html.
    const stylesheets = await app.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href));
    const html = staticPage(stylesheets, box, templates, app.message);
    // Same origin as the app, so the stylesheet is the server's own file.
    await baseline.route(`${baseURL}/bench-static-rows`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    await baseline.goto(`${baseURL}/bench-static-rows`);
    const baselineHeight = await baseline.getByTestId('chat-scroll').evaluate((el) => el.scrollHeight);
    const baselineScrolls = await baseline.getByTestId('chat-scroll').evaluate((el) => ((el.scrollTop = 1000), el.scrollTop > 0));
    if (!baselineScrolls) throw new Error('the static rows do not scroll (their stylesheets missing?)');
    console.log(`[scroll] list box ${box.width}x${box.height} px; scroll height: app ${box.scrollHeight.toLocaleString('en-US')} px, static rows ${baselineHeight.toLocaleString('en-US')} px`);

    const appPasses: Pass[] = [];
    const basePasses: Pass[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Fresh rows each round (the app measures a row's height the first time it renders it).
      const fraction = 0.25 + (0.5 * round) / Math.max(1, ROUNDS);
      await app.bringToFront();
      appPasses.push(await scrollPass(app, fraction));
      await baseline.bringToFront();
      basePasses.push(await scrollPass(baseline, fraction));
    }
    const a = summarise(appPasses);
    const b = summarise(basePasses);
    const ratio = (x: number, y: number) => (y > 0 ? `${(x / y).toFixed(2)}x` : '-');
    printTable(
      `Scrolling ${STEPS} steps of ${STEP_PX} px through the middle, ${ROUNDS} rounds (${ROUNDS * STEPS} frames each side); ms`,
      ['figure', 'app (windowed)', 'baseline (10,000 static rows)', 'app / baseline'],
      [
        ['frame p50', a.p50, b.p50, ratio(a.p50, b.p50)],
        ['frame p95', a.p95, b.p95, ratio(a.p95, b.p95)],
        ['frame p99', a.p99, b.p99, ratio(a.p99, b.p99)],
        ['frame max', a.max, b.max, ratio(a.max, b.max)],
        [`total for ${STEPS} steps (median round)`, a.totalMs, b.totalMs, ratio(a.totalMs, b.totalMs)],
        ['frames with no row at the middle', a.blank, b.blank, '-'],
        ['message rows in the DOM', a.rows, b.rows, '-'],
        ['messages scrolled past (median round)', a.passed, b.passed, ratio(a.passed, b.passed)],
      ],
    );
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    await browser?.close().catch(() => {});
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
