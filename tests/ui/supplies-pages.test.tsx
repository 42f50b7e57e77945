// The supplies pages (custom-pages/supplies) over answers of the suprimentos calls given here (the
// calls themselves: tests/api/supplies-read.test.ts): the home's search, figures and cards; "where is
// it now" (the place as a big status, the squad or customer, the product and value, the timeline newest
// first) and its 404 text; the dashboard's tables and its empty state; the squads' values with their
// totals; and who may open them. The units list (/supplies/items) draws the generated list of the
// supply-items register, tested with the registers' own screens.
import './setup.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { formatDateTime } from '../../src/domain/format.js';
import { ROLE_HEADER } from '../../src/domain/roles.js';
import { renderPage, signOutLocally } from './server.js';

const BASE = 'http://suprimentos.invalid';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: { url: string; role: string | null }[];

const zero = { almoxarifado: 0, equipe: 0, cliente: 0, manutencao: 0, baixado: 0, extraviado: 0 };
const movements = (counts: Record<string, number> = {}) =>
  [
    ['entrada', 'Entrada no almoxarifado'],
    ['envio', 'Envio para equipe'],
    ['instalacao', 'Instalação no cliente'],
    ['devolucao', 'Devolução do cliente'],
    ['retorno', 'Retorno da equipe'],
    ['retirada', 'Retirada no cliente'],
    ['manutencao', 'Envio para manutenção'],
    ['manutencao_retorno', 'Retorno da manutenção'],
    ['reciclagem', 'Reciclagem (baixa)'],
    ['inventario', 'Ajuste de inventário'],
  ].map(([tipo, tipo_label]) => ({ tipo, tipo_label, movimentos: counts[tipo] ?? 0, quantidade: counts[tipo] ?? 0 }));

const PANEL = {
  hoje: '2027-05-20',
  desde: '2027-04-20T15:00:00.000Z',
  unidades: { ...zero, almoxarifado: 412, equipe: 37, cliente: 1250, manutencao: 6, total: 1705 },
  produtos: [
    { id_produto: 1, produto: 'Cabo drop 1 fibra', tipo: 'cabo', controle: 'quantidade', unidade: 'm', valor: 1.5, locais: { ...zero, almoxarifado: 3000, equipe: 450 }, total: 3450 },
    { id_produto: 2, produto: 'ONU Huawei EG8145V5', tipo: 'onu', controle: 'patrimonio', unidade: 'un', valor: 249.9, locais: { ...zero, almoxarifado: 400, equipe: 30, cliente: 1200, manutencao: 6 }, total: 1636 },
  ],
  retiradas: { pendentes: 14, atrasadas: 3 },
  manutencoes_abertas: 6,
  equipes: [
    { id: 7, nome: 'Equipe Norte', id_empresa: 1, empresa: 'Bitcom', unidades: 20, quantidade: 300, valor: 5448 },
    { id: 8, nome: 'Equipe Sul', id_empresa: 1, empresa: 'Bitcom', unidades: 17, quantidade: 150, valor: 4473.3 },
  ],
  movimentos: movements({ entrada: 40, envio: 22, instalacao: 18 }),
  empresas: [{ id: 1, nome: 'Bitcom' }],
};

const EMPTY_PANEL = {
  ...PANEL,
  unidades: { ...zero, total: 0 },
  produtos: [],
  retiradas: { pendentes: 0, atrasadas: 0 },
  manutencoes_abertas: 0,
  equipes: [],
  movimentos: movements(),
};

const line = (id: number, tipo: string, tipo_label: string, data: string, from: [string | null, string | null, string | null], to: [string, string, string | null], extra: Record<string, unknown> = {}) => ({
  id,
  tipo,
  tipo_label,
  data,
  quantidade: 1,
  origem_local: from[0],
  origem_local_label: from[1],
  origem_equipe: from[2] ? 7 : null,
  origem_equipe_nome: from[2],
  destino_local: to[0],
  destino_local_label: to[1],
  destino_equipe: to[2] ? 7 : null,
  destino_equipe_nome: to[2],
  cliente_sistema: null,
  cliente_codigo: null,
  os: null,
  registro_tabela: tipo,
  registro_id: id,
  usuario: null,
  ...extra,
});

const UNIT = {
  id: 31,
  id_empresa: 1,
  empresa: 'Bitcom',
  id_produto: 2,
  produto: 'ONU Huawei EG8145V5',
  tipo: 'onu',
  patrimonio: 'PAT-0001',
  serial: 'HWTC1A2B3C4D',
  local: 'cliente',
  local_label: 'No cliente',
  id_equipe: null,
  equipe: null,
  cliente_sistema: 'IXC',
  cliente_codigo: '48213',
  cliente_nome: 'Maria das Dores',
  os: 'OS-7781',
  atualizado_em: '2027-05-10T17:45:00.000Z',
  valor: 249.9,
  historico: [
    line(3, 'instalacao', 'Instalação no cliente', '2027-05-10T17:45:00.000Z', ['equipe', 'Com equipe', 'Equipe Norte'], ['cliente', 'No cliente', null], {
      cliente_sistema: 'IXC',
      cliente_codigo: '48213',
      os: 'OS-7781',
      usuario: 'Técnico Tiago',
    }),
    line(2, 'envio', 'Envio para equipe', '2027-04-02T13:30:00.000Z', ['almoxarifado', 'Almoxarifado', null], ['equipe', 'Com equipe', 'Equipe Norte'], { usuario: 'Gustavo Almoxarife' }),
    line(1, 'entrada', 'Entrada no almoxarifado', '2027-03-01T12:00:00.000Z', [null, null, null], ['almoxarifado', 'Almoxarifado', null], { usuario: 'Gustavo Almoxarife' }),
  ],
};

const VALUES = {
  equipes: [
    {
      id: 7,
      nome: 'Equipe Norte',
      id_empresa: 1,
      empresa: 'Bitcom',
      ativo: true,
      itens: [
        { id_produto: 1, produto: 'Cabo drop 1 fibra', tipo: 'cabo', controle: 'quantidade', unidade: 'm', quantidade: 300, unidades: 0, valor_unitario: 1.5, valor: 450 },
        { id_produto: 2, produto: 'ONU Huawei EG8145V5', tipo: 'onu', controle: 'patrimonio', unidade: 'un', quantidade: 20, unidades: 20, valor_unitario: 249.9, valor: 4998 },
      ],
      quantidade: 320,
      valor: 5448,
    },
    { id: 9, nome: 'Equipe Nova', id_empresa: 1, empresa: 'Bitcom', ativo: true, itens: [], quantidade: 0, valor: 0 },
  ],
  total: { quantidade: 320, valor: 5448 },
};

beforeEach(() => {
  calls = [];
  answers = {
    '/v1/suprimentos/painel': { status: 200, body: PANEL },
    '/v1/suprimentos/localizar/PAT-0001': { status: 200, body: { itens: [UNIT] } },
    '/v1/suprimentos/localizar/pat-0001': { status: 200, body: { itens: [UNIT] } },
    '/v1/suprimentos/localizar/NAO-EXISTE': { status: 404, body: { message: 'Nenhum equipamento com o patrimônio ou serial NAO-EXISTE neste provedor.' } },
    '/v1/suprimentos/equipes/valores': { status: 200, body: VALUES },
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    calls.push({ url: `${url.pathname}${url.search}`, role: new Headers(init?.headers).get(ROLE_HEADER) });
    const answer = answers[`${url.pathname}${url.search}`] ?? answers[url.pathname] ?? { status: 404, body: { message: 'Dados não encontrados.' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  signOutLocally();
});

/** A page at `path` as someone with these roles. */
function open(path: string, roles = ['suprimentos:leitor']) {
  setSession({ token: 'token-de-teste', roles, user: { id: 5, userId: 'u-5', email: 'leitor@bitcom.test', nome: 'Lia Leitora', roles, providerIds: [1], employee: true } as never });
  return renderPage(BASE, path, customPageRoutes(false));
}

describe('the supplies home', () => {
  it('shows the figures, each leading to its list, and the cards of the screens the user may open', async () => {
    open('/supplies/home');
    const removals = await screen.findByRole('region', { name: 'Retiradas pendentes' });
    expect(within(removals).getByTestId('supplies-figure').textContent).toBe('14');
    expect(within(removals).getByText('3 atrasadas')).toBeTruthy();
    const store = screen.getByRole('region', { name: 'No almoxarifado' });
    expect(within(store).getByTestId('supplies-figure').textContent).toBe('412');
    expect(within(store).getByText('de 1.705 equipamentos')).toBeTruthy();
    expect(within(store).getByRole('link').getAttribute('href')).toBe(`/supplies/items?filter=${encodeURIComponent('{"local":"almoxarifado"}')}`);
    const squads = screen.getByRole('region', { name: 'Com as equipes' });
    expect(within(squads).getByTestId('supplies-figure').textContent).toBe('37');
    expect(within(squads).getByText(/R\$\s9\.921,30 em poder das equipes/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Nos clientes' })).getByTestId('supplies-figure').textContent).toBe('1.250');
    expect(within(screen.getByRole('region', { name: 'Movimentações em 30 dias' })).getByTestId('supplies-figure').textContent).toBe('80');
    // The area's own screens (the registers' cards show once their screens exist).
    for (const [name, href] of [
      ['Equipamentos', '/supplies/items'],
      ['Onde está?', '/supplies/lookup'],
      ['Painel', '/supplies/dashboard'],
      ['Valores das equipes', '/squads/values'],
    ]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(calls.find((c) => c.url === '/v1/suprimentos/painel')?.role).toBe('suprimentos:leitor');
  });

  it('"Onde está o equipamento?" asks for a code, then opens its lookup', async () => {
    open('/supplies/home');
    const search = await screen.findByRole('search', { name: 'Onde está o equipamento?' });
    fireEvent.click(within(search).getByRole('button', { name: 'Procurar' }));
    expect(await within(search).findByText('Digite o patrimônio ou o serial do equipamento.')).toBeTruthy();
    fireEvent.change(within(search).getByRole('textbox', { name: 'Patrimônio ou serial' }), { target: { value: '  pat-0001 ' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Procurar' }));
    // The lookup of the trimmed code: its unit, and the code kept in the search.
    expect(await screen.findByRole('article', { name: 'Patrimônio PAT-0001 · Serial HWTC1A2B3C4D' })).toBeTruthy();
    expect(calls.at(-1)?.url).toBe('/v1/suprimentos/localizar/pat-0001');
    expect((screen.getByRole('textbox', { name: 'Patrimônio ou serial' }) as HTMLInputElement).value).toBe('pat-0001');
  });

  it('is refused to who has no suprimentos role, before any call', async () => {
    open('/supplies/home', ['user', 'frota:gestor']);
    await waitFor(() => expect(document.querySelector('[data-access-denied="true"]')).not.toBeNull());
    expect(calls).toEqual([]);
  });
});

describe('where is it now', () => {
  it("shows the unit's place as a big status, its customer, OS and since when, product and value, and its movements newest first", async () => {
    open('/supplies/lookup/PAT-0001');
    const unit = await screen.findByRole('article', { name: 'Patrimônio PAT-0001 · Serial HWTC1A2B3C4D' });
    expect(within(unit).getByTestId('unit-place').textContent).toBe('No cliente');
    expect(within(unit).getByTestId('unit-holder').textContent).toBe('Maria das Dores (IXC 48213)');
    expect(within(unit).getByText(`OS OS-7781 · Desde ${formatDateTime('2027-05-10T17:45:00.000Z')}`)).toBeTruthy();
    expect(within(unit).getByText('ONU Huawei EG8145V5')).toBeTruthy();
    expect(within(unit).getByText(/R\$\s249,90/)).toBeTruthy();
    const timeline = within(unit).getByRole('list', { name: 'Movimentações' });
    const items = within(timeline).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      `Instalação no clienteCom equipe · Equipe Norte → No cliente${formatDateTime('2027-05-10T17:45:00.000Z')} · Cliente IXC 48213 · OS OS-7781 · Por Técnico Tiago`,
      `Envio para equipeAlmoxarifado → Com equipe · Equipe Norte${formatDateTime('2027-04-02T13:30:00.000Z')} · Por Gustavo Almoxarife`,
      `Entrada no almoxarifado— → Almoxarifado${formatDateTime('2027-03-01T12:00:00.000Z')} · Por Gustavo Almoxarife`,
    ]);
    expect(formatDateTime('2027-03-01T12:00:00.000Z')).toMatch(/^\d{2}\/\d{2}\/2027 - \d{2}:\d{2}$/);
    expect((screen.getByRole('textbox', { name: 'Patrimônio ou serial' }) as HTMLInputElement).value).toBe('PAT-0001');
    expect(calls.at(-1)?.role).toBe('suprimentos:leitor');
  });

  it('asks for a code with a slash, a space or a hash as it is written', async () => {
    answers['/v1/suprimentos/localizar/BIT%2F2027%20%2315'] = { status: 200, body: { itens: [{ ...UNIT, patrimonio: 'BIT/2027 #15', serial: null }] } };
    open(`/supplies/lookup/${encodeURIComponent('BIT/2027 #15')}`);
    expect(await screen.findByRole('article', { name: 'Patrimônio BIT/2027 #15' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Patrimônio ou serial' }) as HTMLInputElement).value).toBe('BIT/2027 #15');
  });

  it("tells the server's text when no unit has the code", async () => {
    open('/supplies/lookup/NAO-EXISTE');
    expect(await screen.findByText('Nenhum equipamento com o patrimônio ou serial NAO-EXISTE neste provedor.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows one block per unit, with its provider, when the code names units of several providers', async () => {
    answers['/v1/suprimentos/localizar/PAT-0001'] = {
      status: 200,
      body: { itens: [UNIT, { ...UNIT, id: 99, id_empresa: 2, empresa: 'Vetorial', local: 'almoxarifado', local_label: 'Almoxarifado', cliente_nome: null, cliente_codigo: null, os: null, historico: [] }] },
    };
    open('/supplies/lookup/PAT-0001', ['users:superadmin']);
    const blocks = await screen.findAllByRole('article');
    expect(blocks).toHaveLength(2);
    expect(within(blocks[0]).getByText(/· Bitcom$/)).toBeTruthy();
    expect(within(blocks[1]).getByTestId('unit-place').textContent).toBe('Almoxarifado');
    expect(within(blocks[1]).getByText('Nenhuma movimentação registrada.')).toBeTruthy();
  });
});

describe('the dashboard and the squads values', () => {
  it("says 'Não há dados disponíveis.' when there is nothing to show", async () => {
    answers['/v1/suprimentos/painel'] = { status: 200, body: EMPTY_PANEL };
    open('/supplies/dashboard');
    expect(await screen.findByText('Não há dados disponíveis.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the figures and the tables of stock per product and place, squads and movements', async () => {
    open('/supplies/dashboard');
    const stock = await screen.findByRole('table', { name: 'Estoque por produto e local' });
    const onu = within(stock).getByText('ONU Huawei EG8145V5').closest('tr')!;
    expect([...onu.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['ONU Huawei EG8145V5', '400', '30', '1.200', '6', '0', '0', '1.636']);
    expect(within(stock).getByText('Cabo drop 1 fibra (m)')).toBeTruthy();
    const squads = screen.getByRole('table', { name: 'Em poder das equipes' });
    expect(within(squads).getByText('Equipe Norte').closest('tr')!.textContent).toMatch(/Equipe Norte20300R\$\s5\.448,00/);
    const moves = screen.getByRole('table', { name: 'Movimentações dos últimos 30 dias' });
    expect(within(moves).getAllByRole('row').map((r) => r.textContent)).toEqual(['TipoMovimentaçõesQuantidade', 'Entrada no almoxarifado4040', 'Envio para equipe2222', 'Instalação no cliente1818']);
    const removals = screen.getByRole('region', { name: 'Retiradas pendentes' });
    expect(within(removals).getByText('3 atrasadas')).toBeTruthy();
  });

  it("lists each squad's equipment with its value and totals", async () => {
    open('/squads/values');
    expect((await screen.findByTestId('squads-total')).textContent).toMatch(/R\$\s5\.448,00/);
    expect(screen.getByText('2 equipes · 20 equipamentos com patrimônio ou serial')).toBeTruthy();
    const norte = screen.getByRole('table', { name: 'Equipe Norte' });
    expect(within(norte).getAllByRole('row').map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      'ProdutoQuantidadeValor unitárioValor',
      'Cabo drop 1 fibra300 mR$ 1,50R$ 450,00',
      'ONU Huawei EG8145V520 unR$ 249,90R$ 4.998,00',
      'TotalR$ 5.448,00',
    ]);
    expect(within(screen.getByRole('region', { name: 'Equipe Nova' })).getByText('Nenhum equipamento com a equipe.')).toBeTruthy();
  });
});
