import './setup.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiOrigin } from '../../src/admin/core/api.js';
import { setSession } from '../../src/admin/core/session.js';
import { MSG } from '../../src/domain/messages.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { startCepService, type CepService } from '../helpers/cepService.js';
import { renderAdmin } from './server.js';

// A ViaCEP-compatible address service of the test's own (no internet).
const ADDRESSES: Record<string, object> = {
  '13015904': { cep: '13015-904', logradouro: 'Avenida Francisco Glicério', complemento: '', bairro: 'Centro', localidade: 'Campinas', uf: 'SP', ibge: '3509502' },
  '01001000': { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
};

const UNREACHABLE_CEP = '50000-000';

let cepService: CepService;
let t: TestApp;
let baseUrl: string;
let bitcom: number;

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${t.adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  // This code finds the service gone: the connection drops without an answer.
  cepService = await startCepService(ADDRESSES, (cep, _res, req) => cep === UNREACHABLE_CEP.replace('-', '') && (req.socket.destroy(), true));
  const cepServiceUrl = cepService.url;
  t = await testApp({ config: { cepServiceUrl } });
  baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  setSession({ token: t.adminToken, roles: ['users:superadmin'] });
  setApiOrigin(baseUrl);
  bitcom = (await api('POST', '/api/providers', { nome: 'Bitcom' })).json.id;
  await api('POST', '/api/cities', { nome: 'São Paulo', uf: 'SP', id_empresa: bitcom });
});

afterAll(async () => {
  setApiOrigin('');
  await cepService?.close();
  await t?.close();
});

async function pick(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const listbox = (name: string) => screen.getByRole('listbox', { name: new RegExp(`^${name}`) });
const optionNames = (name: string) => within(listbox(name)).queryAllByRole('option').map((o) => o.textContent);

describe('holiday form', () => {
  it('applies the type, state and cities rules and saves the date as month-day', async () => {
    renderAdmin(baseUrl, '/holidays/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Aniversário de Campinas' } });
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: '1407' } });
    expect((screen.getByLabelText(/^Data/) as HTMLInputElement).value).toBe('14/07');

    await pick(/^Tipo/, 'Nacional');
    expect(await screen.findByText('Não é possivel selecionar cidades para feriados nacionais ou estaduais.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Estado/ }).getAttribute('aria-disabled')).toBe('true');

    // Estadual: the state is required, cities still blocked.
    await pick(/^Tipo/, 'Estadual');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Estado/ }).getAttribute('aria-disabled')).toBeNull());
    expect(screen.getByText('Não é possivel selecionar cidades para feriados nacionais ou estaduais.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    const estado = screen.getByRole('combobox', { name: /^Estado/ }).closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(within(estado).getByText('Campo obrigatório')).toBeTruthy());

    // Municipal: the dual list, at least one city.
    await pick(/^Tipo/, 'Municipal');
    await screen.findByRole('listbox', { name: /^Cidades disponíveis/ });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Selecione uma ou mais cidades')).toBeTruthy();
    // A missing required value, as 'Campo obrigatório' is: the submit says so, not the generic failure.
    expect(await screen.findByText(MSG.requiredForm)).toBeTruthy();
    expect(screen.queryByText(MSG.failure)).toBeNull();

    await pick(/^Estado/, 'SP');
    await waitFor(() => expect(optionNames('Cidades disponíveis').length).toBeGreaterThan(600));
    fireEvent.change(screen.getByLabelText('Pesquisar cidade'), { target: { value: 'campinas' } });
    await waitFor(() => expect(optionNames('Cidades disponíveis')).toEqual(['CampinasSP']));
    fireEvent.click(within(listbox('Cidades disponíveis')).getByRole('option'));
    fireEvent.click(screen.getByRole('button', { name: 'Mover selecionadas' }));
    await waitFor(() => expect(optionNames('Cidades selecionadas')).toEqual(['CampinasSP']));

    // Move all and remove all, then remove one selected.
    fireEvent.change(screen.getByLabelText('Pesquisar cidade'), { target: { value: 'jose do' } });
    await waitFor(() => expect(optionNames('Cidades disponíveis').length).toBeGreaterThan(1));
    const several = optionNames('Cidades disponíveis').length;
    fireEvent.click(screen.getByRole('button', { name: 'Mover todas' }));
    await waitFor(() => expect(optionNames('Cidades selecionadas')).toHaveLength(several + 1));
    expect(optionNames('Cidades disponíveis')).toEqual([]);
    const removeOne = within(listbox('Cidades selecionadas')).getAllByRole('option')[1];
    fireEvent.click(removeOne);
    fireEvent.click(screen.getByRole('button', { name: 'Remover selecionadas' }));
    await waitFor(() => expect(optionNames('Cidades selecionadas')).toHaveLength(several));
    fireEvent.click(screen.getByRole('button', { name: 'Remover todas' }));
    await waitFor(() => expect(within(listbox('Cidades selecionadas')).queryAllByRole('option')).toHaveLength(0));

    fireEvent.change(screen.getByLabelText('Pesquisar cidade'), { target: { value: 'campinas' } });
    await waitFor(() => expect(optionNames('Cidades disponíveis')).toEqual(['CampinasSP']));
    fireEvent.doubleClick(within(listbox('Cidades disponíveis')).getByRole('option'));
    await waitFor(() => expect(optionNames('Cidades selecionadas')).toEqual(['CampinasSP']));

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Feriado cadastrado com sucesso!')).toBeTruthy();
    const saved = await api('GET', `/api/holidays?filter=${encodeURIComponent(JSON.stringify({ nome: 'Aniversário de Campinas' }))}`);
    expect(saved.json).toHaveLength(1);
    expect(saved.json[0]).toMatchObject({ data: '07-14', tipo: 'Municipal', uf: 'SP', municipio: [3509502], recorrencia_anual: true });
  });

  it('clears the state and the cities when the holiday becomes Nacional; edit shows the city names', async () => {
    const created = await api('POST', '/api/holidays', { nome: 'Fundação de São Paulo', data: '01-25', tipo: 'Municipal', uf: 'SP', municipio: [3550308] });
    expect(created.status).toBe(201);
    renderAdmin(baseUrl, `/holidays/edit/${created.json.id}`);
    await screen.findByDisplayValue('Fundação de São Paulo');
    expect((screen.getByLabelText(/^Data/) as HTMLInputElement).value).toBe('25/01');
    await waitFor(() => expect(optionNames('Cidades selecionadas')).toEqual(['São PauloSP']));
    await pick(/^Tipo/, 'Nacional');
    await screen.findByText('Não é possivel selecionar cidades para feriados nacionais ou estaduais.');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    const saved = await api('GET', `/api/holidays/${created.json.id}`);
    expect(saved.json).toMatchObject({ tipo: 'Nacional', uf: null, municipio: [] });
  });
});

describe('one-off holiday', () => {
  it('without yearly recurrence the year is asked, this year by default, and saved', async () => {
    renderAdmin(baseUrl, '/holidays/register');
    fireEvent.change(await screen.findByLabelText(/^Nome/), { target: { value: 'Posse do prefeito' } });
    fireEvent.change(screen.getByLabelText(/^Data/), { target: { value: '0201' } });
    await pick(/^Tipo/, 'Nacional');
    const year = () => screen.getByLabelText(/^Ano/) as HTMLInputElement;
    expect(((await screen.findByLabelText(/^Ano/)) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Recorrência anual'));
    await waitFor(() => expect(year().disabled).toBe(false));
    expect(year().value).toBe(String(new Date().getFullYear()));
    fireEvent.change(year(), { target: { value: String(new Date().getFullYear() + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Feriado cadastrado com sucesso!')).toBeTruthy();
    const saved = await api('GET', `/api/holidays?filter=${encodeURIComponent(JSON.stringify({ nome: 'Posse do prefeito' }))}`);
    expect(saved.json[0]).toMatchObject({ data: '01-02', recorrencia_anual: false, ano: new Date().getFullYear() + 1 });
  });
});

describe('contracting company address by CEP', () => {
  it('fills the address from a 9-character CEP, says when it is unknown and clears under 6 characters', async () => {
    renderAdmin(baseUrl, '/contracting/companies/register');
    const cep = (await screen.findByLabelText(/^CEP/)) as HTMLInputElement;
    fireEvent.change(cep, { target: { value: '13015904' } });
    expect(cep.value).toBe('13015-904');
    await waitFor(() => expect((screen.getByLabelText(/^Endereço/, { selector: 'input' }) as HTMLInputElement).value).toBe('Avenida Francisco Glicério'));
    expect((screen.getByLabelText(/^Bairro/) as HTMLInputElement).value).toBe('Centro');
    expect((screen.getByLabelText(/^Cidade/) as HTMLInputElement).value).toBe('Campinas');
    expect(screen.getByRole('combobox', { name: /^Estado/ }).textContent).toContain('SP');

    fireEvent.change(cep, { target: { value: '99999-999' } });
    expect(await screen.findByText('CEP não encontrado, tente novamente')).toBeTruthy();

    fireEvent.change(cep, { target: { value: '1301' } });
    await waitFor(() => expect((screen.getByLabelText(/^Endereço/, { selector: 'input' }) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/^Cidade/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('CEP não encontrado, tente novamente')).toBeNull();
  });

  it('a complemento written by a lookup goes when the CEP changes or is cleared; one the user typed stays', async () => {
    renderAdmin(baseUrl, '/contracting/companies/register');
    const cep = (await screen.findByLabelText(/^CEP/)) as HTMLInputElement;
    const complemento = () => screen.getByLabelText(/^Complemento/) as HTMLInputElement;
    const endereco = () => screen.getByLabelText(/^Endereço/, { selector: 'input' }) as HTMLInputElement;
    fireEvent.change(cep, { target: { value: '01001000' } });
    await waitFor(() => expect(complemento().value).toBe('lado ímpar'));
    // Another CEP (whose address has no complemento): the old one is not left behind.
    fireEvent.change(cep, { target: { value: '13015904' } });
    await waitFor(() => expect(endereco().value).toBe('Avenida Francisco Glicério'));
    expect(complemento().value).toBe('');
    fireEvent.change(cep, { target: { value: '01001000' } });
    await waitFor(() => expect(complemento().value).toBe('lado ímpar'));
    // Cut under 6 characters: the address and the looked-up complemento are cleared.
    fireEvent.change(cep, { target: { value: '0100' } });
    await waitFor(() => expect(complemento().value).toBe(''));
    expect(endereco().value).toBe('');
    // The user's own complemento is theirs: neither replaced by a lookup nor cleared.
    fireEvent.change(complemento(), { target: { value: 'Sala 3' } });
    fireEvent.change(cep, { target: { value: '01001000' } });
    await waitFor(() => expect(endereco().value).toBe('Praça da Sé'));
    expect(complemento().value).toBe('Sala 3');
    fireEvent.change(cep, { target: { value: '0' } });
    await waitFor(() => expect(endereco().value).toBe(''));
    expect(complemento().value).toBe('Sala 3');
  });

  it('says below the CEP when the address service cannot be reached, and the address stays to be typed', async () => {
    renderAdmin(baseUrl, '/contracting/companies/register');
    const cep = (await screen.findByLabelText(/^CEP/)) as HTMLInputElement;
    fireEvent.change(cep, { target: { value: UNREACHABLE_CEP } });
    const message = await screen.findByText('Serviço de CEP indisponível no momento. Preencha o endereço manualmente.');
    expect(message.getAttribute('role')).toBe('alert');
    // Under the CEP box, not over it.
    expect(cep.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const endereco = screen.getByLabelText(/^Endereço/, { selector: 'input' }) as HTMLInputElement;
    expect(endereco.value).toBe('');
    expect(endereco.disabled).toBe(false);
    fireEvent.change(endereco, { target: { value: 'Rua Digitada' } });
    expect(endereco.value).toBe('Rua Digitada');
    // A CEP the service answers clears the message.
    fireEvent.change(cep, { target: { value: '13015904' } });
    await waitFor(() => expect(screen.queryByText('Serviço de CEP indisponível no momento. Preencha o endereço manualmente.')).toBeNull());
  });

  it("offers to create the city when the company's provider does not have it (POST /v1/createCity)", async () => {
    renderAdmin(baseUrl, '/contracting/companies/register');
    await screen.findByLabelText(/^CEP/);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Provedor/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bitcom' }));
    // São Paulo is already a Bitcom city: nothing to offer.
    fireEvent.change(screen.getByLabelText(/^CEP/), { target: { value: '01001000' } });
    await waitFor(() => expect((screen.getByLabelText(/^Cidade/) as HTMLInputElement).value).toBe('São Paulo'));
    expect(screen.queryByRole('button', { name: 'Cadastrar cidade' })).toBeNull();
    // Campinas is not.
    fireEvent.change(screen.getByLabelText(/^CEP/), { target: { value: '13015904' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cadastrar cidade' }));
    expect(await screen.findByText('Cidade Campinas cadastrada no provedor.')).toBeTruthy();
    const cities = await api('GET', `/api/cities?filter=${encodeURIComponent(JSON.stringify({ id_empresa: bitcom }))}`);
    expect(cities.json.map((c: { nome: string }) => c.nome).sort()).toEqual(['Campinas', 'São Paulo']);
  });
});

describe('provider city register', () => {
  const cityInput = () => screen.getByRole('combobox', { name: /^Nome/ }) as HTMLInputElement;
  const type = (text: string) => {
    fireEvent.focus(cityInput());
    fireEvent.change(cityInput(), { target: { value: text } });
  };

  it('chooses the name among the chosen state\'s municipalities, searchable, and the server refuses a duplicate', async () => {
    renderAdmin(baseUrl, '/cities/register');
    await screen.findByRole('heading', { name: 'Dados Básicos' });
    await pick(/^UF/, 'MG');
    type('uberl');
    const options = async () => (await screen.findAllByRole('option')).map((o) => o.textContent);
    await waitFor(async () => expect(await options()).toEqual(['Uberlândia']));
    fireEvent.click(screen.getByRole('option', { name: 'Uberlândia' }));
    await waitFor(() => expect(cityInput().value).toBe('Uberlândia'));
    // Another state does not have it: the name is cleared.
    await pick(/^UF/, 'SP');
    await waitFor(() => expect(cityInput().value).toBe(''));
    type('sao pa');
    fireEvent.click(await screen.findByRole('option', { name: 'São Paulo' }));
    await pick(/^Provedor/, 'Bitcom');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    // Bitcom already has São Paulo.
    expect((await screen.findAllByText('Esta cidade já está cadastrada para este provedor.')).length).toBeGreaterThanOrEqual(1);
  });

  it('without a state, a search looks in every state and choosing a city fills its state', async () => {
    renderAdmin(baseUrl, '/cities/register');
    await screen.findByRole('heading', { name: 'Dados Básicos' });
    type('Pirapora do Bom');
    fireEvent.click(await screen.findByRole('option', { name: 'Pirapora do Bom Jesus/SP' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^UF/ }).textContent).toContain('SP'));
    await pick(/^Provedor/, 'Bitcom');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Cidade cadastrada com sucesso!')).toBeTruthy();
    const saved = await api('GET', `/api/cities?filter=${encodeURIComponent(JSON.stringify({ id_empresa: bitcom, uf: 'SP' }))}`);
    expect(saved.json.map((c: { nome: string }) => c.nome)).toContain('Pirapora do Bom Jesus');
  });
});

describe("a provider's cities", () => {
  it('are chosen in a dual list from the providers table and replaced at once', async () => {
    renderAdmin(baseUrl, '/providers/list');
    await screen.findByText('Bitcom');
    const row = screen.getByText('Bitcom').closest('tr')!;
    fireEvent.click(within(row).getByRole('link', { name: 'Cidades' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cidades do provedor Bitcom' })).toBeTruthy();
    await waitFor(() => expect(optionNames('Cidades do provedor')).toContain('São PauloSP'));
    fireEvent.change(screen.getByLabelText('Pesquisar cidade'), { target: { value: 'valinhos' } });
    await waitFor(() => expect(optionNames('Cidades disponíveis')).toEqual(['ValinhosSP']));
    fireEvent.click(screen.getByRole('button', { name: 'Mover todas' }));
    // São Paulo leaves.
    const sp = within(listbox('Cidades do provedor')).getAllByRole('option').find((o) => o.textContent === 'São PauloSP')!;
    fireEvent.click(sp);
    fireEvent.click(screen.getByRole('button', { name: 'Remover selecionadas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
    const cities = await api('GET', `/api/cities?filter=${encodeURIComponent(JSON.stringify({ id_empresa: bitcom }))}`);
    expect(cities.json.map((c: { nome: string }) => c.nome).sort()).toEqual(expect.arrayContaining(['Valinhos']));
    expect(cities.json.map((c: { nome: string }) => c.nome)).not.toContain('São Paulo');
  });
});

describe('categories as cards', () => {
  it('shows one card per category with its colour and icon, leading to its news feed; Editar opens it for editing', async () => {
    await api('POST', '/api/categories', { titulo: 'Comunicados', icone: 'campaign', color: '#d32f2f' });
    await api('POST', '/api/categories', { titulo: 'Eventos', icone: 'event', color: '#388e3c', ativo: false });
    renderAdmin(baseUrl, '/categories/cards');
    const cards = await screen.findByRole('list', { name: 'Categorias' });
    const items = await within(cards).findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Comunicados', 'Eventos']);
    expect(within(items[1]).getByText('Inativo')).toBeTruthy();
    expect(items[0].querySelector('[aria-label=campaign]')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(items[0]).getByRole('link', { name: 'Editar' }));
    expect(await screen.findByDisplayValue('Comunicados')).toBeTruthy();
  });

  it('a category card opens the feed of its news (list.cardLink)', async () => {
    renderAdmin(baseUrl, '/categories/cards');
    const cards = await screen.findByRole('list', { name: 'Categorias' });
    const [first] = await within(cards).findAllByRole('listitem');
    fireEvent.click(within(first).getByRole('button', { name: /Comunicados/ }));
    expect(await screen.findByRole('heading', { name: 'Novidades · Comunicados' })).toBeTruthy();
  });

  it('/categories/list is the table of the same categories (the spec names both routes)', async () => {
    renderAdmin(baseUrl, '/categories/list');
    // The table drawn while the rows load (skeletons) is replaced by another element once they come:
    // the table is looked up again on every try, never kept from the first one found.
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Comunicados')).toBeTruthy());
    expect(within(screen.getByRole('table')).getByText('Eventos')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Categorias' })).toBeNull();
  });
});

describe('history panel', () => {
  it("shows a change through the field's own view: a holiday's cities by name, not IBGE code", async () => {
    const created = await api('POST', '/api/holidays', { nome: 'Aniversário da cidade', data: '08-15', tipo: 'Municipal', uf: 'SP', municipio: [3550308] });
    await api('PUT', `/api/holidays/${created.json.id}`, { municipio: [3550308, 3509502] });
    renderAdmin(baseUrl, `/holidays/edit/${created.json.id}`);
    await screen.findByDisplayValue('Aniversário da cidade');
    fireEvent.click(screen.getByText('Ver histórico de Edições'));
    const list = await screen.findByRole('list', { name: 'Histórico de edições' });
    const [edit] = await within(list).findAllByRole('listitem');
    const row = within(edit).getAllByRole('row').find((r) => r.textContent?.startsWith('Cidades'))!;
    await waitFor(() => expect(row.textContent).toBe('CidadesSão Paulo/SPCampinas/SP, São Paulo/SP'));
  });
});

describe("a field only the superadmin changes (x-intranet.fieldAccess)", () => {
  it("an HR manager edits the provider with its site read-only, saying who changes it, and saving leaves the site alone", async () => {
    await api('PUT', `/api/providers/${bitcom}`, { site: 'https://bitcom.com.br/' });
    const manager = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [bitcom] });
    setSession({ token: manager, roles: ['rh:gestor'] });
    try {
      renderAdmin(baseUrl, `/providers/edit/${bitcom}`);
      const site = (await screen.findByLabelText('Site')) as HTMLInputElement;
      await waitFor(() => expect(site.value).toBe('https://bitcom.com.br/'));
      expect(site.readOnly).toBe(true);
      expect(screen.getByText('O campo "Site" só pode ser alterado pelo superadministrador.')).toBeTruthy();
      const name = screen.getByLabelText(/^Nome/) as HTMLInputElement;
      fireEvent.change(name, { target: { value: 'Bitcom Telecom' } });
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Dados atualizados com sucesso!')).toBeTruthy();
      const saved = await api('GET', `/api/providers/${bitcom}`);
      expect(saved.json).toMatchObject({ nome: 'Bitcom Telecom', site: 'https://bitcom.com.br/' });
    } finally {
      await api('PUT', `/api/providers/${bitcom}`, { nome: 'Bitcom' });
      setSession({ token: t.adminToken, roles: ['users:superadmin'] });
    }
  });

  it('the superadmin edits the site', async () => {
    renderAdmin(baseUrl, `/providers/edit/${bitcom}`);
    const site = (await screen.findByLabelText('Site')) as HTMLInputElement;
    await waitFor(() => expect(site.value).toBe('https://bitcom.com.br/'));
    expect(site.readOnly).toBe(false);
  });
});
