import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
// scripts/e2e.sh empties it first: each run starts on a fresh embedded database, seeded on first
// start like a new install. (Not here: Playwright loads this file in every worker too.)
const dataDir = path.join(root, '.tmp/e2e-data');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
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
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ICE_ALLOWED_ADDRESSES: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The operator's Settings.json overrides: PIN_CHECK on, so the idle lock can be tested.
      SETTINGS_FILE: path.join(root, 'e2e/fixtures/settings.json'),
      // Every test signs in from 127.0.0.1; the production limit (20 a minute) would make a
      // whole run of sign-ins, wrong passwords and lockouts depend on timing.
      LOGIN_RATE_PER_MINUTE: '600',
    },
  },
});
