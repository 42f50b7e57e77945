// Demo campaign results (SEED_DEMO, on a fresh database, after the sales data): for each demo provider,
// one result a week for the last 18 weeks (Monday to Sunday, the current one included; a week in which
// a month begins is two results, cut at the 1st: every month of the synthetic table, its comparison
// month and the 5 weeks of the weekly ones have data whatever the date) in the Facebook, Google and
// Site channels of its first active campaign, and the funnel leads of those weeks (the sales seed's
// leads are all created at seed time): a few leads a week per channel, about a third of them sales,
// back-dated inside their week and never before its first day.
import { flagOfProvider } from '../../domain/salesFlags.js';
import { SYSTEM, type ResourceService } from '../resources/service.js';
import { businessToday } from './periods.js';
import { RESOURCE } from './service.js';

const WEEKS = 18;
const CHANNELS = ['Facebook', 'Google', 'Site'];
const PLANS = [99.9, 119.9, 149.9, 199.9];
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Costa', 'Ribeiro', 'Martins'];
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
/** São Paulo's midnight is 03:00 UTC (no daylight saving time since 2019). */
const SAO_PAULO_OFFSET = 3 * 3_600_000;
/** An instant's São Paulo calendar day as 'YYYY-MM-DD'. */
const isoInSaoPaulo = (d: Date) => iso(new Date(d.getTime() - SAO_PAULO_OFFSET));

/**
 * A Monday-to-Sunday week cut at the first of a month: one part, or two when the month turns inside
 * it, so that the month that begins mid-week has results from its first day (the report puts a
 * result in the month of its periodo_inicio).
 */
function monthParts(monday: Date): { start: Date; days: number }[] {
  for (let d = 1; d < 7; d++) {
    const day = new Date(monday.getTime() + d * DAY);
    if (day.getUTCDate() === 1) return [{ start: monday, days: d }, { start: day, days: 7 - d }];
  }
  return [{ start: monday, days: 7 }];
}

export async function seedCampaignResults(service: ResourceService, log: (msg: string) => void = () => {}, now: Date = new Date()) {
  const def = service.registry.get(RESOURCE);
  if (!def || (await service.list(def, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const read = <T>(sql: string, params: unknown[] = []) => service.write(SYSTEM, async (tx) => (await tx.query<T>(sql, params)).rows);
  const providers = await read<{ id: number; nome: string }>('SELECT id, nome FROM rh.empresa ORDER BY id');
  const today = businessToday(now);
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
  let results = 0;
  let leads = 0;
  for (const [p, provider] of providers.entries()) {
    const flag = flagOfProvider(provider.nome);
    if (!flag) continue;
    const [campaign] = await read<{ id: number }>(`SELECT id FROM vendas.campanha WHERE ativo AND ${flag} ORDER BY id LIMIT 1`);
    const channels = await read<{ id: number; nome: string }>(`SELECT id, nome FROM vendas.canal WHERE ativo AND ${flag} AND nome = ANY($1::text[]) ORDER BY id`, [CHANNELS]);
    if (!campaign) continue;
    for (const [c, channel] of channels.entries()) {
      for (let w = WEEKS - 1; w >= 0; w--) {
        const weekStart = new Date(monday.getTime() - w * 7 * DAY);
        const seed = (p + 1) * 97 + (c + 1) * 31 + w * 17;
        const weekClicks = 300 + ((seed * 37) % 900);
        const weekInvestment = 250 + ((seed * 53) % 1750) + (seed % 100) / 100;
        for (const { start, days } of monthParts(weekStart)) {
          // A part that has not begun yet (the rest of this week in the next month) has no result.
          if (start.getTime() + SAO_PAULO_OFFSET > now.getTime()) continue;
          const share = days / 7;
          const cliques = Math.max(1, Math.round(weekClicks * share));
          await service.create(
            def,
            {
              id_empresa: provider.id,
              id_campanha: campaign.id,
              id_canal: channel.id,
              periodo_inicio: iso(start),
              periodo_fim: iso(new Date(start.getTime() + (days - 1) * DAY)),
              impressoes: cliques * (18 + (seed % 15)),
              cliques,
              conversas_iniciadas: Math.round(cliques / (6 + (seed % 5))),
              investimento: Math.round(weekInvestment * share * 100) / 100,
            },
            SYSTEM,
          );
          results++;
          // The part's funnel leads: about 2 to 6 a week, created inside the part, never in the future
          // nor before its first day (so the current month and week have leads from their first minute).
          const count = Math.max(1, Math.round((2 + (seed % 5)) * share));
          const first = start.getTime() + SAO_PAULO_OFFSET;
          await service.write(SYSTEM, async (tx) => {
            for (let j = 0; j < count; j++) {
              // 13:00 UTC is 10:00 in São Paulo: the lead's São Paulo day is the one chosen.
              let created = new Date(start.getTime() + (j % days) * DAY + 13 * 3_600_000 + j * 60_000);
              if (created.getTime() > now.getTime()) created = new Date(Math.max(first, now.getTime() - (j + 1) * 60_000));
              const sold = (seed + j) % 3 === 0;
              await tx.query(
                `INSERT INTO vendas.lead (nome, telefone, id_empresa, id_campanha, id_canal, origem, equipe, status, valor_venda, data_venda, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, 'interna', $7, $8, $9, $10)`,
                [
                  `${FIRST[(seed + j) % FIRST.length]} ${LAST[(seed * 3 + j) % LAST.length]}`,
                  `(31) 9${pad(70 + p)}${pad(c * 30 + (w % 30))}-${1000 + ((seed * 7 + j * 13 + start.getUTCDate()) % 9000)}`,
                  provider.id,
                  campaign.id,
                  channel.id,
                  j % 2 === 0 ? 'link_rastreamento' : 'manual',
                  sold ? 'venda' : j % 2 === 0 ? 'novo' : 'em_contato',
                  sold ? PLANS[(seed + j) % PLANS.length] : null,
                  sold ? isoInSaoPaulo(created) : null,
                  created.toISOString(),
                ],
              );
              leads++;
            }
          });
        }
      }
    }
  }
  if (results) log(`resultados de campanha de demonstração: ${results} resultados semanais e ${leads} leads do funil`);
  return results;
}
