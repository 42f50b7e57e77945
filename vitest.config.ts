import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { resourceManifest } from './scripts/resource-manifest-plugin.js';

/** API files that need a module graph of their own: public-throttles mocks fastify (vi.mock) to see every route registered. */
const API_ISOLATED = ['tests/api/public-throttles.test.ts'];
/** UI files that mock a module (vi.mock): the shell's frame, or the confetti. A mock would outlive its file in a shared worker. */
const UI_ISOLATED = ['tests/ui/careers-public.test.tsx', 'tests/ui/faq.test.tsx', 'tests/ui/roulette-public.test.tsx', 'tests/ui/sponsorship.test.tsx'];

/**
 * Files that start before the others of their project: the longest, which would otherwise end the run alone. Vitest
 * orders by the last run's durations, but a fresh clone (CI) has none and goes by file size: the e2e walk (the
 * longest file by far, a short one) came eighth and its end was the run's end.
 */
const RUN_FIRST = ['tests/e2e/walk.test.ts'];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => RUN_FIRST.some((file) => spec.moduleId.endsWith(file));
    return [...sorted.filter(first), ...sorted.filter((spec) => !first(spec))];
  }
}

// Four projects (the API and UI files each in two, see API_ISOLATED and UI_ISOLATED): unit (pure domain and schema checks), api (the server through inject() on PGlite, or
// on PostgreSQL when DATABASE_URL is set), ui (react-admin screens in jsdom against the real server),
// e2e (a real headless Chromium against a started server; run apart by npm run test:e2e).
export default defineConfig({
  // mercurius loads graphql through require(): the tests must see that same copy, not the .mjs one.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  // virtual:resource-manifest, the resources' summaries the admin's first screen reads (as vite.config.ts).
  plugins: [resourceManifest()],
  test: {
    // In CI a failed test runs once more: a flake then costs a note, not the submission. The CI summary
    // (scripts/ci-summary.mjs) names every test that passed only on its retry, so it gets fixed.
    retry: process.env.CI ? 1 : 0,
    sequence: { sequencer: LongestFirstSequencer },
    // Vitest's default (one worker fewer than the processors) runs the files one at a time on a 2-core
    // machine, leaving a core idle while a file waits on its server: two workers there at least
    // (the PGlite run in CI: 1,316 s with one, 983 s with two).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // TEST_CLOCK=<ISO instant> runs the tests (and the server they start) at that date: tests/helpers/clock.ts.
    setupFiles: ['tests/helpers/clock.ts'],
    projects: [
      // 30 s, not Vitest's 5: the property tests (thousands of runs) and the parser's worker threads take
      // well under a second alone but several on a loaded 2-core machine (load 16 seen), never a deadline.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: API_ISOLATED,
          environment: 'node',
          // The files of a worker share one module graph: each file still starts its own server on its own
          // database (tests/helpers/app.ts), but the server's modules are imported once per worker, not once
          // per file (the import phase went from 114 s to 10 s of the API files' worker time, the project
          // from 359 s to 268 s on a 2-core machine). A file that changes process-wide state puts it back.
          isolate: false,
          globalSetup: ['tests/helpers/databaseTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-isolated',
          include: API_ISOLATED,
          environment: 'node',
          globalSetup: ['tests/helpers/databaseTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          exclude: UI_ISOLATED,
          environment: 'jsdom',
          // As the API files: the files of a worker share its process, its page (jsdom) and the packages
          // (react, MUI, react-admin) imported once; tests/ui/fresh-file.ts gives each file the product's
          // modules afresh, an empty page and storage, and MUI's styles forgotten.
          isolate: false,
          setupFiles: ['tests/helpers/clock.ts', 'tests/ui/fresh-file.ts'],
          globalSetup: ['tests/helpers/databaseTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'ui-isolated',
          include: UI_ISOLATED,
          environment: 'jsdom',
          // MUI's styles lean, as in the ui project (there through fresh-file.ts).
          setupFiles: ['tests/helpers/clock.ts', 'tests/ui/lean-styles.ts'],
          globalSetup: ['tests/helpers/databaseTemplate.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The demo data directory every file's server starts from (one first start per run).
          globalSetup: ['tests/e2e/helpers/dataTemplate.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at once (each its own server and browser): the walk (RUN_FIRST) on one worker while the other
          // files pass on the other; one file at a time took 624 s on a quiet 2-core machine, two 478 s.
        },
      },
    ],
  },
});
