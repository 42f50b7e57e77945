// The test clock (vitest setup file of every project). With TEST_CLOCK set (an ISO 8601 instant, e.g.
// '2028-02-29T21:30:00-03:00'), the test process lives at that date: `new Date()`, `Date()` and
// `Date.now()` answer the real time shifted so that the run starts at TEST_CLOCK, and time then flows
// as usual (timeouts, token expiry and waits keep working). The server under test runs in this same
// process (inject, or the UI tests' server), and embedded PGlite reads its clock through Date.now(),
// so `now()` and `CURRENT_DATE` in SQL move with it. CI runs the date-sensitive suites at a month's
// first day, 1 January and 29 February this way (`npm run test:dates`). Without TEST_CLOCK nothing
// changes. A test that needs a date of its own still sets it (vi.setSystemTime, or a `now` argument).
//
// Each test worker shifts its clock when it starts, so every test file begins at TEST_CLOCK. The offset is
// kept in TEST_CLOCK_OFFSET_MS for the threads the worker starts (one that reads time applies it too).

const RealDate = globalThis.Date;
const SHIFTED = Symbol.for('intranet.tests.clock');

/** Shifts this thread's Date by offsetMs (once per thread). */
export function shiftClock(offsetMs: number) {
  const g = globalThis as typeof globalThis & { [SHIFTED]?: number };
  if (g[SHIFTED] !== undefined || !Number.isFinite(offsetMs) || offsetMs === 0) return;
  g[SHIFTED] = offsetMs;
  const now = () => RealDate.now() + offsetMs;
  // A plain function rather than a Proxy or a subclass: `new Date(...)` stays as cheap as the native
  // one (a Proxy made the date-heavy property tests 16 times slower), and answers real Date objects.
  function ShiftedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new RealDate(now()).toString();
    // A subclass of Date (new.target another class) keeps its own prototype.
    if (new.target !== ShiftedDate) return Reflect.construct(RealDate, args.length ? args : [now()], new.target);
    return args.length ? new RealDate(...(args as [number])) : new RealDate(now());
  }
  ShiftedDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.now = now;
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}

const target = process.env.TEST_CLOCK;
if (target && process.env.TEST_CLOCK_OFFSET_MS === undefined) {
  const at = RealDate.parse(target);
  if (Number.isNaN(at)) throw new Error(`TEST_CLOCK is not a date: ${target}`);
  process.env.TEST_CLOCK_OFFSET_MS = String(at - RealDate.now());
}
if (process.env.TEST_CLOCK_OFFSET_MS) shiftClock(Number(process.env.TEST_CLOCK_OFFSET_MS));
