// Demo lead imports (SEED_DEMO, on a fresh database, after the customers and the sales data): one
// import per demo provider, from a CSV made here and stored as an upload of the importacoes bucket,
// through the resource service (so the file is read and the rows marked as any import's): a clean
// person, one of the provider's customers (not yet a lead), a repeat of the first person's phone, a row with a bad CPF
// and one more clean person.
import { flagOfProvider } from '../../domain/salesFlags.js';
import { demoCpf } from '../customers/seed.js';
import { SYSTEM, type ResourceService } from '../resources/service.js';
import { leadImportsOf } from './service.js';

const DDD: Record<string, string> = { Bitcom: '31', 'RazãoInfo': '11', Vetorial: '41' };

export async function seedLeadImports(service: ResourceService, log: (msg: string) => void = () => {}) {
  const imports = leadImportsOf(service);
  if (!imports || (await service.list(imports.imports, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const read = <T>(sql: string, params: unknown[] = []) => service.write(SYSTEM, async (tx) => (await tx.query<T>(sql, params)).rows);
  const providers = await read<{ id: number; nome: string }>(
    'SELECT e.id, e.nome FROM rh.empresa e WHERE EXISTS (SELECT 1 FROM relacionamento.sistema s WHERE s.id_empresa = e.id) ORDER BY e.id',
  );
  let created = 0;
  for (const [i, provider] of providers.entries()) {
    const flag = flagOfProvider(provider.nome);
    if (!flag) continue;
    // The provider's first active campaign and channel (their flag says the provider uses them).
    const [campaign] = await read<{ id: number }>(`SELECT id FROM vendas.campanha WHERE ativo AND ${flag} ORDER BY id LIMIT 1`);
    const [channel] = await read<{ id: number }>(`SELECT id FROM vendas.canal WHERE ativo AND ${flag} ORDER BY id LIMIT 1`);
    const [customer] = await read<{ nome_razaosocial: string; cpf: string }>(
      `SELECT c.nome_razaosocial, c.cpf FROM relacionamento.dados_pessoas c
        WHERE c.id_empresa = $1 AND c.situacao = 'ativo' AND c.cpf IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM vendas.lead l WHERE l.id_empresa = c.id_empresa AND relacionamento.digits(l.cpf) = relacionamento.digits(c.cpf))
        ORDER BY c.id LIMIT 1`,
      [provider.id],
    );
    if (!campaign || !channel) continue;
    const ddd = DDD[provider.nome] ?? '31';
    const rows = [
      'nome;cpf;telefone',
      `Juliana Prado;${demoCpf(`8${i}1000001`)};(${ddd}) 98100-20${i}1`,
      ...(customer ? [`${customer.nome_razaosocial};${customer.cpf};`] : []),
      `Marcos Teixeira;;${ddd} 98100-20${i}1`,
      'Paula Nogueira;123.456.789-00;',
      `Renato Alves;${demoCpf(`8${i}1000002`)};(${ddd}) 98100-30${i}2`,
    ];
    const file = await imports.storeFile(`feira_${provider.nome.toLowerCase().replace(/[^a-z]/g, '')}.csv`, Buffer.from(rows.join('\r\n'), 'utf8'));
    await service.create(imports.imports, { id_file: file, id_empresa: provider.id, id_campanha: campaign.id, id_canal: channel.id }, SYSTEM);
    created++;
  }
  if (created) log(`importações de leads de demonstração: ${created}`);
  return created;
}
