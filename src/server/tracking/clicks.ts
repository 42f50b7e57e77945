// The clicks of the redirect, recorded without making the visitor wait: the request appends the
// visit's raw facts (RawClick: the link, the instant, the user agent, the referrer, the address, the
// method, the QR flag) to an in-memory buffer and nothing more. The buffer is written every
// `intervalMs` (TRACKING_FLUSH_MS, 250 ms) or as soon as `batchSize` clicks wait; the write builds
// the rows (clickRows: the user agent classified, bots and previews flagged, the address hashed) and
// stores them in one transaction: a multi-row INSERT ... SELECT FROM unnest (an array a column) per
// `statementRows` clicks (500) and one upsert of the links' counts (vendas.tracking_url_cliques,
// apart from the link's row: counting is not an edit, no history entry). The app's close writes
// what is left (Fastify onClose), so a clean stop loses nothing; a crash loses at most the clicks of
// the last interval. A failed write keeps its clicks and is tried again on the next tick, keeping at
// most `maxPending` clicks (the oldest are dropped beyond that, and counted in `dropped`).
import type { Database } from '../db/index.js';
import { classifyAgent } from './userAgent.js';

/** A visit as the request saw it: nothing parsed, classified or hashed yet. */
export interface RawClick {
  /** The link's id (vendas.tracking_url). */
  linkId: number;
  /** Epoch milliseconds of the request. */
  at: number;
  userAgent: string | undefined;
  referrer: string | undefined;
  /** The client's address (request.ip); only its salted hash is stored. */
  ip: string | undefined;
  method: 'GET' | 'HEAD';
  qr: boolean;
}

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

/** The stored columns of a click, in the order of the INSERT's arrays. */
export const CLICK_COLUMNS = ['id_tracking_url', 'created_at', 'referrer', 'navegador', 'sistema', 'dispositivo', 'bot', 'preview', 'metodo', 'qr', 'visitante'] as const satisfies readonly (keyof Click)[];

/** The longest referrer stored. */
const MAX_REFERRER = 500;

/**
 * The stored rows of a batch of raw clicks: the user agent classified (browser, system, device, bot,
 * link preview), the address replaced by its salted hash (computed once per address of the batch),
 * the instant in ISO form.
 */
export function clickRows(clicks: readonly RawClick[], visitorHash: (ip: string) => string): Click[] {
  const visitors = new Map<string, string>();
  return clicks.map((click) => {
    const agent = classifyAgent(click.userAgent);
    let visitante: string | null = null;
    if (click.ip) {
      visitante = visitors.get(click.ip) ?? null;
      if (visitante === null) visitors.set(click.ip, (visitante = visitorHash(click.ip)));
    }
    return {
      id_tracking_url: click.linkId,
      created_at: new Date(click.at).toISOString(),
      referrer: click.referrer ? click.referrer.slice(0, MAX_REFERRER) : null,
      navegador: agent.navegador,
      sistema: agent.sistema,
      dispositivo: agent.dispositivo,
      bot: agent.bot,
      preview: agent.preview,
      metodo: click.method,
      qr: click.qr,
      visitante,
    };
  });
}

export interface ClickBufferOptions {
  /** The salted hash of a visitor's address (TrackingService.visitorHash). */
  visitorHash: (ip: string) => string;
  intervalMs?: number;
  batchSize?: number;
  /** Rows per INSERT statement of a write (500); the event loop runs between two (see write). */
  statementRows?: number;
  maxPending?: number;
  onError?: (error: unknown) => void;
}

export class ClickBuffer {
  private pending: RawClick[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  /** Clicks given up after failed writes (beyond maxPending). */
  dropped = 0;
  /** Clicks written so far by this process. */
  written = 0;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly statementRows: number;
  private readonly maxPending: number;

  constructor(
    private db: Database,
    private options: ClickBufferOptions,
  ) {
    this.intervalMs = options.intervalMs ?? 250;
    this.batchSize = options.batchSize ?? 500;
    this.statementRows = options.statementRows ?? 500;
    this.maxPending = options.maxPending ?? 200_000;
  }

  get size() {
    return this.pending.length;
  }

  /**
   * Appends a visit (the redirect's only work for its click). A full batch starts a write unless one
   * is running (its end starts the next) or the writes are failing (the backoff's timer retries).
   */
  add(click: RawClick) {
    this.pending.push(click);
    if (this.pending.length > this.maxPending) {
      const excess = this.pending.length - this.maxPending;
      this.pending.splice(0, excess);
      this.dropped += excess;
    }
    if (this.pending.length >= this.batchSize) {
      if (!this.flushing && !this.failures) void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref?.();
    }
  }

  /**
   * Writes every waiting click (one write at a time); resolves when they are stored, and those that
   * came meanwhile, or when the write failed.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (!this.pending.length) return;
    const clicks = this.pending;
    this.pending = [];
    let stored = false;
    this.flushing = this.write(clicks)
      .then(() => {
        this.written += clicks.length;
        this.failures = 0;
        stored = true;
      })
      .catch((error) => {
        // Kept for the next attempt, ahead of the newer clicks.
        this.pending = clicks.concat(this.pending);
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
        // A batch that filled up during the write is written next (add started none meanwhile).
        if (stored && this.pending.length >= this.batchSize) void this.flush();
      });
    await this.flushing;
    // The write that the end of this one started, if any, holds clicks that were waiting already.
    while (this.flushing) await this.flushing;
  }

  /** Writes what is left and stops the timer (the app's close). A failed last write is tried a few times. */
  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (let attempt = 0; attempt < 3 && (this.pending.length || this.flushing); attempt++) {
      await this.flush();
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private async write(clicks: RawClick[]) {
    const counts = new Map<number, number>();
    for (const c of clicks) counts.set(c.linkId, (counts.get(c.linkId) ?? 0) + 1);
    await this.db.transaction(async (tx) => {
      // At most `statementRows` rows a statement, built as it goes, with the event loop let run
      // between two: a write after a failure holds every click kept meanwhile (up to maxPending), and
      // an embedded database (PGlite) runs one statement at a time.
      for (let from = 0; from < clicks.length; from += this.statementRows) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        const rows = clickRows(clicks.slice(from, from + this.statementRows), this.options.visitorHash);
        // One array per column (unnest): about a sixth less of the database's time than a JSON
        // document of the rows (jsonb_to_recordset), measured on PGlite. Clicks of a link deleted
        // meanwhile are left out (the join).
        await tx.query(
          `INSERT INTO vendas.tracking_clique (${CLICK_COLUMNS.join(', ')})
           SELECT c.* FROM unnest($1::int[], $2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::boolean[], $9::text[], $10::boolean[], $11::text[])
                  AS c(${CLICK_COLUMNS.join(', ')})
             JOIN vendas.tracking_url u ON u.id = c.id_tracking_url`,
          CLICK_COLUMNS.map((column) => rows.map((row) => row[column])),
        );
      }
      await tx.query(
        `INSERT INTO vendas.tracking_url_cliques AS t (id_tracking_url, cliques)
         SELECT c.id, c.n FROM unnest($1::int[], $2::int[]) AS c(id, n) JOIN vendas.tracking_url u ON u.id = c.id
         ON CONFLICT (id_tracking_url) DO UPDATE SET cliques = t.cliques + excluded.cliques`,
        [[...counts.keys()], [...counts.values()]],
      );
    });
  }
}
