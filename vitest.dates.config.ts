import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:dates`: the suites whose behaviour depends on today's date, with the test clock
// (tests/helpers/clock.ts) at each date of DATES, in one run: each of the unit, api and ui projects is
// repeated per date ("api 2027-01-01", ...), its workers started with TEST_CLOCK set, so the dates share
// the workers and the database template instead of a run each. TEST_CLOCK=<ISO instant> runs them at that
// date only.

/** A month's first day that is not a Monday (the week began in the month before), 1 January, and 29
 * February late in the evening (already 1 March in UTC). */
export const DATES = ['2027-09-01T00:20:00-03:00', '2027-01-01T00:20:00-03:00', '2028-02-29T21:30:00-03:00'];

/** The date-sensitive suites, the clock's own check first. */
export const DATE_SUITES = [
  'tests/unit/test-clock.test.ts',
  'tests/unit/age-years.test.ts',
  'tests/unit/communication-dates.test.ts',
  'tests/unit/communication-rules.test.ts',
  'tests/unit/date-input.test.ts',
  'tests/unit/date-range.test.ts',
  'tests/unit/holidays.test.ts',
  'tests/unit/roulette.test.ts',
  'tests/api/campaign-results.test.ts',
  'tests/api/car-repair.test.ts',
  'tests/api/careers.test.ts',
  'tests/api/communication-dispatcher.test.ts',
  'tests/api/communication.test.ts',
  'tests/api/events.test.ts',
  'tests/api/holidays.test.ts',
  'tests/api/hr-reports-demo.test.ts',
  'tests/api/hr-reports.test.ts',
  'tests/api/people.test.ts',
  'tests/api/roulette.test.ts',
  'tests/api/sponsorship.test.ts',
  'tests/api/tracking.test.ts',
  'tests/ui/results-report.test.tsx',
  'tests/ui/hr-reports.test.tsx',
  'tests/ui/date-input.test.tsx',
  'tests/ui/generator-daterange.test.tsx',
];

const dates = process.env.TEST_CLOCK ? [process.env.TEST_CLOCK] : DATES;
const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[];

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: dates.flatMap((clock) =>
      projects
        .filter((p) => ['unit', 'api', 'ui'].includes(String(p.test?.name)))
        .map((p) => {
          const folder = `tests/${p.test!.name}/`;
          return {
            ...p,
            test: {
              ...p.test,
              name: `${p.test!.name} ${clock.slice(0, 10)}`,
              include: DATE_SUITES.filter((file) => file.startsWith(folder)),
              env: { ...p.test!.env, TEST_CLOCK: clock },
            },
          };
        }),
    ),
  },
});
