// End to end on the cluster (issue #19): two server instances behind HAProxy on one PostgreSQL,
// started by scripts/test-cluster.sh (scripts/start-cluster.sh) before Playwright runs. A config
// of its own because Playwright starts every webServer of a config whichever project runs, and
// playwright.config.ts's servers are not this test's.
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from './chromium';

const proxyPort = Number(process.env.CLUSTER_PORT ?? 8080);

export default defineConfig({
  testDir: '.',
  testMatch: 'cluster.spec.ts',
  // Beside the cluster's logs, not in test-results/, which the other e2e run empties.
  outputDir: path.resolve(import.meta.dirname, '../.tmp/cluster-e2e/test-results'),
  timeout: 120_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${proxyPort}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'cluster' }],
});
