// The sales screens (foundation document, sections 2 and 5): the homes of the two mirrored trees
// (lead lists, blocklist, reports; the reports' "not available yet" page), and the field form of
// external leads (/leads/external/register/{cpf?}/{cep?}): CPF and CEP prefilled from the path, the
// CEP lookup, the customer lookup's banner and choice, the campaigns a provider uses, and the save.
import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NOT_ALLOWED_TEXT } from '../../src/admin/generator/ResourceForm.js';
import { setSession } from '../../src/admin/core/session.js';
import { LOOKUP_TEXT } from '../../custom-pages/sales/CustomerLookup.js';
import { CHOOSE_PROVIDER } from '../../custom-pages/sales/ExternalLeadForm.js';
import { REPORT_NOT_AVAILABLE } from '../../custom-pages/sales/ReportNotAvailable.js';
import { LEAD_LISTS, REPORTS } from '../../custom-pages/sales/trees.js';
import { startCepService, type CepService } from '../helpers/cepService.js';
import { optionsOf, pickOption } from './autocomplete.js';
import { renderAdmin, signOutLocally, startServer, type UiServer } from './server.js';

let ui: UiServer;
let cepService: CepService;
let bitcom: number;
let vetorial: number;
let seq = 0;

beforeAll(async () => {
  cepService = await startCepService({
    '30130010': { cep: '30130-010', logradouro: 'Avenida Afonso Pena', complemento: '', bairro: 'Centro', localidade: 'Belo Horizonte', uf: 'MG', ibge: '3106200' },
  });
  ui = await startServer({ config: { cepServiceUrl: cepService.url } });
  bitcom = (await ui.api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  vetorial = (await ui.api('POST', '/api/providers', { nome: 'Vetorial' })).json.id;
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
  await cepService?.close();
});

/** A new user of these roles and providers, signed in on the screens; answers their id. */
async function signInAs(papeis: string[], id_empresas: number[] = [bitcom]) {
  signOutLocally();
  const email = `vendas${++seq}.${Date.now()}@bitcom.com.br`;
  const token = await ui.server.userToken({ papeis, id_empresas, email, nome: `Vendedor ${seq}`, funcionario: true });
  setSession({ token, roles: papeis });
  const { rows } = await ui.server.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email]);
  return rows[0].id;
}

function asSuperadmin() {
  signOutLocally();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
}

/** A customer of a provider's system, as the import would write it. */
async function insertCustomer(c: { sistema: string; id_empresa: number; cod: string; nome: string; cpf: string; celular?: string; dias_atraso?: number }) {
  await ui.server.db.query('INSERT INTO relacionamento.sistema (nome, id_empresa) VALUES ($1, $2) ON CONFLICT DO NOTHING', [c.sistema, c.id_empresa]);
  await ui.server.db.query(
    `INSERT INTO relacionamento.dados_pessoas (sistema, id_empresa, cod_cliente, codpessoa, nome_razaosocial, cpf, celular, dias_atraso)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [c.sistema, c.id_empresa, c.cod, c.nome, c.cpf, c.celular ?? null, c.dias_atraso ?? 0],
  );
}

const regions = () => screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
const links = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
const textbox = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('sales homes', () => {
  it('the internal home: the lead lists, the blocklist and the reports of the internal tree, and a way to the external one', async () => {
    asSuperadmin();
    renderAdmin(ui.baseUrl, '/sales/internal/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendas internas' })).toBeTruthy();
    expect(regions()).toEqual(['Leads', 'Configurações básicas', 'Relatórios']);
    expect(links('Leads')).toEqual(LEAD_LISTS.map(({ name, title }) => [title, `/sales/internal/${name}/list`]));
    expect(links('Configurações básicas')).toEqual([['Blocklist', '/sales/internal/basic-configurations/blocklist/list']]);
    expect(links('Relatórios')).toEqual(REPORTS.map(({ path, title }) => [title, `/sales/internal/reports/${path}`]));
    expect(screen.getByRole('link', { name: 'Vendas externas' }).getAttribute('href')).toBe('/sales/external/home');
  });

  it('the external home mirrors it under /sales/external, and offers a seller the field form', async () => {
    await signInAs(['vendas:solicitante', 'user']);
    renderAdmin(ui.baseUrl, '/sales/external/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendas externas' })).toBeTruthy();
    expect(links('Leads')).toEqual([['Cadastrar lead', '/leads/external/register'], ...LEAD_LISTS.map(({ name, title }) => [title, `/sales/external/${name}/list`])]);
    expect(links('Configurações básicas')).toEqual([['Blocklist', '/sales/external/basic-configurations/blocklist/list']]);
    expect(links('Relatórios')).toHaveLength(REPORTS.length);
  });

  it('a sales reader sees the lists but not the field form; who has no sales role is refused', async () => {
    await signInAs(['vendas:leitor', 'user']);
    renderAdmin(ui.baseUrl, '/sales/external/home');
    await screen.findByRole('region', { name: 'Leads' });
    expect(screen.queryByRole('link', { name: 'Cadastrar lead' })).toBeNull();
    expect(links('Leads')).toHaveLength(LEAD_LISTS.length);

    // Marketing roles act on the leads too (alsoModules), but the sales trees are the vendas area's.
    await signInAs(['marketing:gestor', 'rh:gestor', 'user']);
    renderAdmin(ui.baseUrl, '/sales/internal/home');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
  });

  it("a report's card opens its 'not available yet' page, whose back arrow leads to the tree's home", async () => {
    await signInAs(['vendas:leitor', 'user']);
    renderAdmin(ui.baseUrl, '/sales/external/home');
    const reports = await screen.findByRole('region', { name: 'Relatórios' });
    fireEvent.click(within(reports).getByRole('link', { name: 'Histórico de Conversão' }));
    expect(await screen.findByText(REPORT_NOT_AVAILABLE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Histórico de Conversão' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendas externas' })).toBeTruthy();
  });

  it("a lead list's card opens the generated list of that tree", async () => {
    asSuperadmin();
    renderAdmin(ui.baseUrl, '/sales/internal/home');
    const leads = await screen.findByRole('region', { name: 'Leads' });
    fireEvent.click(within(leads).getByRole('link', { name: 'Inviáveis' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inviáveis' })).toBeTruthy();
  });
});

describe('external lead form', () => {
  it('prefills CPF and CEP from the path, looks the address up and tells that the CPF is a customer', async () => {
    await insertCustomer({ sistema: 'BITCOM', id_empresa: bitcom, cod: 'C-1001', nome: 'Maria Cliente', cpf: '529.982.247-25', celular: '(31) 98888-7777' });
    await signInAs(['vendas:solicitante', 'user']);
    renderAdmin(ui.baseUrl, '/leads/external/register/52998224725/30130010');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cadastrar lead externo' })).toBeTruthy();
    await waitFor(() => expect(textbox(/^CPF/).value).toBe('529.982.247-25'));
    // The path's CEP is looked up as a typed one.
    await waitFor(() => expect(textbox(/^Rua/).value).toBe('Avenida Afonso Pena'));
    expect(textbox(/^CEP/).value).toBe('30130-010');
    expect(textbox(/^Cidade/).value).toBe('Belo Horizonte');
    // One customer: the banner names them and the empty fields are filled from them.
    expect(await screen.findByText('Cliente Maria Cliente (BITCOM)')).toBeTruthy();
    expect(textbox(/^Nome/).value).toBe('Maria Cliente');
    expect(textbox(/^Telefone/).value).toBe('(31) 98888-7777');
  });

  it('says when the CPF is nobody\'s, and does not search an incomplete CPF', async () => {
    await signInAs(['vendas:solicitante', 'user']);
    renderAdmin(ui.baseUrl, '/leads/external/register/1234567');
    await screen.findByRole('heading', { level: 1, name: 'Cadastrar lead externo' });
    await waitFor(() => expect(textbox(/^CPF/).value).toBe('123.456.7'));
    expect(screen.queryByText(LOOKUP_TEXT.notCustomer)).toBeNull();
    expect(screen.queryByText(LOOKUP_TEXT.none)).toBeNull();
    fireEvent.change(textbox(/^CPF/), { target: { value: '12345678909' } });
    expect(await screen.findByText(LOOKUP_TEXT.notCustomer)).toBeTruthy();
    expect(screen.getByText(LOOKUP_TEXT.none)).toBeTruthy();
    expect(textbox(/^Nome/).value).toBe('');
  });

  it('offers a choice when the CPF is a customer of several providers', async () => {
    await insertCustomer({ sistema: 'BITCOM', id_empresa: bitcom, cod: 'C-2001', nome: 'João Duplo', cpf: '98765432100' });
    await insertCustomer({ sistema: 'VETORIAL', id_empresa: vetorial, cod: 'V-2001', nome: 'João Duplo Vetorial', cpf: '987.654.321-00' });
    asSuperadmin();
    renderAdmin(ui.baseUrl, '/leads/external/register/98765432100');
    const dialog = await screen.findByRole('dialog', { name: LOOKUP_TEXT.several });
    // No provider yet (the superadmin has them all): campaigns and channels wait for one.
    expect(screen.getAllByText(CHOOSE_PROVIDER)).toHaveLength(2);
    const options = within(dialog).getAllByRole('radio');
    expect(options).toHaveLength(2);
    fireEvent.click(within(dialog).getByLabelText(/João Duplo Vetorial \(VETORIAL\)/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Cliente João Duplo Vetorial (VETORIAL)')).toBeTruthy();
    expect(screen.queryByText('Cliente João Duplo (BITCOM)')).toBeNull();
    await waitFor(() => expect(textbox(/^Nome/).value).toBe('João Duplo Vetorial'));
    // The chosen customer's provider is the lead's: its campaigns and channels are offered.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Provedor/ }).textContent).toBe('Vetorial'));
    // The campaign and channel selects exist while disabled too: wait for the provider to reach them.
    await waitFor(() => expect(screen.queryAllByText(CHOOSE_PROVIDER)).toHaveLength(0));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Campanha/ }).getAttribute('aria-disabled')).not.toBe('true'));
  });

  it("a seller saves a lead of the external team: their provider's active campaigns only, the toast, then the external leads list", async () => {
    const campaign = (nome: string, flags: Record<string, boolean>) => ui.api('POST', '/api/sales-campaigns', { nome, ...flags });
    await campaign('Fibra Bitcom', { bitcom: true });
    await campaign('Fibra Vetorial', { vetorial: true });
    await campaign('Antiga Bitcom', { bitcom: true, ativo: false });
    await ui.api('POST', '/api/sales-channels', { nome: 'Porta a Porta', bitcom: true });
    await insertCustomer({ sistema: 'BITCOM', id_empresa: bitcom, cod: 'C-3001', nome: 'Carla Compradora', cpf: '32165498791', dias_atraso: 12 });
    const seller = await signInAs(['vendas:solicitante', 'user']);
    renderAdmin(ui.baseUrl, '/leads/external/register/32165498791');
    expect(await screen.findByText('Cliente Carla Compradora (BITCOM)')).toBeTruthy();
    // The seller's only provider is chosen for them; the campaigns are the active ones it uses.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Provedor/ }).textContent).toBe('Bitcom'));
    await screen.findByRole('combobox', { name: /^Campanha/ });
    expect(await optionsOf(/^Campanha/)).toEqual(['Fibra Bitcom']);
    await pickOption(/^Campanha/, 'Fibra Bitcom');
    await pickOption(/^Canal/, 'Porta a Porta');
    fireEvent.change(textbox(/^Telefone/), { target: { value: '31977776666' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Lead cadastrado com sucesso!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Leads' })).toBeTruthy();
    expect(await screen.findByText('Carla Compradora')).toBeTruthy();

    const { json } = await ui.api('GET', `/api/leads?filter=${encodeURIComponent(JSON.stringify({ q: 'Carla Compradora' }))}`);
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({
      nome: 'Carla Compradora',
      cpf: '321.654.987-91',
      telefone: '(31) 97777-6666',
      id_empresa: bitcom,
      equipe: 'externa',
      origem: 'formulario_externo',
      status: 'novo',
      cliente: true,
      cod_cliente: 'C-3001',
      inadimplente: true,
      id_vendedor: seller,
    });
  });

  it('a missing name stops the save with the required-fields toast; a sales reader may not open the form', async () => {
    await signInAs(['vendas:solicitante', 'user']);
    renderAdmin(ui.baseUrl, '/leads/external/register');
    await screen.findByRole('heading', { level: 1, name: 'Cadastrar lead externo' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Provedor/ }).textContent).toBe('Bitcom'));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preencha todos os campos obrigatórios!')).toBeTruthy();

    await signInAs(['vendas:leitor', 'user']);
    renderAdmin(ui.baseUrl, '/leads/external/register');
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeTruthy();
  });
});

describe("the group's campaigns and channels: a manager's to change", () => {
  it("a seller sees the group's campaigns but no add, edit, Ativar/Desativar or Excluir", async () => {
    const nome = `Campanha do grupo ${++seq}`;
    await ui.api('POST', '/api/sales-campaigns', { nome, bitcom: true });
    await signInAs(['vendas:solicitante', 'user']);
    renderAdmin(ui.baseUrl, '/marketing/campaigns/list');
    const row = (await screen.findByText(nome)).closest('tr')!;
    expect(screen.queryByRole('link', { name: /NOVA CAMPANHA/ })).toBeNull();
    expect(within(row).queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Desativar' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it("a sales manager's Desativar asks first, says what it did for every provider; Cancelar changes nothing", async () => {
    const nome = `Campanha compartilhada ${++seq}`;
    const { id } = (await ui.api('POST', '/api/sales-campaigns', { nome, bitcom: true, vetorial: true })).json;
    await signInAs(['vendas:gestor', 'user']);
    renderAdmin(ui.baseUrl, '/marketing/campaigns/list');
    const row = () => screen.getByText(nome).closest('tr')!;
    await screen.findByText(nome);
    fireEvent.click(within(row()).getByRole('button', { name: 'Desativar' }));
    let dialog = await screen.findByRole('dialog', { name: `Desativar a campanha ${nome}?` });
    expect(within(dialog).getByText('A campanha fica inativa para todos os provedores do grupo, não só para o seu.')).toBeTruthy();
    // Nothing is written before the answer.
    expect((await ui.api('GET', `/api/sales-campaigns/${id}`)).json.ativo).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await ui.api('GET', `/api/sales-campaigns/${id}`)).json.ativo).toBe(true);

    fireEvent.click(within(row()).getByRole('button', { name: 'Desativar' }));
    dialog = await screen.findByRole('dialog', { name: `Desativar a campanha ${nome}?` });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Campanha desativada para todos os provedores.')).toBeTruthy();
    expect(screen.queryByText('Dados atualizados com sucesso!')).toBeNull();
    await waitFor(() => expect(within(row()).getByRole('button', { name: 'Ativar' })).toBeTruthy());
    expect((await ui.api('GET', `/api/sales-campaigns/${id}`)).json.ativo).toBe(false);
  });
});
