// The tracking links' click buffer (src/server/tracking/clicks.ts): the redirect appends a visit's raw
// facts; the buffer's write turns them into the stored rows — the user agent classified (browser,
// system, device; bots and link previews flagged), the address replaced by its salted hash, the
// instant in ISO form, the referrer cut at 500 characters — and counts the clicks per link.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { Database, Queryable } from '../../src/server/db/index.js';
import { CLICK_COLUMNS, type Click, ClickBuffer, clickRows, type RawClick } from '../../src/server/tracking/clicks.js';

const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const AT = Date.parse('2026-11-28T12:34:56.789Z');

const hash = (ip: string) => createHash('sha256').update('sal').update(ip).digest('hex');
const raw = (over: Partial<RawClick> = {}): RawClick => ({ linkId: 7, at: AT, userAgent: CHROME_ANDROID, referrer: undefined, ip: '203.0.113.9', method: 'GET', qr: false, ...over });

/** The rows of an INSERT of clicks, from its arrays (one per column, in CLICK_COLUMNS' order). */
const insertedRows = (params: unknown[]): Click[] =>
  (params[0] as unknown[]).map((_, i) => Object.fromEntries(CLICK_COLUMNS.map((column, c) => [column, (params[c] as unknown[])[i]])) as unknown as Click);

/** A database that keeps what the buffer's write sends. */
function recordingDatabase() {
  const writes: { clicks: Click[]; statements: number; counts: [number[], number[]] }[] = [];
  let clicks: Click[] = [];
  let statements = 0;
  const tx: Queryable = {
    async query(sql: string, params?: unknown[]) {
      if (sql.includes('vendas.tracking_clique')) {
        clicks.push(...insertedRows(params!));
        statements++;
      } else {
        writes.push({ clicks, statements, counts: params as [number[], number[]] });
        clicks = [];
        statements = 0;
      }
      return { rows: [], rowCount: 0 } as never;
    },
    async exec() {},
  };
  const db = { kind: 'pglite', transaction: (fn: (q: Queryable) => Promise<unknown>) => fn(tx) } as unknown as Database;
  return { db, writes };
}

describe('clickRows', () => {
  it('classifies the user agent: a browser, a search bot, a link preview, no user agent', () => {
    const rows = clickRows([raw(), raw({ userAgent: GOOGLEBOT }), raw({ userAgent: WHATSAPP }), raw({ userAgent: undefined })], hash);
    expect(rows.map(({ navegador, sistema, dispositivo, bot, preview }) => ({ navegador, sistema, dispositivo, bot, preview }))).toEqual([
      { navegador: 'Chrome', sistema: 'Android', dispositivo: 'mobile', bot: false, preview: false },
      { navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: false },
      { navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: true },
      { navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: false },
    ]);
  });

  it('stores the instant, the method, the QR flag, the referrer (cut at 500) and only a hash of the address', () => {
    const [row, head] = clickRows([raw({ referrer: `https://example.com/${'x'.repeat(600)}`, qr: true }), raw({ method: 'HEAD', ip: '198.51.100.1' })], hash);
    expect(row).toMatchObject({ id_tracking_url: 7, created_at: '2026-11-28T12:34:56.789Z', metodo: 'GET', qr: true, visitante: hash('203.0.113.9') });
    expect(row.referrer).toHaveLength(500);
    expect(head).toMatchObject({ metodo: 'HEAD', qr: false, referrer: null, visitante: hash('198.51.100.1') });
    expect(JSON.stringify([row, head])).not.toContain('203.0.113.9');
  });

  it('hashes each address once per batch; no address, no visitor', () => {
    let calls = 0;
    const counting = (ip: string) => (calls++, hash(ip));
    const rows = clickRows([raw(), raw(), raw({ ip: '198.51.100.1' }), raw(), raw({ ip: undefined })], counting);
    expect(calls).toBe(2);
    expect(rows.map((r) => r.visitante)).toEqual([hash('203.0.113.9'), hash('203.0.113.9'), hash('198.51.100.1'), hash('203.0.113.9'), null]);
  });
});

describe('ClickBuffer', () => {
  it('keeps the raw visits until its write, which classifies them and counts the clicks per link', async () => {
    const { db, writes } = recordingDatabase();
    const hashed: string[] = [];
    const buffer = new ClickBuffer(db, { visitorHash: (ip) => (hashed.push(ip), hash(ip)), intervalMs: 60_000 });
    buffer.add(raw({ userAgent: GOOGLEBOT }));
    buffer.add(raw({ userAgent: WHATSAPP, linkId: 8 }));
    buffer.add(raw());
    // Nothing computed on the way in.
    expect(hashed).toEqual([]);
    expect(buffer.size).toBe(3);
    await buffer.flush();
    expect(buffer.size).toBe(0);
    expect(buffer.written).toBe(3);
    expect(hashed).toEqual(['203.0.113.9']);
    const [{ clicks, statements, counts }] = writes;
    expect(statements).toBe(1);
    expect(clicks.map((c) => [c.id_tracking_url, c.bot, c.preview, c.dispositivo])).toEqual([
      [7, true, false, 'bot'],
      [8, true, true, 'bot'],
      [7, false, false, 'mobile'],
    ]);
    expect(counts).toEqual([
      [7, 8],
      [2, 1],
    ]);
    await buffer.close();
  });

  it('writes a long backlog in statements of statementRows rows, in one transaction', async () => {
    const { db, writes } = recordingDatabase();
    const buffer = new ClickBuffer(db, { visitorHash: hash, intervalMs: 60_000, statementRows: 2 });
    for (let i = 0; i < 5; i++) buffer.add(raw({ linkId: i < 3 ? 7 : 8, at: AT + i }));
    await buffer.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0].statements).toBe(3);
    expect(writes[0].clicks.map((c) => c.created_at)).toEqual([0, 1, 2, 3, 4].map((i) => new Date(AT + i).toISOString()));
    expect(writes[0].counts).toEqual([
      [7, 8],
      [3, 2],
    ]);
  });

  it('starts one write at a time: the clicks that come during a write wait for its end, then go in the next', async () => {
    let release: () => void = () => {};
    const transactions: number[] = [];
    const db = {
      kind: 'pglite',
      async transaction(fn: (q: Queryable) => Promise<unknown>) {
        transactions.push(0);
        await new Promise<void>((resolve) => (release = resolve));
        const tx: Queryable = {
          async query(sql: string, params?: unknown[]) {
            if (sql.includes('vendas.tracking_clique')) transactions[transactions.length - 1] += insertedRows(params!).length;
            return { rows: [], rowCount: 0 } as never;
          },
          async exec() {},
        };
        return fn(tx);
      },
    } as unknown as Database;
    const buffer = new ClickBuffer(db, { visitorHash: hash, intervalMs: 60_000, batchSize: 2 });
    buffer.add(raw());
    buffer.add(raw());
    // A full batch: its write starts and holds.
    expect(transactions).toEqual([0]);
    const flushes = vi.spyOn(buffer, 'flush');
    for (let i = 0; i < 7; i++) buffer.add(raw());
    // No write started nor queued behind it.
    expect(flushes).not.toHaveBeenCalled();
    flushes.mockRestore();
    await new Promise((resolve) => setImmediate(resolve));
    // Seven more clicks, three more full batches: still the one write.
    expect(transactions).toEqual([0]);
    const flushed = buffer.flush();
    release();
    // Its end starts the next write, with every click that waited.
    await new Promise((resolve) => setImmediate(resolve));
    expect(transactions).toEqual([2, 0]);
    release();
    await flushed;
    expect(transactions).toEqual([2, 7]);
    expect(buffer.written).toBe(9);
    expect(buffer.size).toBe(0);
  });

  it('after a failed write, a full batch waits for the backoff instead of trying again at once', async () => {
    const errors: unknown[] = [];
    const db = { kind: 'pglite', transaction: async () => Promise.reject(new Error('banco fora')) } as unknown as Database;
    const buffer = new ClickBuffer(db, { visitorHash: hash, intervalMs: 60_000, batchSize: 2, onError: (e) => errors.push(e) });
    buffer.add(raw());
    await buffer.flush();
    expect(errors).toHaveLength(1);
    const flushes = vi.spyOn(buffer, 'flush');
    for (let i = 0; i < 5; i++) buffer.add(raw());
    expect(flushes).not.toHaveBeenCalled();
    expect(buffer.size).toBe(6);
    flushes.mockRestore();
    await buffer.close();
    // The close still tries (three times), and keeps the clicks it could not write.
    expect(errors).toHaveLength(4);
    expect(buffer.size).toBe(6);
  });
});
