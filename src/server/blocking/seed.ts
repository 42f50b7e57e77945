// Demo data of the blocking rules (SEED_DEMO): per demo provider (one with a customer system), a rule
// blocking customers 15 days or more overdue, with two exception criteria (the business plans of
// 1 Giga and the suspended customers, already cut), so that the rules, their criteria and the
// simulation show something real. Written through the resource service (validated, audited, with
// the blocking hooks); missing pieces only.
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';

export const DEMO_BLOCKING_RULE = 'Bloqueio após 15 dias de atraso';

const CRITERIA = [
  { tipo: 'plano', valor: 'Empresarial 1 Giga', descricao: 'Clientes corporativos: a cobrança negocia antes de bloquear' },
  { tipo: 'situacao', valor: 'suspenso', descricao: 'Já suspensos pelo ERP' },
];

export async function seedBlocking(service: ResourceService, log: (msg: string) => void = () => {}) {
  const providers = await service.write(SYSTEM, async (tx) =>
    (
      await tx.query<{ id: number }>(
        `SELECT DISTINCT s.id_empresa AS id FROM relacionamento.sistema s
          WHERE NOT EXISTS (SELECT 1 FROM bloqueio.regra r WHERE r.provedor = s.id_empresa AND r.nome = $1)
          ORDER BY 1`,
        [DEMO_BLOCKING_RULE],
      )
    ).rows,
  );
  for (const provider of providers) {
    const rule = await service.create(service.get('blocking-rules'), { nome: DEMO_BLOCKING_RULE, provedor: provider.id, dias_atraso: 15, ativo: true }, SYSTEM);
    for (const criterion of CRITERIA) await service.create(service.get('blocking-exception-criteria'), { ...criterion, id_regra: rule.id, ativo: true }, SYSTEM);
  }
  if (providers.length) log(`regras de bloqueio de demonstração: ${providers.length} regra(s) com ${CRITERIA.length} critérios de exceção cada`);
}
