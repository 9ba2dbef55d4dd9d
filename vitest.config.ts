import { defineConfig } from 'vitest/config';

// Six projects, one per kind of test, so each can run alone:
//   unit      pure TypeScript (domain, feed, functions logic), no emulator
//   web       React components in jsdom
//   emulator  rules, repositories and functions against the Firebase emulators
//   browser   the built app in a real Chromium against the whole local stack
//   engines   the main screens walked in Chromium, Firefox and WebKit against the whole local stack
//   lifecycle `npm start` started, used and stopped (after the stack above is down)
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'functions/src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['**/*.emulator.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      // The web project has its own file: its React plugin is installed in web/, not at the root.
      'web/vitest.config.ts',
      {
        test: {
          name: 'emulator',
          expect: { poll: { timeout: 10_000, interval: 100 } },
          include: ['**/*.emulator.test.ts'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The files share their imports (firebase-admin, the rules-unit-testing SDK) rather than load
          // them again each: every file makes its own apps and data, and none mocks a module.
          isolate: false,
        },
      },
      {
        // `npm start` itself, started and stopped: runs only while no other stack is up.
        test: {
          name: 'lifecycle',
          expect: { poll: { timeout: 10_000, interval: 200 } },
          include: ['tests/lifecycle/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          // A page settles in its own time; polls wait for it rather than a fixed sleep.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          // A hang is caught by the 15 s polls; this bounds a whole flow. Flows that picture and scan each
          // screen in light and dark took 47 to 58 s on a loaded 2-core CI machine, and past 60 s once.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // One Chromium at a time: two cores are shared with the emulators and the web server.
          fileParallelism: false,
          // The files share their imports (playwright-core, firebase-admin, the harness) rather than load
          // them again each: every file launches its own browser and seeds its own users, none mocks a
          // module, and what the harness keeps (the screens checked) is kept per file. Shared: the last
          // crossing forced on a pair (firings.ts), which can only raise a later file's trigger.
          isolate: false,
          // A whole flow through the Functions emulator on a loaded 2-core machine: a second try, as
          // Playwright's own runner gives on CI. The summary of npm test names every test that needed
          // it, with its first try's error (scripts/lib/failed-tests.mjs), so a flaky one is seen.
          retry: 1,
        },
      },
      {
        // The main screens walked in Chromium, Firefox and WebKit (tests/engines): one browser at a time.
        test: {
          name: 'engines',
          include: ['tests/engines/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
