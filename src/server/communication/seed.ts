// Demo data of the communication scale (SEED_DEMO): one campaign per demo provider with a birthday
// rule (e-mail and WhatsApp, morning shift), and one restriction (the Bitcom customer with the next
// birthday refuses WhatsApp), so that the preview and the send log show something real. Written through the resource
// service (validated, audited, with the communication hooks); missing pieces only.
import { businessDate, monthDayOf } from '../../domain/communicationDates.js';
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';

export const DEMO_CAMPAIGN = 'Aniversariantes';
/**
 * The demo customer whose WhatsApp is restricted: the active Bitcom customer with a mobile whose
 * birthday comes next (from the day of the seed), so the preview shows the restriction at once.
 */
export const DEMO_RESTRICTED_SYSTEM = 'BITCOM';

const BIRTHDAY_RULE = {
  criterio: 'data_aniversario',
  envio: 'no_dia',
  tempo: 0,
  turno: 'M',
  ativo: true,
  whatsapp: true,
  template_whatsapp: 'feliz_aniversario',
  email: true,
  mensagem_email:
    'Olá, {primeiro_nome}!\n\nHoje é o seu dia e a equipe {provedor} deseja a você um feliz aniversário, com muita saúde e conexão com quem você ama.\n\nObrigado por estar com a gente no plano {plano}.',
  sms: false,
};

export async function seedCommunication(service: ResourceService, log: (msg: string) => void = () => {}) {
  const read = <T>(sql: string, params: unknown[] = []) => service.write(SYSTEM, async (tx) => (await tx.query<T>(sql, params)).rows);
  // The demo providers: those with a customer system (the ERP's), without this campaign yet.
  const providers = await read<{ id: number }>(
    `SELECT DISTINCT s.id_empresa AS id FROM relacionamento.sistema s
      WHERE NOT EXISTS (SELECT 1 FROM campanha.comunicacao c WHERE c.sistema = s.id_empresa AND c.nome = $1)
      ORDER BY 1`,
    [DEMO_CAMPAIGN],
  );
  let created = 0;
  for (const provider of providers) {
    const campaign = await service.create(service.get('communication-campaigns'), { sistema: provider.id, nome: DEMO_CAMPAIGN, ativo: true }, SYSTEM);
    await service.create(service.get('communication-rules'), { ...BIRTHDAY_RULE, campanha_id: campaign.id }, SYSTEM);
    created++;
  }
  const today = monthDayOf(businessDate(new Date()));
  const restricted = await read<{ id_empresa: number; cod_cliente: string }>(
    `SELECT c.id_empresa, c.cod_cliente FROM relacionamento.dados_pessoas c
      WHERE c.sistema = $1 AND c.situacao = 'ativo' AND c.celular IS NOT NULL AND c.data_nascimento IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM relacionamento.preferencias_cliente p WHERE p.sistema = c.id_empresa)
      ORDER BY (relacionamento.month_day(c.data_nascimento) - $2 + 1300) % 1300, c.cod_cliente
      LIMIT 1`,
    [DEMO_RESTRICTED_SYSTEM, today],
  );
  for (const r of restricted) {
    await service.create(
      service.get('communication-restrictions'),
      { sistema: r.id_empresa, cod_cliente: r.cod_cliente, whatsapp: false, email: true, sms: true },
      SYSTEM,
    );
  }
  if (created || restricted.length) log(`régua de comunicação de demonstração: ${created} campanha(s) de aniversariantes e ${restricted.length} restrição(ões)`);
}
