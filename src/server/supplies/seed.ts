// The supplies' demo data (issue 34): the group's catalogue (ONUs, Wi-Fi routers, a radio, drop cable
// and connectors counted by the metre and unit), two or three squads per provider with the demo users
// as members, and a history written THROUGH the movement registers (so through the hooks and the
// ledger): receipts, dispatches to the squads, installations at demo customers
// (relacionamento.dados_pessoas), a devolution, returns, a pending and a done removal, repairs (one
// repaired, one still at the repairer) and a recycling, so that every supplies screen shows something.
// Then the lines are spread over the last weeks, in the order they were made. Runs once: nothing is
// added when the catalogue has rows; it waits for the demo users (the seed runs before and after them).
import { businessDate } from '../../domain/communicationDates.js';
import { SYSTEM, type Actor, type ResourceService } from '../resources/service.js';

type Row = Record<string, any>;

const CATALOGUE = [
  { nome: 'ONU GPON Huawei EG8145V5', tipo: 'onu', modelo: 'EG8145V5', fabricante: 'Huawei', controle: 'patrimonio', unidade: 'un', valor: 280 },
  { nome: 'Roteador Wi-Fi 6 TP-Link Archer AX12', tipo: 'roteador', modelo: 'Archer AX12', fabricante: 'TP-Link', controle: 'patrimonio', unidade: 'un', valor: 320 },
  { nome: 'Rádio Ubiquiti LiteBeam 5AC', tipo: 'radio', modelo: 'LBE-5AC-Gen2', fabricante: 'Ubiquiti', controle: 'patrimonio', unidade: 'un', valor: 450 },
  { nome: 'Cabo drop 1 fibra', tipo: 'cabo', modelo: 'Drop flat 1FO', fabricante: 'Furukawa', controle: 'quantidade', unidade: 'm', valor: 1.8 },
  { nome: 'Conector SC/APC de campo', tipo: 'conector', modelo: 'Fast SC/APC', fabricante: 'Furukawa', controle: 'quantidade', unidade: 'un', valor: 3.5 },
] as const;

const daysAgo = (n: number) => new Date(Date.parse(`${businessDate(new Date())}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

const SQUADS = ['Equipe Instalação Norte', 'Equipe Instalação Sul', 'Equipe Manutenção'];

export async function seedSupplies(service: ResourceService, log: (msg: string) => void = () => {}) {
  const products = service.get('supply-products');
  if ((await service.list(products, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const users = (await service.list(service.get('users'), { filter: { ativo: true }, sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
  const warehouse = users.find((u) => u.email === 'almoxarifado@bitcom.com.br');
  if (!warehouse) return 0;
  const providers = (await service.list(service.get('providers'), { sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
  const catalogue: Record<string, Row> = {};
  for (const p of CATALOGUE) catalogue[p.tipo] = await service.create(products, { ...p, id_empresa: null, ativo: true }, SYSTEM);

  let moves = 0;
  for (const [n, provider] of providers.entries()) {
    const customers = (await service.list(service.get('customers'), { filter: { id_empresa: provider.id, situacao: 'ativo' }, sort: { field: 'id', order: 'ASC' }, range: [0, 5] }, SYSTEM)).rows;
    if (customers.length < 6) continue;
    const staff = users.filter((u) => (u.id_empresas as number[] | null)?.includes(provider.id as number) && u.funcionario);
    const cities = (await service.list(service.get('cities'), { filter: { id_empresa: provider.id }, sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
    const squads: Row[] = [];
    for (const [i, nome] of SQUADS.slice(0, n === 0 ? 3 : 2).entries()) {
      const members = staff.filter((_, k) => k % SQUADS.length === i).map((u) => u.id as number);
      squads.push(
        await service.create(
          service.get('squads'),
          { id_empresa: provider.id, nome, id_cidade: cities.length ? cities[i % cities.length].id : null, id_responsavel: members[0] ?? null, membros: members, ativo: true },
          SYSTEM,
        ),
      );
    }
    // Bitcom's movements are its warehouse keeper's; the others' the system's.
    const actor: Actor = provider.nome === 'Bitcom' ? { userId: warehouse.id as number, providerIds: null } : SYSTEM;
    const prefix = String(provider.nome).normalize('NFD').replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase();
    const make = async (resource: string, values: Row) => {
      moves++;
      return service.create(service.get(resource), { id_empresa: provider.id, ...values }, actor);
    };
    const unit = (tipo: string, k: number) => `${prefix}-${tipo.toUpperCase().slice(0, 3)}-${String(k).padStart(4, '0')}`;
    const [s1, s2] = squads;
    const customer = (i: number) => customers[i].cod_cliente as string;

    for (let k = 1; k <= 12; k++) {
      await make('supply-receipts', { id_produto: catalogue.onu.id, patrimonio: unit('onu', k), serial: `48575443${prefix}${String(k * 7919).padStart(6, '0')}`, nota_fiscal: 'NF 10231', fornecedor: 'Huawei Distribuição' });
    }
    for (let k = 1; k <= 8; k++) await make('supply-receipts', { id_produto: catalogue.roteador.id, patrimonio: unit('roteador', k), nota_fiscal: 'NF 10244', fornecedor: 'TP-Link Brasil' });
    for (let k = 1; k <= 2; k++) await make('supply-receipts', { id_produto: catalogue.radio.id, patrimonio: unit('radio', k), nota_fiscal: 'NF 10250', fornecedor: 'Ubiquiti Store' });
    await make('supply-receipts', { id_produto: catalogue.cabo.id, quantidade: 3000, nota_fiscal: 'NF 10260', fornecedor: 'Furukawa' });
    await make('supply-receipts', { id_produto: catalogue.conector.id, quantidade: 500, nota_fiscal: 'NF 10260', fornecedor: 'Furukawa' });

    for (let k = 1; k <= 5; k++) await make('supply-dispatches', { id_equipe: s1.id, id_produto: catalogue.onu.id, patrimonio: unit('onu', k) });
    for (let k = 6; k <= 9; k++) await make('supply-dispatches', { id_equipe: s2.id, id_produto: catalogue.onu.id, patrimonio: unit('onu', k) });
    for (let k = 1; k <= 3; k++) await make('supply-dispatches', { id_equipe: s1.id, id_produto: catalogue.roteador.id, patrimonio: unit('roteador', k) });
    await make('supply-dispatches', { id_equipe: s2.id, id_produto: catalogue.roteador.id, patrimonio: unit('roteador', 4) });
    await make('supply-dispatches', { id_equipe: s1.id, id_produto: catalogue.cabo.id, quantidade: 600 });
    await make('supply-dispatches', { id_equipe: s2.id, id_produto: catalogue.cabo.id, quantidade: 400 });
    await make('supply-dispatches', { id_equipe: s1.id, id_produto: catalogue.conector.id, quantidade: 100 });
    await make('supply-dispatches', { id_equipe: s2.id, id_produto: catalogue.conector.id, quantidade: 80 });

    const os = (k: number) => `OS-${prefix}-${2400 + k}`;
    for (let k = 1; k <= 3; k++) {
      await make('supply-installations', { id_equipe: s1.id, cliente_codigo: customer(k - 1), os: os(k), id_produto: catalogue.onu.id, patrimonio: unit('onu', k) });
      await make('supply-installations', { id_equipe: s1.id, cliente_codigo: customer(k - 1), os: os(k), id_produto: catalogue.cabo.id, quantidade: 45 + k * 10 });
      await make('supply-installations', { id_equipe: s1.id, cliente_codigo: customer(k - 1), os: os(k), id_produto: catalogue.conector.id, quantidade: 2 });
    }
    await make('supply-installations', { id_equipe: s1.id, cliente_codigo: customer(0), os: os(1), id_produto: catalogue.roteador.id, patrimonio: unit('roteador', 1) });
    await make('supply-installations', { id_equipe: s1.id, cliente_codigo: customer(1), os: os(2), id_produto: catalogue.roteador.id, patrimonio: unit('roteador', 2) });
    for (let k = 6; k <= 7; k++) await make('supply-installations', { id_equipe: s2.id, cliente_codigo: customer(k - 3), os: os(k), id_produto: catalogue.onu.id, patrimonio: unit('onu', k) });
    await make('supply-installations', { id_equipe: s2.id, cliente_codigo: customer(3), os: os(6), id_produto: catalogue.roteador.id, patrimonio: unit('roteador', 4) });

    // A customer gives the router back; squads return a defective ONU and left-over cable.
    await make('supply-devolutions', { cliente_codigo: customer(0), id_produto: catalogue.roteador.id, patrimonio: unit('roteador', 1), estado: 'bom', observacoes: 'Cliente trocou de plano e devolveu o roteador na loja.' });
    await make('supply-returns', { id_equipe: s1.id, id_produto: catalogue.onu.id, patrimonio: unit('onu', 4), os: os(4), motivo: 'defeito', observacoes: 'Não sincroniza com a OLT.' });
    await make('supply-returns', { id_equipe: s2.id, id_produto: catalogue.cabo.id, quantidade: 50, motivo: 'sobra' });

    // Removals at cancelled customers: one still pending, one collected by the first squad.
    await make('supply-removals', { cliente_codigo: customer(1), os: `OS-${prefix}-R01`, id_produto: catalogue.onu.id, patrimonio: unit('onu', 2), status: 'pendente', id_equipe: s2.id });
    await make('supply-removals', { cliente_codigo: customer(2), os: `OS-${prefix}-R02`, id_produto: catalogue.onu.id, patrimonio: unit('onu', 3), status: 'retirado', id_equipe: s1.id });

    // Repairs: the returned ONU was repaired; a radio is still at the repairer.
    const repair = await make('supply-maintenance', { id_produto: catalogue.onu.id, patrimonio: unit('onu', 4), fornecedor: 'Assistência Técnica FibraLab', defeito: 'Não sincroniza com a OLT.', data_envio: daysAgo(9) });
    await service.update(service.get('supply-maintenance'), repair.id, { status: 'reparado', laudo: 'Módulo óptico substituído.', custo: 65 }, actor);
    await make('supply-maintenance', { id_produto: catalogue.radio.id, patrimonio: unit('radio', 1), fornecedor: 'Assistência Técnica FibraLab', defeito: 'Sem link após chuva forte.', data_envio: daysAgo(3) });

    // A burnt ONU written off from the second squad.
    await make('supply-recycling', { origem: 'equipe', id_equipe: s2.id, id_produto: catalogue.onu.id, patrimonio: unit('onu', 8), motivo: 'Queimada por descarga elétrica', laudo: 'Placa danificada, sem reparo.' });

    // The history spread over the last weeks, in the order it was made: every ledger line and its row.
    await service.write(SYSTEM, async (tx) => {
      await tx.query(
        `WITH o AS (SELECT id, row_number() OVER (ORDER BY id DESC) AS k FROM suprimentos.movimento WHERE id_empresa = $1)
         UPDATE suprimentos.movimento m SET data = now() - (o.k * interval '7 hours') FROM o WHERE o.id = m.id`,
        [provider.id],
      );
      for (const table of ['entrada', 'envio', 'instalacao', 'devolucao', 'retorno', 'reciclagem']) {
        await tx.query(
          `UPDATE suprimentos.${table} r SET data = m.first FROM (SELECT registro_id, min(data) AS first FROM suprimentos.movimento WHERE registro_tabela = $2 GROUP BY registro_id) m
            WHERE r.id = m.registro_id AND r.id_empresa = $1`,
          [provider.id, table],
        );
      }
    });
  }
  log(`suprimentos de demonstração criados: ${CATALOGUE.length} produtos, ${moves} movimentações`);
  return moves;
}
