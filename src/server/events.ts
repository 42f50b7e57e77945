// Change events from the audit trigger's NOTIFY on intranet_events. Every server instance listens,
// so a change written through one reaches the subscriptions held by all of them.
import type { Database } from './db/index.js';

export interface ChangeEvent {
  /** schema.table, as the schemas name it (rh.departamento). */
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  id: string | null;
}

export const EVENTS_CHANNEL = 'intranet_events';

export class EventBus {
  private handlers = new Set<(event: ChangeEvent) => void>();
  private resyncHandlers = new Set<() => void>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private db: Database) {}

  async start() {
    this.stop = await this.db.listen(
      EVENTS_CHANNEL,
      (payload) => {
        let event: ChangeEvent;
        try {
          event = JSON.parse(payload);
        } catch {
          return;
        }
        if (!event || typeof event.table !== 'string') return;
        for (const h of this.handlers) h(event);
      },
      () => this.resync(),
    );
  }

  /** How many handlers listen now (each live subscription holds one until it ends). */
  get handlerCount() {
    return this.handlers.size;
  }

  on(handler: (event: ChangeEvent) => void) {
    this.handlers.add(handler);
    return () => void this.handlers.delete(handler);
  }

  /**
   * Called when events may have been missed (the LISTEN connection was lost and is back): whoever
   * keeps derived state must read it again.
   */
  onResync(handler: () => void) {
    this.resyncHandlers.add(handler);
    return () => void this.resyncHandlers.delete(handler);
  }

  resync() {
    for (const h of this.resyncHandlers) h();
  }

  /** Async iterator of the events of one table; it ends on return() or when signal aborts. */
  watch(table: string, signal?: AbortSignal): AsyncIterableIterator<ChangeEvent> {
    const queue: ChangeEvent[] = [];
    let wake: (() => void) | null = null;
    let done = false;
    const off = this.on((e) => {
      if (e.table !== table) return;
      queue.push(e);
      wake?.();
    });
    const finish = () => {
      done = true;
      off();
      signal?.removeEventListener('abort', finish);
      wake?.();
    };
    if (signal?.aborted) finish();
    else signal?.addEventListener('abort', finish);
    const iterator: AsyncIterableIterator<ChangeEvent> = {
      async next() {
        while (!queue.length && !done) await new Promise<void>((r) => (wake = r));
        wake = null;
        if (done) return { value: undefined, done: true };
        return { value: queue.shift()!, done: false };
      },
      async return() {
        finish();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }

  async close() {
    await this.stop?.();
    this.stop = null;
    this.handlers.clear();
    this.resyncHandlers.clear();
  }
}
