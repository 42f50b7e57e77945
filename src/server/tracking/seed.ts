// Demo data of the tracking links (SEED_DEMO): the demo providers' sites, three links per provider
// (through the resource service: validated, audited, with their codes and URLs) and a few hundred
// clicks per link over the last 30 days — people on phones and computers, bots, link previews, HEAD
// requests, some through the QR code — so the list and the statistics show something. Nothing when
// links exist already.
import { flagOfProvider } from '../../domain/salesFlags.js';
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';

const SITES: Record<string, string> = {
  Bitcom: 'https://www.bitcom.com.br',
  RazãoInfo: 'https://www.razaoinfo.com.br',
  Vetorial: 'https://www.vetorial.net',
};

/** A small deterministic generator: the same demo every time. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const AGENTS: [navegador: string | null, sistema: string | null, dispositivo: string, weight: number][] = [
  ['Chrome', 'Android', 'mobile', 40],
  ['Mobile Safari', 'iOS', 'mobile', 20],
  ['Chrome', 'Windows', 'desktop', 18],
  ['Edge', 'Windows', 'desktop', 5],
  ['Safari', 'Mac OS', 'desktop', 4],
  ['Samsung Browser', 'Android', 'tablet', 3],
  ['Firefox', 'Linux', 'desktop', 2],
];
const REFERRERS: (string | null)[] = [null, null, null, 'https://www.facebook.com/', 'https://l.instagram.com/', 'https://www.google.com/', 'https://t.co/'];

export async function seedTracking(service: ResourceService, log: (msg: string) => void = () => {}) {
  const def = service.get('tracking-links');
  if ((await service.list(def, { range: [0, 0] }, SYSTEM)).total > 0) return;
  const providersDef = service.get('providers');
  const providers = (await service.list(providersDef, { range: [0, -1] }, SYSTEM)).rows.filter((p) => SITES[p.nome as string]);
  if (!providers.length) return;
  const campaigns = (await service.list(service.get('sales-campaigns'), { filter: { ativo: true }, range: [0, -1] }, SYSTEM)).rows;
  const channels = (await service.list(service.get('sales-channels'), { filter: { ativo: true }, range: [0, -1] }, SYSTEM)).rows;
  const destinations = (await service.list(service.get('tracking-destinations'), { filter: { ativo: true }, range: [0, -1] }, SYSTEM)).rows;
  const rnd = random(15);
  const links: { id: number }[] = [];
  for (const provider of providers) {
    if (!provider.site) await service.update(providersDef, provider.id, { site: SITES[provider.nome as string] }, SYSTEM);
    const flag = flagOfProvider(String(provider.nome));
    const mine = <T extends Record<string, unknown>>(rows: T[]) => rows.filter((r) => flag === null || r[flag] === true);
    const cs = mine(campaigns);
    const ks = mine(channels);
    for (let i = 0; i < 3 && cs.length && ks.length; i++) {
      const destination = i === 2 ? null : (destinations[i % Math.max(1, destinations.length)] ?? null);
      links.push(
        (await service.create(
          def,
          { id_empresa: provider.id, id_campanha: cs[i % cs.length].id, id_canal: ks[i % ks.length].id, id_destino: destination?.id ?? null },
          SYSTEM,
        )) as { id: number },
      );
    }
  }
  const clicks: Record<string, unknown>[] = [];
  const totalWeight = AGENTS.reduce((s, a) => s + a[3], 0);
  const now = Date.now();
  for (const link of links) {
    const n = 150 + Math.floor(rnd() * 250);
    for (let i = 0; i < n; i++) {
      // More clicks in the recent days.
      const ageDays = 30 * rnd() ** 1.6;
      const kind = rnd();
      const base = {
        id_tracking_url: link.id,
        created_at: new Date(now - ageDays * 86_400_000).toISOString(),
        referrer: REFERRERS[Math.floor(rnd() * REFERRERS.length)],
        visitante: `demo-${link.id}-${Math.floor(rnd() * n * 0.6)}`,
        qr: false,
        metodo: 'GET',
      };
      if (kind < 0.08) clicks.push({ ...base, navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: true, referrer: null });
      else if (kind < 0.13) clicks.push({ ...base, navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: false, referrer: null });
      else if (kind < 0.15) clicks.push({ ...base, navegador: null, sistema: null, dispositivo: 'bot', bot: true, preview: false, referrer: null, metodo: 'HEAD' });
      else {
        let pick = rnd() * totalWeight;
        const agent = AGENTS.find((a) => (pick -= a[3]) < 0) ?? AGENTS[0];
        clicks.push({ ...base, navegador: agent[0], sistema: agent[1], dispositivo: agent[2], bot: false, preview: false, qr: rnd() < 0.15 });
      }
    }
  }
  await service.write(SYSTEM, async (tx) => {
    await tx.query(
      `INSERT INTO vendas.tracking_clique (id_tracking_url, created_at, referrer, navegador, sistema, dispositivo, bot, preview, metodo, qr, visitante)
       SELECT c.id_tracking_url, c.created_at, c.referrer, c.navegador, c.sistema, c.dispositivo, c.bot, c.preview, c.metodo, c.qr, encode(sha256(convert_to(c.visitante, 'UTF8')), 'hex')
         FROM jsonb_to_recordset($1::jsonb) AS c(id_tracking_url integer, created_at timestamptz, referrer text, navegador text, sistema text,
              dispositivo text, bot boolean, preview boolean, metodo text, qr boolean, visitante text)`,
      [JSON.stringify(clicks)],
    );
    await tx.query(`INSERT INTO vendas.tracking_url_cliques (id_tracking_url, cliques) SELECT u.id, (SELECT count(*) FROM vendas.tracking_clique c WHERE c.id_tracking_url = u.id) FROM vendas.tracking_url u WHERE u.id = ANY($1::int[])`, [
      links.map((l) => l.id),
    ]);
  });
  log(`links de rastreamento de demonstração: ${links.length} links com ${clicks.length} cliques`);
}
