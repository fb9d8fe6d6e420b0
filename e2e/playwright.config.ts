import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
// scripts/e2e.sh empties it first: each run starts on a fresh embedded database, seeded on first
// start like a new install. (Not here: Playwright loads this file in every worker too.)
const dataDir = path.join(root, '.tmp/e2e-data');
// Janus's API secret for this run (the media server and the server that alone may use it).
const janusSecret = process.env.E2E_JANUS_SECRET ?? randomBytes(18).toString('hex');
process.env.E2E_JANUS_SECRET = janusSecret;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Against the cluster of scripts/test-cluster.sh, with its own config (playwright.cluster.config.ts).
  testIgnore: 'cluster.spec.ts',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  // Every spec against the floor simulated in the server's process; the walking skeleton also
  // against a floor hosted by a machine agent process (LOCAL_AGENT, as `npm start` runs it).
  projects: [
    { name: 'direct' },
    {
      name: 'agent',
      testMatch: 'walking-skeleton.spec.ts',
      use: { baseURL: `http://127.0.0.1:${port + 4}` },
    },
    // And through the media server (Janus, issue #18), the floor on an agent process: playing,
    // and watching as a spectator.
    {
      name: 'sfu',
      testMatch: ['walking-skeleton.spec.ts', 'spectate.spec.ts'],
      use: { baseURL: `http://127.0.0.1:${port + 6}` },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // Loopback is the venue's own network, permitted; the second server below says otherwise.
        PERMITTED_COUNTRIES: 'TR',
        DATA_DIR: dataDir,
        // The specs sign in as the demo players (the embedded default, said out loud).
        SEED_DEMO: 'true',
        ICE_ALLOWED_ADDRESSES: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // The operator's Settings.json overrides: PIN_CHECK on, so the idle lock can be tested.
        SETTINGS_FILE: path.join(root, 'e2e/fixtures/settings.json'),
        // Every test signs in from 127.0.0.1; the production limit (20 a minute) would make a
        // whole run of sign-ins, wrong passwords and lockouts depend on timing.
        LOGIN_RATE_PER_MINUTE: '600',
        // The idle warning of a slot session comes after 10 s instead of minutes (e2e/game.spec.ts);
        // long enough that no other spec's player sits idle that long.
        SESSION_IDLE_MS: '10000',
        // No random machine faults: specs count available machines.
        FAULT_RATE_PER_HOUR: '0',
        // The player app served from another origin (cross-origin.spec.ts): main port + 2.
        ALLOWED_ORIGINS: `http://127.0.0.1:${port + 2}`,
      },
    },
    // A player connecting from a country that is not permitted (shell.spec.ts): this server counts
    // loopback as the United States and permits only Turkey. Port: the main one + 1.
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `http://127.0.0.1:${port + 1}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port + 1),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'blocked-country'),
        SEED_DEMO: 'true',
        PERMITTED_COUNTRIES: 'TR',
        GEO_PRIVATE_COUNTRY: 'US',
        LOG_LEVEL: 'warn',
        FLOOR_FPS: '5',
        FAULT_RATE_PER_HOUR: '0',
      },
    },
    // The console's hand pay above the threshold (console.spec.ts): every winning game is a hand
    // pay and every hand pay waits for a second supervisor, on a server of its own so that no other
    // spec's game locks for one. Port: the main one + 3.
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `http://127.0.0.1:${port + 3}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port + 3),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'hand-pay'),
        SEED_DEMO: 'true',
        PERMITTED_COUNTRIES: 'TR',
        LOG_LEVEL: 'warn',
        FLOOR_FPS: '5',
        FAULT_RATE_PER_HOUR: '0',
        LOGIN_RATE_PER_MINUTE: '600',
        HAND_PAY_LIMIT: '1',
        HAND_PAY_APPROVAL_ABOVE: '0',
      },
    },
    // The floor hosted by the server's own machine agent process (port: the main one + 4).
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `http://127.0.0.1:${port + 4}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port + 4),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'agent-floor'),
        SEED_DEMO: 'true',
        PERMITTED_COUNTRIES: 'TR',
        ICE_ALLOWED_ADDRESSES: '127.0.0.1',
        LOG_LEVEL: 'warn',
        FAULT_RATE_PER_HOUR: '0',
        LOCAL_AGENT: '1',
      },
    },
    // The media server for the 'sfu' project: Debian's Janus on main port + 5 (scripts/e2e.sh
    // has made the veth end it gathers on, 127.0.0.2).
    {
      command: 'bash scripts/janus.sh',
      cwd: root,
      port: port + 5,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        JANUS_API_SECRET: janusSecret,
        JANUS_WS_PORT: String(port + 5),
        JANUS_CONFIG_DIR: path.join(dataDir, 'janus'),
      },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `http://127.0.0.1:${port + 6}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port + 6),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'sfu'),
        SEED_DEMO: 'true',
        PERMITTED_COUNTRIES: 'TR',
        ICE_ALLOWED_ADDRESSES: '127.0.0.1,127.0.0.2',
        LOG_LEVEL: 'warn',
        FAULT_RATE_PER_HOUR: '0',
        LOCAL_AGENT: '1',
        JANUS_URL: `ws://127.0.0.1:${port + 5}`,
        JANUS_API_SECRET: janusSecret,
      },
    },
  ],
});
