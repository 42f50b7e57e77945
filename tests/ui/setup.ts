// Browser APIs jsdom lacks and MUI/react-admin use. Imported first by every UI test file (the
// vitest config is shared, so the shims live here rather than in a setupFiles entry).
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// After unmounting, one turn of the timers: a callback a screen scheduled just before (react-admin's
// reference inputs apply their filters in a setTimeout of 0) runs while the page still exists, not
// after the test file's environment is gone ('window is not defined', an unhandled error that fails
// the run although every test passed).
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

// And a timer scheduled while a page existed that fires after the file's environment is gone is
// dropped: there is no page left for it to update. Timers scheduled without a page (a node-only test
// file sharing the worker) always run. Installed once per worker.
const GUARD = Symbol.for('intranet.tests.timerGuard');
const timers = globalThis as typeof globalThis & { [GUARD]?: true };
if (!timers[GUARD]) {
  timers[GUARD] = true;
  const native = globalThis.setTimeout;
  const guarded = ((callback: unknown, delay?: number, ...args: unknown[]) => {
    if (typeof callback !== 'function' || typeof window === 'undefined') return native(callback as () => void, delay, ...args);
    return native(
      (...params: unknown[]) => {
        if (typeof window === 'undefined') return;
        (callback as (...a: unknown[]) => void)(...params);
      },
      delay,
      ...args,
    );
  }) as typeof setTimeout;
  globalThis.setTimeout = Object.assign(guarded, native);
}

// Screens are lazy-loaded chunks fetched from the real server: allow more than the default second
// (with two test files at once on two cores, a file's first screen can take more than 15 s).
configure({ asyncUtilTimeout: 30_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      // Wide screen: the desktop layout (sidebar, full pagination) is what the tests look at.
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

window.scrollTo = (() => {}) as typeof window.scrollTo;

// Node's fetch refuses jsdom's AbortSignal; requests made by the app in these tests are not aborted.
// Wrapped once per worker (the files of a worker share the page: tests/ui/fresh-file.ts).
const FETCH = Symbol.for('intranet.tests.fetchWithoutSignal');
const fetchHolder = globalThis as typeof globalThis & { [FETCH]?: true };
if (!fetchHolder[FETCH]) {
  fetchHolder[FETCH] = true;
  const nativeFetch = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.signal) {
      const { signal: _ignored, ...rest } = init;
      return nativeFetch(input, rest);
    }
    return nativeFetch(input, init);
  }) as typeof fetch;
}
