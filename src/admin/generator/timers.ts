// Timers owned by a component: every one still pending is cleared when the component unmounts, and
// none is started after that. A delayed toast or navigation (the form's submit feedback, ...) must
// not outlive its screen: the user has left it, and a test's environment may be gone by then.
import { useEffect, useMemo, useRef } from 'react';

export interface Timers {
  /** Runs `run` after `ms`, unless the component unmounts first; nothing at all once it has. */
  later(run: () => void, ms: number): void;
  /** Clears every pending timer. */
  clear(): void;
}

export function useTimers(): Timers {
  const pending = useRef(new Set<ReturnType<typeof setTimeout>>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    const timers = pending.current;
    return () => {
      mounted.current = false;
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, []);
  return useMemo(
    () => ({
      later(run, ms) {
        // A callback arriving after the unmount (a request that settled meanwhile) starts nothing.
        if (!mounted.current) return;
        const timer = setTimeout(() => {
          pending.current.delete(timer);
          if (mounted.current) run();
        }, ms);
        pending.current.add(timer);
      },
      clear() {
        pending.current.forEach(clearTimeout);
        pending.current.clear();
      },
    }),
    [],
  );
}
