// Demo sponsorship data: the justifications marketing chooses from, and a few requests per provider at
// each status (as the public form writes them, so each has its protocol), so that the marketing
// home's PATROCÍNIOS cards lead to something real.
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';
import { protocolOf } from '../../domain/sponsorship.js';
import { todayInSaoPaulo } from '../roulette/service.js';

const JUSTIFICATIONS: [string, 'aprovada' | 'recusada'][] = [
  ['Evento alinhado à marca e ao público da cidade', 'aprovada'],
  ['Boa contrapartida de divulgação', 'aprovada'],
  ['Ação social na área de cobertura', 'aprovada'],
  ['Orçamento de patrocínios do período esgotado', 'recusada'],
  ['Evento fora da área de cobertura do provedor', 'recusada'],
  ['Pedido enviado com menos de 30 dias de antecedência', 'recusada'],
];

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function seedSponsorship(service: ResourceService, log: (msg: string) => void = () => {}) {
  const justifications = service.get('sponsorship-justifications');
  if ((await service.list(justifications, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const ids: Record<string, number[]> = { aprovada: [], recusada: [] };
  for (const [descricao, tipo] of JUSTIFICATIONS) ids[tipo].push((await service.create(justifications, { descricao, tipo }, SYSTEM)).id as number);
  const requests = service.get('sponsorship-requests');
  const providers = (await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows;
  const today = todayInSaoPaulo();
  let created = 0;
  for (const [i, provider] of providers.entries()) {
    const city = (await service.list(service.get('cities'), { filter: { id_empresa: provider.id }, sort: { field: 'id', order: 'ASC' }, range: [0, 0] }, SYSTEM)).rows[0];
    const base = {
      id_empresa: provider.id,
      uf: city?.uf ?? 'MG',
      cidade: city?.nome ?? 'Belo Horizonte',
    };
    const demo = [
      { organizacao: 'Associação de Moradores do Centro', responsavel: 'Joana Prado', evento: 'Festa Junina do Bairro', publico: 3000, pedido: 'Wi-Fi gratuito para o público e uma tenda.', valor: 2500, status: 'nova', dias: 45 },
      { organizacao: 'Liga Esportiva Municipal', responsavel: 'Rafael Souza', evento: 'Copa de Futsal', publico: 1200, pedido: 'Uniformes das equipes com a marca do provedor.', valor: 8000, status: 'em_analise', dias: 60 },
      { organizacao: 'Instituto Cultural Horizonte', responsavel: 'Marina Lopes', evento: 'Festival de Música na Praça', publico: 15000, pedido: 'Cota master de patrocínio e internet do palco.', valor: 30000, status: 'aprovada', dias: 30 },
      { organizacao: 'Clube de Corrida', responsavel: 'Pedro Almeida', evento: 'Corrida Noturna 10K', publico: 800, pedido: 'Kits dos atletas.', valor: 12000, status: 'recusada', dias: 20 },
    ];
    for (const [j, d] of demo.entries()) {
      const row = await service.create(
        requests,
        {
          ...base,
          organizacao: d.organizacao,
          responsavel: d.responsavel,
          email: `contato${i}${j}@exemplo.org.br`,
          telefone: '(31) 99876-5432',
          documento: ['11.222.333/0001-81', '529.982.247-25'][j % 2],
          evento: d.evento,
          descricao_evento: `${d.evento} em ${base.cidade}, com público estimado de ${d.publico} pessoas.`,
          data_evento: addDays(today, d.dias),
          publico_estimado: d.publico,
          pedido: d.pedido,
          valor_solicitado: d.valor,
          contrapartidas: 'Logo nos materiais do evento e menções nas redes sociais.',
        },
        SYSTEM,
      );
      await service.write(SYSTEM, (tx) => tx.query(`UPDATE marketing.patrocinio_solicitacao SET protocolo = $2 WHERE id = $1`, [row.id, protocolOf(row.id as number, row.created_at as string)]));
      if (d.status !== 'nova') {
        const decision = d.status === 'aprovada' ? { id_justificativa: ids.aprovada[0], parecer: 'Parabéns! Nossa equipe vai entrar em contato para o contrato.' } : d.status === 'recusada' ? { id_justificativa: ids.recusada[0] } : {};
        await service.update(requests, row.id, { status: d.status, ...decision }, SYSTEM);
      }
      created++;
    }
  }
  log(`patrocínios de demonstração: ${JUSTIFICATIONS.length} justificativas e ${created} solicitações`);
  return created;
}
