// The roulette register/edit wizard (marketing document, sections 2 and 5, "Roulette register/edit
// wizard" and "Roulette campaign"): its pure rules (counters, checks, the prize rows' add/remove
// rules, the bodies sent, the server's errors put back on the rows), then the screens against the
// real server: the register through its three steps (counters, 'No results', the required
// messages, the date hint, Remover Prêmios, the quantity hint, the live preview), the edit (loaded
// values, Avançar, the history) and the server's refusals kept on the step with the values.
import './setup.js';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link, Route, useLocation } from 'react-router-dom';
import { setSession } from '../../src/admin/core/session.js';
import { MSG } from '../../src/domain/messages.js';
import RouletteRegister, { RouletteEdit } from '../../custom-pages/roulette/Wizard.js';
import {
  addPrize,
  appearanceOf,
  appearancePayload,
  basicOf,
  basicPayload,
  canAddPrize,
  canRemovePrizes,
  changedFields,
  counterText,
  digitsOnly,
  EMPTY_BASIC,
  emptyGroups,
  emptyPrize,
  imageProblem,
  lacksRequired,
  nameCounter,
  normalizeHex,
  periodDays,
  prizeErrorsOf,
  prizeRowsOf,
  prizesPayload,
  quantityProblem,
  rangeProblem,
  removeLastPrize,
  showsRemovePrizes,
  validateAppearance,
  validateBasic,
  validatePrize,
  withSavedIds,
  type PrizeRow,
} from '../../custom-pages/roulette/wizardRules.js';
import { WIZARD_TEXTS as T } from '../../custom-pages/roulette/wizardTexts.js';
import { keepMuiStyles } from './lean-styles.js';
import { combo, pickOption } from './autocomplete.js';
import { renderPage, signOutLocally, startServer, type UiServer } from './server.js';

// The look's preview is checked by its computed background image: MUI's styles whole (tests/ui/lean-styles.ts).
keepMuiStyles();

const filled = (extra: Partial<PrizeRow> = {}): PrizeRow => ({ ...emptyPrize(), nome: 'Brinde', descricao: 'Você ganhou!', peso_item: '10', quantidade: '5', quantidade_minima: '0', animacao: 'true', ...extra });

describe('the rules', () => {
  it('counts the name up to 8 and the limited texts', () => {
    expect(nameCounter('abc')).toBe('3/8');
    expect(nameCounter('')).toBe('0/8');
    expect(nameCounter('12345678')).toBeUndefined();
    expect(counterText('motivo', 140)).toBe('6/140');
    expect(digitsOnly('1a2.3', 2)).toBe('12');
  });

  it('checks the campaign: required fields, the name minimum, dates, the interval', () => {
    const errors = validateBasic(EMPTY_BASIC);
    expect(errors).toMatchObject({
      id_usuario_intranet: MSG.required,
      nome: MSG.required,
      id_empresa: MSG.required,
      data_inicio_campanha: MSG.required,
      data_fim_campanha: MSG.required,
      descricao: MSG.required,
    });
    expect(errors.intervalo_votacao).toBeUndefined();
    expect(lacksRequired(errors)).toBe(true);
    const ok = { ...EMPTY_BASIC, id_usuario_intranet: 1, nome: 'Roleta de Natal', id_empresa: 2, data_inicio_campanha: '2026-12-01', data_fim_campanha: '2026-12-31', descricao: 'Gire e ganhe' };
    expect(validateBasic(ok)).toEqual({});
    expect(validateBasic({ ...ok, nome: 'Curta' }).nome).toBe(MSG.minLength(8));
    expect(validateBasic({ ...ok, data_fim_campanha: '2026-11-30' }).data_fim_campanha).toBe(T.dateOrder);
    expect(validateBasic({ ...ok, data_inicio_campanha: '31/02/2026' }).data_inicio_campanha).toBe(MSG.date);
    expect(validateBasic({ ...ok, intervalo_votacao: '0' }).intervalo_votacao).toBe(MSG.minimum(1));
    expect(validateBasic({ ...ok, intervalo_votacao: '8761' }).intervalo_votacao).toBe(MSG.maximum(8760));
    expect(validateBasic({ ...ok, intervalo_votacao: '' }).intervalo_votacao).toBe(MSG.required);
    expect(lacksRequired(validateBasic({ ...ok, nome: 'Curta' }))).toBe(false);
    expect(periodDays('2026-12-01', '2026-12-31')).toBe(31);
    expect(periodDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(periodDays('2026-12-01', null)).toBeNull();
    expect(rangeProblem('2026-12-02', '2026-12-01')).toBe(T.dateOrder);
    expect(T.days(31)).toBe('A campanha dura 31 dias');
  });

  it('sends the campaign fields, and on an edit only those changed', () => {
    const record = { id: 5, nome: 'Roleta de Natal', id_usuario_intranet: 3, id_empresa: 2, data_inicio_campanha: '2026-12-01', data_fim_campanha: '2026-12-31', motivo_aplicacao: null, descricao: 'Gire', sistema: null, api_erp: false, intervalo_votacao: 24, slug: 'x' };
    const values = basicOf(record);
    expect(values).toMatchObject({ nome: 'Roleta de Natal', motivo_aplicacao: '', sistema: '', intervalo_votacao: '24' });
    const payload = basicPayload(values);
    expect(payload).toEqual({ id_usuario_intranet: 3, nome: 'Roleta de Natal', id_empresa: 2, data_inicio_campanha: '2026-12-01', data_fim_campanha: '2026-12-31', motivo_aplicacao: null, descricao: 'Gire', sistema: null, api_erp: false, intervalo_votacao: 24 });
    expect(changedFields(payload, record)).toEqual({});
    expect(changedFields(basicPayload({ ...values, nome: 'Roleta de Ano Novo', intervalo_votacao: '12' }), record)).toEqual({ nome: 'Roleta de Ano Novo', intervalo_votacao: 12 });
  });

  it('adds prizes up to 7 and removes down to 4; Remover Prêmios shows from the 4th row', () => {
    expect([3, 4, 5, 7].map(showsRemovePrizes)).toEqual([false, true, true, true]);
    expect([4, 5, 7].map(canRemovePrizes)).toEqual([false, true, true]);
    expect([4, 6, 7].map(canAddPrize)).toEqual([true, true, false]);
    const groups = emptyGroups();
    expect(groups.customers).toHaveLength(4);
    expect(groups.nonCustomers).toHaveLength(4);
    let rows = groups.customers;
    for (let i = 0; i < 5; i++) rows = addPrize(rows);
    expect(rows).toHaveLength(7);
    for (let i = 0; i < 5; i++) rows = removeLastPrize(rows);
    expect(rows).toHaveLength(4);
    expect(new Set(addPrize(addPrize(rows)).map((r) => r.key)).size).toBe(6);
  });

  it('checks a prize row: required fields, Confete without default, quantity above the minimum stock', () => {
    expect(validatePrize(emptyPrize())).toEqual({ nome: MSG.required, descricao: MSG.required, quantidade: MSG.required, animacao: MSG.required });
    expect(validatePrize(filled())).toEqual({});
    expect(quantityProblem({ quantidade: '5', quantidade_minima: '5' })).toBe(T.quantityHint);
    expect(quantityProblem({ quantidade: '6', quantidade_minima: '5' })).toBeUndefined();
    expect(quantityProblem({ quantidade: '', quantidade_minima: '5' })).toBeUndefined();
    expect(validatePrize(filled({ quantidade: '2', quantidade_minima: '3' })).quantidade).toBe('Quantidade precisa ser maior que estoque minimo');
    expect(validatePrize(filled({ peso_item: '0' })).peso_item).toBe(MSG.minimum(1));
  });

  it('sends both wheels in order with the stored ids, and puts the server errors back on their rows', () => {
    const groups = { customers: [filled({ id: 11 }), filled(), filled(), filled()], nonCustomers: [filled(), filled(), filled(), filled({ animacao: 'false' })] };
    const { premios } = prizesPayload(groups);
    expect(premios).toHaveLength(8);
    expect(premios[0]).toEqual({ id: 11, nome: 'Brinde', descricao: 'Você ganhou!', cliente: true, peso_item: 10, quantidade: 5, quantidade_minima: 0, animacao: true, sem_premio: false });
    expect(premios[1]).not.toHaveProperty('id');
    expect(premios[7]).toMatchObject({ cliente: false, animacao: false });
    const mapped = prizeErrorsOf({ 'premios.1.nome': 'x', 'premios.5.quantidade': 'y', premios: 'z' }, groups);
    expect(mapped.customers[1]).toEqual({ nome: 'x' });
    expect(mapped.nonCustomers[1]).toEqual({ quantidade: 'y' });
    expect(mapped.other).toEqual(['z']);
    const saved = withSavedIds(groups, premios.map((_, i) => ({ id: 100 + i })));
    expect(saved.customers.map((r) => r.id)).toEqual([100, 101, 102, 103]);
    expect(saved.nonCustomers.map((r) => r.id)).toEqual([104, 105, 106, 107]);
    const loaded = prizeRowsOf([{ id: 1, cliente: true, nome: 'A', descricao: 'a', peso_item: 1, quantidade: 2, quantidade_minima: 0, animacao: false }], true);
    expect(loaded).toHaveLength(4);
    expect(loaded[0]).toMatchObject({ id: 1, nome: 'A', quantidade: '2', animacao: 'false', sem_premio: 'false' });
    expect(prizeRowsOf([{ id: 2, cliente: false, nome: 'Tente de novo', descricao: 'b', peso_item: 1, quantidade: 2, quantidade_minima: 0, animacao: false, sem_premio: true }], false)[0].sem_premio).toBe('true');
  });

  it('takes any colour as #rrggbb, and only jpg/jpeg/png images up to 10 MB', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(normalizeHex('12ab9F')).toBe('#12ab9f');
    expect(normalizeHex('azul')).toBeNull();
    const look = appearanceOf({ color_item: '#FF0000', url_background: 'f1' });
    expect(look).toMatchObject({ color_item: '#ff0000', color_text: '#ffffff', url_background: 'f1', base_html_content: null });
    expect(validateAppearance({ ...look, color_text: 'x' })).toEqual({ color_text: MSG.color });
    expect(Object.keys(appearancePayload(look)).sort()).toEqual(['base_background', 'base_html_content', 'color_item', 'color_item_2', 'color_text', 'color_text2', 'url_background']);
    expect(imageProblem({ name: 'fundo.gif', size: 10 })).toBe('Formato do arquivo não permitido!');
    expect(imageProblem({ name: 'FUNDO.JPEG', size: 10_485_760 })).toBeNull();
    expect(imageProblem({ name: 'fundo.png', size: 10_485_761 })).toBe('O arquivo deve ter no máximo 10 MB.');
  });
});

// ---- The screens against the server ------------------------------------------------------------

let ui: UiServer;
let bitcom: number;
let owner: number;
const writeText = vi.fn(async (_text: string) => undefined);

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{`${location.pathname}${location.search}`}</output>
      <Link to="/marketing/roulette/register">Nova roleta (menu)</Link>
    </>
  );
}

const routes = [
  <Route
    key="register"
    path="/marketing/roulette/register"
    element={
      <>
        <RouletteRegister />
        <Where />
      </>
    }
  />,
  <Route
    key="edit"
    path="/marketing/roulette/edit/:id/:idOwner?"
    element={
      <>
        <RouletteEdit />
        <Where />
      </>
    }
  />,
  <Route key="list" path="/marketing/roulette/list" element={<h1>Lista de roletas</h1>} />,
];

const open = (path: string) => renderPage(ui.baseUrl, path, routes);
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const input = (label: RegExp, within_: HTMLElement = document.body) => within(within_).getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
const type = (label: RegExp, value: string, scope?: HTMLElement) => fireEvent.change(input(label, scope), { target: { value } });
const group = (name: string) => screen.getByRole('region', { name });
const rowsOf = (name: string) => within(group(name)).getAllByRole('group');

async function chooseSelect(label: RegExp, option: string, scope: HTMLElement = document.body) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillRow(row: HTMLElement, name: string, extra: { quantity?: string; minimum?: string; confetti?: string; noPrize?: boolean } = {}) {
  type(/^Nome do prêmio/, name, row);
  type(/^Mensagem do sorteio/, `Você ganhou ${name}!`, row);
  type(/^Quantidade/, extra.quantity ?? '10', row);
  if (extra.minimum) type(/^Estoque mínimo/, extra.minimum, row);
  await chooseSelect(/^Confete/, extra.confetti ?? 'Sim', row);
  if (extra.noPrize) await chooseSelect(/^Sem prêmio/, 'Sim', row);
}

async function createCampaign(nome: string) {
  const res = await ui.api('POST', '/api/roulette-campaigns', {
    nome,
    descricao: 'Gire e ganhe',
    id_empresa: bitcom,
    id_usuario_intranet: owner,
    data_inicio_campanha: '2026-12-01',
    data_fim_campanha: '2026-12-31',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Record<string, any>;
}

/** A 1x1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

const prize = (nome: string, cliente: boolean) => ({ nome, descricao: `Você ganhou ${nome}!`, cliente, peso_item: 3, quantidade: 50, quantidade_minima: 1, animacao: false });

/** Answers `status` and `body` to the next call whose URL and method match, the rest as usual. */
function refuseNext(match: RegExp, method: string, status: number, body: unknown) {
  const real = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (match.test(url) && (init?.method ?? 'GET').toUpperCase() === method) {
      spy.mockRestore();
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }
    return real(input, init);
  });
  return spy;
}

/**
 * POST /v1/files/ and GET /v1/files/{id} answered on the server's own table: in jsdom the multipart
 * body cannot reach the server (jsdom's File is not Node's), as tests/ui/lead-imports-server.ts says.
 */
function interceptFiles() {
  const real = globalThis.fetch;
  const db = ui.server.db;
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'POST' && /^\/v1\/files\/?$/.test(url.pathname) && init?.body instanceof FormData) {
      const file = init.body.get('file[]') as File;
      const bytes = Buffer.from(await file.arrayBuffer());
      const id = randomUUID();
      await db.query("INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados) VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'))", [
        id,
        init.body.get('bucket-id'),
        file.name,
        file.type,
        bytes.length,
        bytes.toString('hex'),
      ]);
      return Response.json({ processedFiles: [{ id, name: file.name, type: file.type }] });
    }
    const stored = /^\/v1\/files\/([0-9a-f-]{36})$/i.exec(url.pathname);
    if (method === 'GET' && stored) {
      const { rows } = await db.query<{ tipo: string; dados: string }>("SELECT tipo, encode(dados, 'hex') AS dados FROM storage.arquivo WHERE id = $1", [stored[1]]);
      return new Response(Buffer.from(rows[0].dados, 'hex'), { headers: { 'Content-Type': rows[0].tipo } });
    }
    return real(input, init);
  });
}

beforeAll(async () => {
  ui = await startServer({ config: { publicUrl: 'https://intranet.exemplo.com.br' } });
  const res = await ui.api('POST', '/api/providers', { nome: 'Bitcom' });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  bitcom = res.json.id;
  owner = await ui.createUser({ email: 'ana.souza@bitcom.com.br', nome: 'Ana Souza', papeis: ['roulette:gestor'], funcionario: true, id_empresas: [bitcom] });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
  writeText.mockClear();
  setSession({ token: ui.server.adminToken, roles: ['users:superadmin'] });
});

afterAll(async () => {
  signOutLocally();
  await ui?.close();
});

describe('the register', () => {
  it('asks for the required fields, counts the name and the reason, says No results and the period', async () => {
    open('/marketing/roulette/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cadastrar Roleta' })).toBeTruthy();
    expect(screen.getAllByText('Cadastro básico').length).toBeGreaterThan(0);
    expect(screen.getByText('Prêmios da roleta')).toBeTruthy();
    expect(screen.getByText('Aparência da roleta')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/marketing/roulette/list');

    fireEvent.click(button('Salvar'));
    expect(await screen.findByText('Preencha todos os campos obrigatórios!')).toBeTruthy();
    // Responsável, Nome, Provedor, the two dates and Descrição.
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(6);

    type(/^Nome/, 'Nat');
    expect(screen.getByText('3/8')).toBeTruthy();
    type(/^Nome/, 'Natal Bitcom');
    expect(screen.queryByText(/^\d+\/8$/)).toBeNull();
    type(/^Motivo da aplicação/, 'Fim de ano');
    expect(screen.getByText('10/140')).toBeTruthy();
    expect(input(/^Motivo da aplicação/).maxLength).toBe(140);

    const ownerBox = combo(/^Responsável/);
    fireEvent.mouseDown(ownerBox);
    fireEvent.keyDown(ownerBox, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: /^Ana Souza/ })).toBeTruthy();
    ownerBox.focus();
    fireEvent.change(ownerBox, { target: { value: 'ninguém com este nome' } });
    expect(await screen.findByText('No results')).toBeTruthy();
    fireEvent.keyDown(ownerBox, { key: 'Escape' });

    type(/^Data de início/, '01/12/2026');
    type(/^Data de fim/, '31/12/2026');
    expect(await screen.findByText('A campanha dura 31 dias')).toBeTruthy();
    type(/^Data de fim/, '30/11/2026');
    expect(await screen.findByText('A data inicial não pode ser maior que a data final!')).toBeTruthy();
    expect(input(/^Intervalo entre giros/).value).toBe('24');
    expect(screen.queryByRole('textbox', { name: 'Link da campanha' })).toBeNull();
  });

  it('creates the campaign, then saves the prizes (Remover Prêmios, the quantity hint) and the look with its live preview', async () => {
    open('/marketing/roulette/register');
    await screen.findByRole('combobox', { name: /^Responsável/ });
    await pickOption(/^Responsável/, 'Ana Souza ana.souza@bitcom.com.br');
    type(/^Nome/, 'Roleta de Natal Bitcom');
    await pickOption(/^Provedor/, 'Bitcom');
    type(/^Data de início/, '01/12/2026');
    type(/^Data de fim/, '31/12/2026');
    type(/^Descrição/, 'Gire e ganhe no Natal');
    fireEvent.click(screen.getByRole('switch', { name: 'Abrir chamado no ERP' }));
    fireEvent.click(button('Salvar'));

    expect(await screen.findByText('Campanha cadastrada com sucesso!')).toBeTruthy();
    await screen.findByRole('region', { name: 'Roleta de clientes' });
    const created = (await ui.api('GET', '/api/roulette-campaigns?filter=' + encodeURIComponent(JSON.stringify({ nome: 'Roleta de Natal Bitcom' })))).json[0];
    expect(created).toMatchObject({ id_usuario_intranet: owner, id_empresa: bitcom, api_erp: true, intervalo_votacao: 24, data_inicio_campanha: '2026-12-01' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/marketing/roulette/register?id=${created.id}&ownerId=${owner}`));

    // Four empty rows on each wheel; Remover Prêmios is there, disabled at exactly 4.
    const customers = () => within(group('Roleta de clientes'));
    expect(rowsOf('Roleta de clientes')).toHaveLength(4);
    expect(rowsOf('Roleta de não clientes')).toHaveLength(4);
    const remove = () => customers().getByRole('button', { name: 'Remover Prêmios' }) as HTMLButtonElement;
    const add = () => customers().getByRole('button', { name: 'Adicionar Prêmio' }) as HTMLButtonElement;
    expect(remove().disabled).toBe(true);
    fireEvent.click(add());
    expect(rowsOf('Roleta de clientes')).toHaveLength(5);
    expect(remove().disabled).toBe(false);
    fireEvent.click(add());
    fireEvent.click(add());
    expect(rowsOf('Roleta de clientes')).toHaveLength(7);
    expect(add().disabled).toBe(true);
    fireEvent.click(remove());
    fireEvent.click(remove());
    fireEvent.click(remove());
    expect(rowsOf('Roleta de clientes')).toHaveLength(4);
    expect(remove().disabled).toBe(true);
    expect(add().disabled).toBe(false);

    // Saving empty rows: every required message, the Confete one included.
    fireEvent.click(button('Salvar'));
    expect(await screen.findByText('Preencha todos os campos obrigatórios!')).toBeTruthy();
    const first = rowsOf('Roleta de clientes')[0];
    expect(within(first).getAllByText('Campo obrigatório')).toHaveLength(4);

    type(/^Nome do prêmio/, 'Camiseta', first);
    expect(within(first).getByText('8/24')).toBeTruthy();
    type(/^Quantidade/, '2', first);
    type(/^Estoque mínimo/, '2', first);
    expect(within(first).getByText('Quantidade precisa ser maior que estoque minimo')).toBeTruthy();
    type(/^Estoque mínimo/, '1', first);
    expect(within(first).queryByText('Quantidade precisa ser maior que estoque minimo')).toBeNull();

    const names = ['Camiseta', 'Caneca', 'Boné', 'Chaveiro'];
    for (const [i, row] of rowsOf('Roleta de clientes').entries()) await fillRow(row, names[i], i === 0 ? { quantity: '2', minimum: '1' } : {});
    // The non-customers' last slot is declared "no prize" ('Tente de novo').
    for (const [i, row] of rowsOf('Roleta de não clientes').entries()) await fillRow(row, i === 3 ? 'Tente de novo' : `Cupom ${i + 1}`, { confetti: 'Não', noPrize: i === 3 });
    expect(within(rowsOf('Roleta de não clientes')[3]).getByText('Casa de consolo: sem cupom')).toBeTruthy();
    fireEvent.click(button('Salvar'));

    await screen.findByRole('region', { name: 'Pré-visualização' });
    const prizes = (await ui.api('GET', '/api/roulette-prizes?sort=' + encodeURIComponent('["ordem","ASC"]') + '&filter=' + encodeURIComponent(JSON.stringify({ id_campanha: created.id })))).json as any[];
    expect(prizes.filter((p) => p.cliente).map((p) => p.nome)).toEqual(names);
    expect(prizes.filter((p) => !p.cliente).map((p) => p.animacao)).toEqual([false, false, false, false]);
    expect(prizes.filter((p) => !p.cliente).map((p) => p.sem_premio)).toEqual([false, false, false, true]);
    expect(prizes.filter((p) => p.cliente).map((p) => p.sem_premio)).toEqual([false, false, false, false]);
    expect(prizes.find((p) => p.nome === 'Camiseta')).toMatchObject({ quantidade: 2, quantidade_minima: 1, animacao: true, peso_item: 1 });

    // The preview draws the customers' prizes in the chosen colours.
    const wheel = screen.getByRole('img', { name: T.previewWheel });
    for (const name of names) expect(within(wheel).getByText(name)).toBeTruthy();
    expect(wheel.querySelector('path')?.getAttribute('fill')).toBe('#1565c0');
    type(/^Cor de fundo 1/, '#ff0000');
    await waitFor(() => expect(screen.getByRole('img', { name: T.previewWheel }).querySelector('path')?.getAttribute('fill')).toBe('#ff0000'));
    fireEvent.change(screen.getByLabelText('Escolher cor do texto 2'), { target: { value: '#00ff00' } });
    expect(input(/^Cor do texto 2/).value).toBe('#00ff00');

    // Another image type and a file over 10 MB are refused before any upload.
    const picker = screen.getByTestId('roulette-background-file');
    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'fundo.gif', { type: 'image/gif' })] } });
    expect((await screen.findAllByText('Formato do arquivo não permitido!')).length).toBeGreaterThan(0);
    const big = new File(['x'], 'fundo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 10_485_761 });
    fireEvent.change(picker, { target: { files: [big] } });
    expect((await screen.findAllByText('O arquivo deve ter no máximo 10 MB.')).length).toBeGreaterThan(0);
    expect(screen.getByText(/Recomendado: 1366x768 \(16:9\)/)).toBeTruthy();

    // Voltar keeps the rows typed.
    fireEvent.click(button('Voltar'));
    await screen.findByRole('region', { name: 'Roleta de clientes' });
    expect(input(/^Nome do prêmio/, rowsOf('Roleta de clientes')[1]).value).toBe('Caneca');
    fireEvent.click(button('Salvar'));
    await screen.findByRole('region', { name: 'Pré-visualização' });
    expect(input(/^Cor de fundo 1/).value).toBe('#ff0000');

    fireEvent.click(button('Salvar'));
    expect(await screen.findByText('Lista de roletas')).toBeTruthy();
    expect(await screen.findByText('Campanha cadastrada com sucesso!')).toBeTruthy();
    const look = (await ui.api('GET', '/api/roulette-appearances?filter=' + encodeURIComponent(JSON.stringify({ id_campanha: created.id })))).json as any[];
    expect(look[0]).toMatchObject({ color_item: '#ff0000', color_text2: '#00ff00', base_background: '#0d1b3e', url_background: null });
    // Saving the prizes again updated them (the ids came back): still 8 rows.
    const again = (await ui.api('GET', '/api/roulette-prizes?filter=' + encodeURIComponent(JSON.stringify({ id_campanha: created.id })))).json as any[];
    expect(again.map((p) => p.id).sort()).toEqual(prizes.map((p) => p.id).sort());
  }, 180_000);

  it('a reload after step 1 reopens the created campaign at the prizes', async () => {
    const campaign = await createCampaign('Roleta recarregada');
    open(`/marketing/roulette/register?id=${campaign.id}&ownerId=${owner}`);
    await screen.findByRole('region', { name: 'Roleta de clientes' });
    expect(rowsOf('Roleta de clientes')).toHaveLength(4);
    fireEvent.click(button('Voltar'));
    expect((await screen.findByLabelText(/^Nome/, { selector: 'input' }) as HTMLInputElement).value).toBe('Roleta recarregada');
    expect(button('Salvar')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Link da campanha' }) as HTMLInputElement).value).toBe(campaign.url_campanha);
    // A bare register from the menu starts a new campaign.
    fireEvent.click(screen.getByRole('link', { name: 'Nova roleta (menu)' }));
    await waitFor(() => expect(input(/^Nome/).value).toBe(''));
    expect(screen.queryByRole('textbox', { name: 'Link da campanha' })).toBeNull();
  });
});

describe('the edit', () => {
  it('loads the campaign, its prizes and look; Avançar; the link copies; the history shows', async () => {
    const campaign = await createCampaign('Roleta de Páscoa');
    const saved = await ui.api('PUT', `/v1/roulette/${campaign.id}/premios`, {
      premios: [...['Ovo', 'Coelho', 'Cesta', 'Bombom', 'Trufa'].map((n) => prize(n, true)), ...['A', 'B', 'C', 'D'].map((n) => prize(`Cupom ${n}`, false))],
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const look = await ui.api('PUT', `/v1/roulette/${campaign.id}/aparencia`, { color_item: '#112233' });
    expect(look.status, JSON.stringify(look.json)).toBe(200);

    open(`/marketing/roulette/edit/${campaign.id}/${owner}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Roleta' })).toBeTruthy();
    await waitFor(() => expect(input(/^Nome/).value).toBe('Roleta de Páscoa'));
    await waitFor(() => expect(combo(/^Responsável/).value).toBe('Ana Souza'));
    expect(input(/^Data de início/).value).toBe('01/12/2026');
    expect(screen.getByText('A campanha dura 31 dias')).toBeTruthy();
    expect(await screen.findByText(/Ver histórico de Edições/i)).toBeTruthy();
    fireEvent.click(button('Copiar link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(campaign.url_campanha));
    expect(await screen.findByText('URL copiada com sucesso.')).toBeTruthy();

    type(/^Intervalo entre giros/, '48');
    fireEvent.click(button('Avançar'));
    await screen.findByRole('region', { name: 'Roleta de clientes' });
    const stored = (await ui.api('GET', `/api/roulette-campaigns/${campaign.id}`)).json;
    expect(stored.intervalo_votacao).toBe(48);
    expect(rowsOf('Roleta de clientes')).toHaveLength(5);
    expect(input(/^Nome do prêmio/, rowsOf('Roleta de clientes')[4]).value).toBe('Trufa');
    expect(input(/^Estoque mínimo/, rowsOf('Roleta de clientes')[0]).value).toBe('1');

    // A field error of the server lands on the row it names (5 = the 2nd non-customer's); a 409 shows its text.
    refuseNext(/\/premios$/, 'PUT', 400, { message: 'Revise os prêmios.', errors: { 'premios.6.nome': 'Nome repetido' } });
    fireEvent.click(button('Avançar'));
    expect(await within(rowsOf('Roleta de não clientes')[1]).findByText('Nome repetido')).toBeTruthy();
    expect(await screen.findByText('Revise os prêmios.')).toBeTruthy();
    refuseNext(/\/premios$/, 'PUT', 409, { message: 'CAMPANHA COM PREMIOS JA DISTRIBUIDOS' });
    fireEvent.click(within(group('Roleta de clientes')).getByRole('button', { name: 'Remover Prêmios' }));
    fireEvent.click(button('Avançar'));
    expect(await screen.findByText('CAMPANHA COM PREMIOS JA DISTRIBUIDOS')).toBeTruthy();
    // Still on the prizes, with the values.
    expect(rowsOf('Roleta de clientes')).toHaveLength(4);
    expect(input(/^Nome do prêmio/, rowsOf('Roleta de clientes')[0]).value).toBe('Ovo');

    fireEvent.click(button('Avançar'));
    await screen.findByRole('region', { name: 'Pré-visualização' });
    expect(input(/^Cor de fundo 1/).value).toBe('#112233');
    // A PNG is uploaded to the roletas bucket, shown, and drawn behind the preview.
    interceptFiles();
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:fundo');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    fireEvent.change(screen.getByTestId('roulette-background-file'), { target: { files: [new File([PNG], 'fundo.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('button', { name: 'Remover imagem' })).toBeTruthy();
    expect(button('Trocar imagem')).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Imagem de fundo' })).getAttribute('src')).toBe('blob:fundo');
    await waitFor(() => expect(screen.getByTestId('roulette-preview').style.backgroundImage || getComputedStyle(screen.getByTestId('roulette-preview')).backgroundImage).toContain('blob:fundo'));
    fireEvent.click(button('Salvar'));
    expect(await screen.findByText('Campanha atualizada com sucesso')).toBeTruthy();
    expect(await screen.findByText('Lista de roletas')).toBeTruthy();
    const prizes = (await ui.api('GET', '/api/roulette-prizes?filter=' + encodeURIComponent(JSON.stringify({ id_campanha: campaign.id, cliente: true })))).json as any[];
    expect(prizes.map((p) => p.nome).sort()).toEqual(['Bombom', 'Cesta', 'Coelho', 'Ovo']);
    const looks = (await ui.api('GET', '/api/roulette-appearances?filter=' + encodeURIComponent(JSON.stringify({ id_campanha: campaign.id })))).json as any[];
    expect(looks[0]).toMatchObject({ color_item: '#112233' });
    const { rows: files } = await ui.server.db.query('SELECT bucket, tipo FROM storage.arquivo WHERE id::text = $1', [looks[0].url_background]);
    expect(files[0]).toMatchObject({ bucket: 'roletas', tipo: 'image/png' });
  }, 180_000);
});
