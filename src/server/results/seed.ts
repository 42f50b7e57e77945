// Demo campaign results (SEED_DEMO, on a fresh database, after the sales data): for each demo provider,
// one result a week for the last 18 weeks (Monday to Sunday, the current one included: every month
// of the synthetic table, its comparison month and the 5 weeks of the weekly ones have data) in the
// Facebook, Google and Site channels of its first active campaign, and the funnel leads of those
// weeks (the sales seed's leads are all created at seed time): a few leads a week per channel, about
// a third of them sales, back-dated inside their week.
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
        const start = new Date(monday.getTime() - w * 7 * DAY);
        const seed = (p + 1) * 97 + (c + 1) * 31 + w * 17;
        const cliques = 300 + ((seed * 37) % 900);
        await service.create(
          def,
          {
            id_empresa: provider.id,
            id_campanha: campaign.id,
            id_canal: channel.id,
            periodo_inicio: iso(start),
            periodo_fim: iso(new Date(start.getTime() + 6 * DAY)),
            impressoes: cliques * (18 + (seed % 15)),
            cliques,
            conversas_iniciadas: Math.round(cliques / (6 + (seed % 5))),
            investimento: 250 + ((seed * 53) % 1750) + (seed % 100) / 100,
          },
          SYSTEM,
        );
        results++;
        // The week's funnel leads: 2 to 6, created inside the week (never in the future).
        const count = 2 + (seed % 5);
        await service.write(SYSTEM, async (tx) => {
          for (let j = 0; j < count; j++) {
            // 13:00 UTC is 10:00 in São Paulo: the lead's São Paulo day is the one chosen.
            let created = new Date(start.getTime() + (j % 7) * DAY + 13 * 3_600_000 + j * 60_000);
            if (created.getTime() > now.getTime()) created = new Date(now.getTime() - (j + 1) * 60_000);
            const sold = (seed + j) % 3 === 0;
            await tx.query(
              `INSERT INTO vendas.lead (nome, telefone, id_empresa, id_campanha, id_canal, origem, equipe, status, valor_venda, data_venda, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, 'interna', $7, $8, $9, $10)`,
              [
                `${FIRST[(seed + j) % FIRST.length]} ${LAST[(seed * 3 + j) % LAST.length]}`,
                `(31) 9${pad(70 + p)}${pad(c * 30 + (w % 30))}-${1000 + ((seed * 7 + j * 13) % 9000)}`,
                provider.id,
                campaign.id,
                channel.id,
                j % 2 === 0 ? 'link_rastreamento' : 'manual',
                sold ? 'venda' : j % 2 === 0 ? 'novo' : 'em_contato',
                sold ? PLANS[(seed + j) % PLANS.length] : null,
                sold ? iso(created) : null,
                created.toISOString(),
              ],
            );
            leads++;
          }
        });
      }
    }
  }
  if (results) log(`resultados de campanha de demonstração: ${results} resultados semanais e ${leads} leads do funil`);
  return results;
}
