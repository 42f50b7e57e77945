// The test clock itself (tests/helpers/clock.ts): with TEST_CLOCK set, as `npm run test:dates` runs in
// CI, the process and an embedded PGlite live at that date; without it, at the real one. A clock that
// silently did nothing would let the date-sensitive suites pass at today's date only. The database is
// the product's own embedded one, in its worker thread, as the tests' servers start it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, type Database } from '../../src/server/db/index.js';
import { CLOCK } from '../helpers/app.js';

const target = process.env.TEST_CLOCK;
// The run starts at TEST_CLOCK and time then flows: a test file of the run is well within the hour.
const WINDOW_MS = 60 * 60 * 1000;

describe('the test clock', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createPglite(null, { preload: [CLOCK] });
  }, 120_000);
  afterAll(() => db?.close());

  it.runIf(target)('puts Date at TEST_CLOCK: new Date(), Date.now() and Date() agree', () => {
    const at = Date.parse(target!);
    const now = Date.now();
    expect(now).toBeGreaterThanOrEqual(at);
    expect(now - at).toBeLessThan(WINDOW_MS);
    expect(Math.abs(new Date().getTime() - now)).toBeLessThan(5_000);
    expect(Math.abs(Date.parse(Date()) - now)).toBeLessThan(5_000);
    // Dates built from parts are untouched.
    expect(new Date(2028, 1, 29).getDate()).toBe(29);
    expect(new Date(0).getTime()).toBe(0);
  });

  it.runIf(target)('moves the embedded database with it: now() and CURRENT_DATE', async () => {
    const at = Date.parse(target!);
    const { rows } = await db.query<{ now: Date; today: string }>(`select now() as now, to_char(current_date, 'YYYY-MM-DD') as today`);
    const dbNow = new Date(rows[0].now).getTime();
    expect(dbNow).toBeGreaterThanOrEqual(at - 5_000);
    expect(dbNow - at).toBeLessThan(WINDOW_MS);
    expect(rows[0].today).toBe(new Date(dbNow).toISOString().slice(0, 10));
  });

  it.runIf(!target)('leaves the real time alone without TEST_CLOCK', async () => {
    const { rows } = await db.query<{ now: Date }>('select now() as now');
    expect(Math.abs(new Date(rows[0].now).getTime() - Date.now())).toBeLessThan(60_000);
  });
});
