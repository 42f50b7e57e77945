// Tracking links (marketing document, sections 2 to 8): a provider's short link for a campaign and
// channel, optionally a destination. The record (vendas.tracking_url, schema tracking-links) is
// written through the resource service — REST, GraphQL and the v1 calls alike — whose hooks here
// give a new link its random code and URL (<TRACKING_BASE_URL>/l/<codigo>), keep its params
// ({ cmp, chn, dst }) in step with its ids, and refuse an inactive destination (a campaign or channel
// inactive or lacking the provider's flag is the engine's refusal, for every register naming them).
//
// The redirect (redirect.ts) reads a code's target through a small in-memory cache (TTL_MS; an
// update of the link in this process drops its entry) and appends the visit's raw facts to the
// ClickBuffer (clicks.ts), so the visitor never waits on a write, nor on the user agent's
// classification or the address's hash: the buffer's write does those.
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import type { Actor, ResourceHooks, ResourceService } from '../resources/service.js';
import type { ResourceDef } from '../schemas/registry.js';
import { ValidationError } from '../schemas/validation.js';
import type { Config } from '../config.js';
import { ClickBuffer, type RawClick } from './clicks.js';
import { CODE_PATTERN, newCode, slug } from './codes.js';
import { TRACKING_MSG } from './messages.js';

/** How long a code's target is reused (another process's edit shows within it). */
const TTL_MS = 30_000;
/** An unknown code is remembered for less. */
const MISS_TTL_MS = 5_000;
const CACHE_SIZE = 10_000;
/** utm_medium of the links: 'link', and 'qrcode' for a visit through the QR code. */
export const UTM_MEDIUM = { link: 'link', qr: 'qrcode' } as const;

export interface Target {
  id: number;
  /** The address to send a visitor to, without and with the QR code's mark. */
  location: string | null;
  qrLocation: string | null;
}

/** A visit as the redirect saw it (RawClick without the link and the instant). */
export type Visit = Omit<RawClick, 'linkId' | 'at'>;

/** The tracking service of each app's database (tests and benchmarks force a flush through it). */
export const trackingServices = new WeakMap<Database, TrackingService>();

export class TrackingService {
  readonly clicks: ClickBuffer;
  readonly def: ResourceDef;
  private cache = new Map<string, { target: Target | null; at: number }>();
  private salt: string;

  constructor(
    private db: Database,
    private service: ResourceService,
    private config: Partial<Config>,
    secret: string,
    onError?: (e: unknown) => void,
  ) {
    this.def = service.get('tracking-links');
    this.salt = config.trackingSalt ?? createHash('sha256').update(`tracking-salt:${secret}`).digest('hex');
    this.clicks = new ClickBuffer(db, { visitorHash: (ip) => this.visitorHash(ip), intervalMs: config.trackingFlushMs ?? 250, onError });
  }

  /** The base of the links: TRACKING_BASE_URL, PUBLIC_URL, or the address the author's request reached. */
  baseUrl(actor?: Actor): string {
    const base = this.config.trackingBaseUrl ?? this.config.publicUrl ?? actor?.origin ?? `http://localhost:${this.config.port ?? 3000}`;
    return base.replace(/\/+$/, '');
  }

  hooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, operation, values, existing, actor }) => {
        if (operation === 'delete' || !values) return;
        const merged = { ...(existing ?? {}), ...values } as Record<string, any>;
        await this.checkChoices(tx, merged);
        values.params = { cmp: merged.id_campanha, chn: merged.id_canal, dst: merged.id_destino ?? null };
        if (operation === 'create') {
          values.codigo = await this.freeCode(tx);
          values.url = `${this.baseUrl(actor)}/l/${values.codigo}`;
        }
      },
      afterWrite: async ({ row, existing }) => {
        for (const code of [row?.codigo, existing?.codigo]) if (typeof code === 'string') this.cache.delete(code);
      },
    };
  }

  /**
   * The destination must be active, and without one the provider needs a site. (The campaign and
   * channel, active and carrying the provider's flag, are the engine's rule for every register that
   * names them: assertProviderFlagChoices.)
   */
  private async checkChoices(tx: Queryable, record: Record<string, any>) {
    const { rows } = await tx.query<Record<string, any>>(
      `SELECT e.site, to_jsonb(d) AS destino FROM rh.empresa e LEFT JOIN vendas.destino d ON d.id = $2 WHERE e.id = $1`,
      [record.id_empresa, record.id_destino ?? null],
    );
    const row = rows[0];
    // Missing rows are the references check's (404/400 with its own text).
    if (!row) return;
    const errors: Record<string, string> = {};
    if (row.destino && !row.destino.ativo) errors.id_destino = TRACKING_MSG.destinationInactive;
    if (record.id_destino == null && !row.site) errors.id_destino = TRACKING_MSG.noDestination;
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  private async freeCode(tx: Queryable): Promise<string> {
    for (let i = 0; i < 5; i++) {
      const code = newCode();
      const { rows } = await tx.query('SELECT 1 FROM vendas.tracking_url WHERE codigo = $1', [code]);
      if (!rows.length) return code;
    }
    throw new HttpError(503, TRACKING_MSG.codeFailed);
  }

  /**
   * The target of a code while its cache entry is fresh (null: an unknown code), undefined when it
   * must be read (resolve): the redirect's hot path answers from here without a promise.
   */
  cached(code: string): Target | null | undefined {
    const hit = this.cache.get(code);
    if (hit && Date.now() - hit.at < (hit.target ? TTL_MS : MISS_TTL_MS)) return hit.target;
    return undefined;
  }

  /** The target of a code (cached), or null for an unknown one. */
  async resolve(code: string): Promise<Target | null> {
    if (!CODE_PATTERN.test(code)) return null;
    const hit = this.cached(code);
    if (hit !== undefined) return hit;
    const now = Date.now();
    const target = await this.load(code);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(code, { target, at: now });
    return target;
  }

  private async load(code: string): Promise<Target | null> {
    const { rows } = await this.db.query<Record<string, any>>(
      `SELECT u.id, u.id_campanha, u.id_canal, u.id_destino, d.url AS destino, e.site, c.nome AS campanha, k.nome AS canal
         FROM vendas.tracking_url u
         JOIN rh.empresa e ON e.id = u.id_empresa
         JOIN vendas.campanha c ON c.id = u.id_campanha
         JOIN vendas.canal k ON k.id = u.id_canal
         LEFT JOIN vendas.destino d ON d.id = u.id_destino
        WHERE u.codigo = $1`,
      [code],
    );
    const row = rows[0];
    if (!row) return null;
    const base = row.destino || row.site;
    return { id: row.id, location: targetUrl(base, row, false), qrLocation: targetUrl(base, row, true) };
  }

  /** Records a visit of a known link: its raw facts appended to the buffer (classified and hashed when written). */
  record(target: Target, visit: Visit) {
    this.clicks.add({
      linkId: target.id,
      at: Date.now(),
      userAgent: visit.userAgent,
      referrer: visit.referrer,
      ip: visit.ip,
      method: visit.method,
      qr: visit.qr,
    });
  }

  /** The salted SHA-256 of an address: unique visitors are counted by it; the address is never stored. */
  visitorHash(ip: string) {
    return createHash('sha256').update(this.salt).update(ip).digest('hex');
  }

  async close() {
    await this.clicks.close();
  }
}

/**
 * The address a visitor is sent to: the destination (or the provider's site) with its own query
 * kept, plus cmp, chn, dst (ids) and utm_source (the channel's name), utm_medium ('link' or
 * 'qrcode') and utm_campaign (the campaign's name), slugged.
 */
export function targetUrl(base: string | null, row: Record<string, any>, qr: boolean): string | null {
  if (!base) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(base) ? base : `https://${base}`);
  } catch {
    return null;
  }
  const q = url.searchParams;
  q.set('cmp', String(row.id_campanha));
  q.set('chn', String(row.id_canal));
  if (row.id_destino != null) q.set('dst', String(row.id_destino));
  q.set('utm_source', slug(row.canal ?? '') || 'link');
  q.set('utm_medium', qr ? UTM_MEDIUM.qr : UTM_MEDIUM.link);
  q.set('utm_campaign', slug(row.campanha ?? '') || String(row.id_campanha));
  return url.toString();
}
