import { defineConfig } from 'vitest/config';

// Three projects: node-side unit tests, the player app's component tests (jsdom), and the
// server's integration tests, which start real databases and so run one file at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/agent/src/**/*.test.ts',
          ],
        },
      },
      './apps/player/vitest.config.ts',
      './apps/console/vitest.config.ts',
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts'],
          fileParallelism: false,
          // One module graph for every file: each file importing the whole server afresh took
          // about 7 s, 470 of the stage's 1,080 s. The files keep no state between them (each
          // starts its own servers and databases, none mocks a module or sets the environment).
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        // Through a real media server (Janus) in a loopback-only namespace: scripts/test-sfu.sh.
        test: {
          name: 'integration-sfu',
          environment: 'node',
          include: ['apps/server/test-sfu/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
