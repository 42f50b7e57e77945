// The blocking simulation screen (/blocking-rules/simulation/{id}) against the real server: the rule's
// name, provider and threshold, the total, the counts per city, the customers a page at a time, the
// exception criteria applied, an inactive rule's warning, the empty message, the back arrow, the
// 'Exportar CSV' download (with the session's token) and another provider's rule.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { MSG } from '../../src/domain/messages.js';
import { SIMULATION_TEXT } from '../../custom-pages/blocking/Simulation.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';
import { exportCsv } from './csv.js';

let ui: UiServer;
let seq = 0;

beforeAll(async () => {
  ui = await startServer();
});
afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

function asSuperadmin() {
  signOutLocally();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
}

interface Row {
  cod: string;
  nome: string;
  dias: number;
  cidade?: string;
  uf?: string;
  bairro?: string;
  plano?: string;
  situacao?: string;
  cpf?: string;
}

/** A new provider (named `nome`) with its system and customers. */
async function providerWith(nome: string, customers: Row[]) {
  const id = (await ui.api('POST', '/api/providers', { nome })).json.id as number;
  const sistema = `SIS${++seq}${Date.now().toString(36)}`.toUpperCase();
  await ui.server.db.query('INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2)', [sistema, id]);
  for (const c of customers) {
    await ui.server.db.query(
      `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, cidade, uf, bairro, plano, situacao, dias_atraso)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [sistema, id, c.cod, c.nome, c.cpf ?? null, c.cidade ?? null, c.uf ?? null, c.bairro ?? null, c.plano ?? null, c.situacao ?? 'ativo', c.dias],
    );
  }
  return id;
}

async function createRule(payload: Record<string, unknown>) {
  const r = await ui.api('POST', '/api/blocking-rules', payload);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.id as number;
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the blocking simulation screen', () => {
  it('shows the rule, the total, the counts per city, the criteria applied and the customers, most overdue first', async () => {
    const provider = await providerWith('Bitcom Simulação', [
      { cod: 'S1', nome: 'Ana Souza', dias: 40, cidade: 'Belo Horizonte', uf: 'MG', bairro: 'Centro', plano: 'Fibra 300', cpf: '111.444.777-35' },
      { cod: 'S2', nome: 'Bruno Lima', dias: 75, cidade: 'Contagem', uf: 'MG', situacao: 'suspenso' },
      { cod: 'S3', nome: 'Carla Dias', dias: 31, cidade: 'Belo Horizonte', uf: 'MG' },
      { cod: 'S4', nome: 'Poupado Empresarial', dias: 90, cidade: 'Belo Horizonte', uf: 'MG', plano: 'Empresarial' },
      { cod: 'S5', nome: 'Em dia', dias: 2, cidade: 'Belo Horizonte', uf: 'MG' },
    ]);
    const rule = await createRule({ nome: 'Corte 30 dias', provedor: provider, dias_atraso: 30 });
    await ui.api('POST', '/api/blocking-exception-criteria', { id_regra: rule, tipo: 'plano', valor: 'empresarial', descricao: 'Contratos empresariais' });
    await ui.api('POST', '/api/blocking-exception-criteria', { id_regra: rule, tipo: 'cidade', valor: 'Contagem', ativo: false });

    asSuperadmin();
    renderAdmin(ui.baseUrl, `/blocking-rules/simulation/${rule}`);
    expect(await screen.findByRole('heading', { level: 1, name: SIMULATION_TEXT.titleOf('Corte 30 dias') })).toBeTruthy();
    expect(screen.getByTestId('simulation-rule').textContent).toBe('Bitcom Simulação · dias de atraso ≥ 30');
    expect(screen.getByTestId('simulation-total').textContent).toBe('3 clientes seriam bloqueados hoje');
    expect(screen.queryByText(SIMULATION_TEXT.inactive)).toBeNull();

    const criteria = screen.getByRole('region', { name: SIMULATION_TEXT.criteria });
    expect(within(criteria).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Plano: empresarial']);

    const perCity = screen.getByRole('table', { name: SIMULATION_TEXT.perCity });
    expect(bodyRows(perCity).map(cells)).toEqual([
      ['Belo Horizonte', 'MG', '2'],
      ['Contagem', 'MG', '1'],
    ]);
    const customers = screen.getByRole('table', { name: SIMULATION_TEXT.customers });
    expect(bodyRows(customers).map(cells)).toEqual([
      ['S2', 'Bruno Lima', 'Não informado', 'Contagem - MG', 'Não informado', 'Não informado', 'Suspenso', '75'],
      ['S1', 'Ana Souza', '111.444.777-35', 'Belo Horizonte - MG', 'Centro', 'Fibra 300', 'Ativo', '40'],
      ['S3', 'Carla Dias', 'Não informado', 'Belo Horizonte - MG', 'Não informado', 'Não informado', 'Ativo', '31'],
    ]);
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/blocking-rules/list');
  });

  it('pages through the customers', async () => {
    const provider = await providerWith(
      'Provedor Paginado',
      Array.from({ length: 27 }, (_, i) => ({ cod: `P${String(i).padStart(2, '0')}`, nome: `Cliente ${String(i).padStart(2, '0')}`, dias: 100 - i, cidade: 'Betim', uf: 'MG' })),
    );
    const rule = await createRule({ nome: 'Paginada', provedor: provider, dias_atraso: 1 });
    asSuperadmin();
    renderAdmin(ui.baseUrl, `/blocking-rules/simulation/${rule}`);
    const customers = await screen.findByRole('table', { name: SIMULATION_TEXT.customers });
    expect(bodyRows(customers).length).toBe(25);
    expect(screen.getByText('1-25 de 27')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /próxima|next/i }));
    await waitFor(() => expect(screen.getByText('26-27 de 27')).toBeTruthy());
    await waitFor(() => expect(bodyRows(screen.getByRole('table', { name: SIMULATION_TEXT.customers })).map((r) => cells(r)[0])).toEqual(['P25', 'P26']));
  });

  it('an inactive rule nobody would block says so, with the export disabled', async () => {
    const provider = await providerWith('Provedor Vazio', [{ cod: 'V1', nome: 'Quase', dias: 9, cidade: 'Betim', uf: 'MG' }]);
    const rule = await createRule({ nome: 'Regra parada', provedor: provider, dias_atraso: 10, ativo: false });
    asSuperadmin();
    renderAdmin(ui.baseUrl, `/blocking-rules/simulation/${rule}`);
    expect(await screen.findByText(SIMULATION_TEXT.empty)).toBeTruthy();
    expect(screen.getByText(SIMULATION_TEXT.inactive)).toBeTruthy();
    expect(screen.getByText(SIMULATION_TEXT.noCriteria)).toBeTruthy();
    expect(screen.getByTestId('simulation-total').textContent).toBe('0 clientes seriam bloqueados hoje');
    expect(screen.queryByRole('table', { name: SIMULATION_TEXT.perCity })).toBeNull();
    expect(screen.queryByRole('table', { name: SIMULATION_TEXT.customers })).toBeNull();
    expect((screen.getByRole('button', { name: SIMULATION_TEXT.export }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("'Exportar CSV' saves the server's CSV under simulacao-bloqueio-<id>-<date>.csv", async () => {
    const provider = await providerWith('Provedor CSV', [
      { cod: 'C1', nome: 'José Antônio', dias: 60, cidade: 'Uberlândia', uf: 'MG', plano: 'Fibra 1 Giga' },
      { cod: 'C2', nome: 'Maria', dias: 45, cidade: 'Uberlândia', uf: 'MG' },
    ]);
    const rule = await createRule({ nome: 'Regra CSV', provedor: provider, dias_atraso: 30 });
    asSuperadmin();
    renderAdmin(ui.baseUrl, `/blocking-rules/simulation/${rule}`);
    const { name, lines } = await exportCsv(SIMULATION_TEXT.export);
    expect(lines.slice(0, 3)).toEqual([
      'Código do cliente;Nome/Razão social;CPF/CNPJ;Cidade;UF;Bairro;Plano;Situação;Dias de atraso',
      'C1;José Antônio;;Uberlândia;MG;;Fibra 1 Giga;Ativo;60',
      'C2;Maria;;Uberlândia;MG;;;Ativo;45',
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect(name).toBe(`simulacao-bloqueio-${rule}-${today}.csv`);
  });

  it("the rules' list leads to the rule's criteria and to its simulation ('Simular')", async () => {
    const provider = await providerWith('Provedor Lista', [{ cod: 'L1', nome: 'Cliente da lista', dias: 99, cidade: 'Betim', uf: 'MG' }]);
    const rule = await createRule({ nome: 'Regra da lista', provedor: provider, dias_atraso: 50 });
    asSuperadmin();
    renderAdmin(ui.baseUrl, '/blocking-rules/list');
    const row = (await screen.findByText('Regra da lista')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Critérios de exceção' }).getAttribute('href')).toBe(`/blocking-exception-criterion/list/${rule}`);
    const simulate = within(row).getByRole('link', { name: 'Simular' });
    expect(simulate.getAttribute('href')).toBe(`/blocking-rules/simulation/${rule}`);
    fireEvent.click(simulate);
    expect(await screen.findByRole('heading', { level: 1, name: SIMULATION_TEXT.titleOf('Regra da lista') })).toBeTruthy();
    expect(await screen.findByText('Cliente da lista')).toBeTruthy();
  });

  it("a rule's criteria list (/blocking-exception-criterion/list/{idRule}) shows only that rule's criteria, and goes back to the rules", async () => {
    const provider = await providerWith('Provedor Critérios', []);
    const rule = await createRule({ nome: 'Regra A', provedor: provider, dias_atraso: 20 });
    const other = await createRule({ nome: 'Regra B', provedor: provider, dias_atraso: 20 });
    await ui.api('POST', '/api/blocking-exception-criteria', { id_regra: rule, tipo: 'bairro', valor: 'Savassi' });
    await ui.api('POST', '/api/blocking-exception-criteria', { id_regra: other, tipo: 'bairro', valor: 'Funcionários' });
    asSuperadmin();
    renderAdmin(ui.baseUrl, `/blocking-exception-criterion/list/${rule}`);
    expect(await screen.findByText('Savassi')).toBeTruthy();
    expect(screen.queryByText('Funcionários')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/blocking-rules/list');
  });

  it("another provider's user finds no such rule", async () => {
    const provider = await providerWith('Provedor Alheio', [{ cod: 'A1', nome: 'Alheio', dias: 50 }]);
    const mine = (await ui.api('POST', '/api/providers', { nome: 'Provedor Meu' })).json.id as number;
    const rule = await createRule({ nome: 'Regra alheia', provedor: provider, dias_atraso: 5 });
    signOutLocally();
    const token = await ui.server.userToken({ papeis: ['regua_comunicacao:leitor'], id_empresas: [mine] });
    setSession({ token, roles: ['regua_comunicacao:leitor'] });
    renderAdmin(ui.baseUrl, `/blocking-rules/simulation/${rule}`);
    expect(await screen.findByText(MSG.notFound)).toBeTruthy();
    expect(screen.queryByText('Alheio')).toBeNull();
  });
});
