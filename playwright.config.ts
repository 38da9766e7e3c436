import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive the built app (`npm run build` first) in Debian's Chromium; Playwright
 * never downloads a browser here. The server runs on its own port with a throw-away data dir
 * and a small seed, so e2e never touches db/data.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-${process.pid}`;
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Removes the data dirs of earlier runs (the shared server's own outlives its run).
  globalSetup: './e2e/sweep-data-dirs.ts',
  // Per test. Several tests take 23-29 s when this VM runs at half speed (the accessibility scans,
  // the screen tour, sign-up with its 7.75 s of designed retries), and one ran past 30 s in CI.
  // Each step still fails fast on its own expect timeout below.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // list prints every test and the summary, readable both in a terminal and in CI logs
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  // One project: the specs that need the demo data as seeded (chat-screens, chat-live,
  // profile-block) start a server of their own (e2e/seeded-server.ts) and run beside the others.
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `http://localhost:${port}/login`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_MEMBERS: '120',
      NODE_ENV: 'test',
      LOGIN_LOCK_THRESHOLD: '5',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
