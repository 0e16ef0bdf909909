import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Three kinds of test, one command: node (protocol, locales, server, database on SQLite and, when
 * TEST_DATABASE_URL is set, PostgreSQL), jsdom (REST client, streams, screens), and the browser
 * tests that drive Debian's Chromium against the real server.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // A bound on a hung test, not a speed goal (those are measured in bench/): at vitest's 5 s,
    // tests that start a worker thread or a process failed on a slow or busy 2-core machine.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/protocol/**/*.test.ts', 'tests/locales/**/*.test.ts', 'tests/server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}', 'tests/streams/**/*.test.ts'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/setup/browser.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
