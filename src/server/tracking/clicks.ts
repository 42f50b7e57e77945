// The clicks of the redirect, recorded without making the visitor wait: each one goes to an
// in-memory buffer, written every `intervalMs` (TRACKING_FLUSH_MS, 250 ms) or as soon as `batchSize`
// rows wait, in one transaction: one multi-row INSERT ... SELECT FROM jsonb_to_recordset of the
// clicks and one upsert of the links' counts (vendas.tracking_url_cliques, apart from the link's row:
// counting is not an edit, no history entry). The app's close writes what is left (Fastify onClose),
// so a clean stop loses nothing; a crash loses at most the clicks of the last interval. A failed
// write keeps its rows and is tried again on the next tick, keeping at most `maxPending` rows (the
// oldest are dropped beyond that, and counted in `dropped`).
import type { Database } from '../db/index.js';

export interface Click {
  id_tracking_url: number;
  /** ISO instant. */
  created_at: string;
  referrer: string | null;
  navegador: string | null;
  sistema: string | null;
  dispositivo: string;
  bot: boolean;
  preview: boolean;
  metodo: 'GET' | 'HEAD';
  qr: boolean;
  visitante: string | null;
}

export interface ClickBufferOptions {
  intervalMs?: number;
  batchSize?: number;
  maxPending?: number;
  onError?: (error: unknown) => void;
}

export class ClickBuffer {
  private pending: Click[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  /** Clicks given up after failed writes (beyond maxPending). */
  dropped = 0;
  /** Clicks written so far by this process. */
  written = 0;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxPending: number;

  constructor(
    private db: Database,
    private options: ClickBufferOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    this.maxPending = options.maxPending ?? 200_000;
  }

  get size() {
    return this.pending.length;
  }

  add(click: Click) {
    this.pending.push(click);
    if (this.pending.length > this.maxPending) {
      const excess = this.pending.length - this.maxPending;
      this.pending.splice(0, excess);
      this.dropped += excess;
    }
    if (this.pending.length >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref?.();
    }
  }

  /** Writes every waiting click (one write at a time); resolves when they are stored or the write failed. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.pending.length) return;
    const rows = this.pending;
    this.pending = [];
    this.flushing = this.write(rows)
      .then(() => {
        this.written += rows.length;
        this.failures = 0;
      })
      .catch((error) => {
        // Kept for the next attempt, ahead of the newer clicks.
        this.pending = rows.concat(this.pending);
        this.failures++;
        this.options.onError?.(error);
        if (!this.timer) {
          // Backing off: 1, 2, 4 ... up to 30 intervals.
          this.timer = setTimeout(
            () => {
              this.timer = null;
              void this.flush();
            },
            this.intervalMs * Math.min(30, 2 ** Math.min(this.failures, 5)),
          );
          this.timer.unref?.();
        }
      })
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  /** Writes what is left and stops the timer (the app's close). A failed last write is tried a few times. */
  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 3 && this.pending.length; attempt++) {
      await this.flush();
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private async write(rows: Click[]) {
    const counts = new Map<number, number>();
    for (const r of rows) counts.set(r.id_tracking_url, (counts.get(r.id_tracking_url) ?? 0) + 1);
    await this.db.transaction(async (tx) => {
      // Clicks of a link deleted meanwhile are left out (the join).
      await tx.query(
        `INSERT INTO vendas.tracking_clique (id_tracking_url, created_at, referrer, navegador, sistema, dispositivo, bot, preview, metodo, qr, visitante)
         SELECT c.id_tracking_url, c.created_at, c.referrer, c.navegador, c.sistema, c.dispositivo, c.bot, c.preview, c.metodo, c.qr, c.visitante
           FROM jsonb_to_recordset($1::jsonb) AS c(id_tracking_url integer, created_at timestamptz, referrer text, navegador text, sistema text,
                dispositivo text, bot boolean, preview boolean, metodo text, qr boolean, visitante text)
           JOIN vendas.tracking_url u ON u.id = c.id_tracking_url`,
        [JSON.stringify(rows)],
      );
      await tx.query(
        `INSERT INTO vendas.tracking_url_cliques AS t (id_tracking_url, cliques)
         SELECT c.id, c.n FROM unnest($1::int[], $2::int[]) AS c(id, n) JOIN vendas.tracking_url u ON u.id = c.id
         ON CONFLICT (id_tracking_url) DO UPDATE SET cliques = t.cliques + excluded.cliques`,
        [[...counts.keys()], [...counts.values()]],
      );
    });
  }
}
