// The FAQ's reading page and the employee handbook's view (issue 18) against the real server: a
// visitor reads the public questions by category, searches (the words go to the address, the
// questions found open with the words marked, in the answer's rich text too, without injecting
// markup); a writer sees the unpublished questions, NOVA PERGUNTA and Editar; an employee reads the
// handbook with its contents, anchors and search within.
import './setup.js';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, useLocation } from 'react-router-dom';
import { Admin, CustomRoutes, memoryStore } from 'react-admin';
import { ApiBaseContext } from '../../src/admin/core/auth/context.js';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { createDataProvider } from '../../src/admin/core/dataProvider.js';
import { resourceModules } from '../../src/admin/generator/registry.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import { setSession } from '../../src/admin/core/session.js';
import { FAQ_MSG, FAQ_TEXTS, HANDBOOK_TEXTS } from '../../src/domain/faq.js';
import { signInAs, signOutLocally, startServer, TEST_PASSWORD, type UiServer } from './server.js';

// The signed-in frame (header, menus, notifications) is not what these tests look at.
vi.mock('../../src/admin/shell/Layout.js', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="layout">{children}</div> }));

let ui: UiServer;
let adminSession: { token: string; roles: string[] };
const getAdmin = () => ({ token: ui.server.adminToken, roles: ['users:superadmin'] });
let where = '';

function Probe() {
  const location = useLocation();
  where = location.pathname;
  return null;
}

/** The app's public and signed-in custom pages at `path`, against the server. */
function renderAt(path: string) {
  const dataProvider = createDataProvider(`${ui.baseUrl}/api`, resourceModules);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Probe />
      <ApiBaseContext.Provider value={ui.baseUrl}>
        <Admin dataProvider={dataProvider} i18nProvider={i18nProvider} store={memoryStore()} disableTelemetry>
          <CustomRoutes noLayout>
            {customPageRoutes(true)}
            <Route path="/faq/register" element={<p>Cadastro de pergunta</p>} />
          </CustomRoutes>
          <CustomRoutes>{customPageRoutes(false)}</CustomRoutes>
        </Admin>
      </ApiBaseContext.Provider>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  ui = await startServer();
  adminSession = getAdmin();
  const post = async (path: string, body: object) => {
    const r = await ui.api('POST', path, body);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    return r.json.id as number;
  };
  const provider = await post('/api/providers', { nome: 'Bitcom' });
  const ferias = await post('/api/faq-categories', { titulo: 'Férias', ordem: 1 });
  const ti = await post('/api/faq-categories', { titulo: 'Tecnologia', ordem: 2 });
  await post('/api/faq', { pergunta: 'Como peço minhas férias?', resposta: '<p>Peça as <strong>férias</strong> ao gestor com 30 dias.</p>', id_categoria: ferias, publico: true });
  await post('/api/faq', { pergunta: 'Como acesso a VPN?', resposta: '<p>Use o cliente de VPN &lt;b&gt;seguro&lt;/b&gt;.</p>', id_categoria: ti, publico: true });
  await post('/api/faq', { pergunta: 'Qual o ramal da TI?', resposta: '<p>2000.</p>', id_categoria: ti });
  await post('/api/faq', { pergunta: 'Rascunho do notebook', resposta: '<p>Em revisão.</p>', id_categoria: ti, publicada: false });
  const conduta = await post('/api/employee-handbook-categories', { titulo: 'Conduta', ordem: 1 });
  const seguranca = await post('/api/employee-handbook-categories', { titulo: 'Segurança da informação', ordem: 2 });
  await post('/api/employee-handbook', { titulo: 'Código de conduta', conteudo: '<p>Respeito com todos.</p>', id_categoria: conduta });
  await post('/api/employee-handbook', { titulo: 'Senhas', conteudo: '<p>Nunca compartilhe a sua senha.</p>', id_categoria: seguranca, id_empresa: provider });
  await ui.createUser({ email: 'colaborador@faq-ui.teste', papeis: [], funcionario: true, id_empresas: [provider] });
});
afterEach(() => signOutLocally());
afterAll(() => ui?.close());

describe('the FAQ page', () => {
  it('a visitor reads the public questions by category, searches and reads an answer with the words marked', async () => {
    setSession(null);
    renderAt('/faq/list');
    expect(await screen.findByRole('heading', { level: 2, name: 'Férias' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: FAQ_TEXTS.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Como acesso a VPN\?/ })).toBeTruthy();
    // Internal and unpublished questions stay out.
    expect(screen.queryByText('Qual o ramal da TI?')).toBeNull();
    expect(screen.queryByText('Rascunho do notebook')).toBeNull();
    // Opening a question shows its answer.
    fireEvent.click(screen.getByRole('button', { name: /Como acesso a VPN\?/ }));
    const vpnAnswer = await screen.findByText(/Use o cliente de VPN/);
    // Escaped markup in the answer stays text.
    expect(vpnAnswer.textContent).toContain('<b>seguro</b>');
    expect(vpnAnswer.querySelector('b')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: FAQ_TEXTS.searchLabel }), { target: { value: 'FERIAS' } });
    fireEvent.click(screen.getByRole('button', { name: FAQ_TEXTS.searchButton }));
    await waitFor(() => expect(where).toBe('/faq/search/FERIAS'));
    expect(await screen.findByText(FAQ_TEXTS.results(1, 'FERIAS'))).toBeTruthy();
    expect(screen.queryByText(/Como acesso a VPN/)).toBeNull();
    // The question found is open, the words marked in the question and in the answer's rich text.
    const question = screen.getByRole('button', { name: /Como peço minhas\s*férias\s*\?/ });
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect(within(question).getByText('férias', { selector: 'mark' })).toBeTruthy();
    const answer = document.getElementById(`${question.id}-resposta`)!;
    await waitFor(() => expect(answer.querySelector('strong mark')?.textContent).toBe('férias'));
    expect(answer.querySelector('strong')).toBeTruthy();
  });

  it('a search with nothing found says so and leads back to every question', async () => {
    setSession(null);
    renderAt('/faq/search/impressora%20colorida');
    expect(await screen.findByText(FAQ_TEXTS.none)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: FAQ_TEXTS.searchLabel }) as HTMLInputElement).value).toBe('impressora colorida');
    fireEvent.click(screen.getByRole('link', { name: FAQ_TEXTS.all }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Tecnologia' })).toBeTruthy();
    expect(where).toBe('/faq/list');
  });

  it('an HR writer sees the unpublished questions, NOVA PERGUNTA and Editar', async () => {
    setSession(adminSession);
    renderAt('/faq/list');
    expect(await screen.findByText('Rascunho do notebook')).toBeTruthy();
    expect(screen.getByText('Qual o ramal da TI?')).toBeTruthy();
    expect(screen.getByText(FAQ_TEXTS.draft)).toBeTruthy();
    expect(screen.getByRole('link', { name: FAQ_TEXTS.add }).getAttribute('href')).toBe('/faq/register');
    fireEvent.click(screen.getByRole('button', { name: /Qual o ramal da TI\?/ }));
    const edit = await screen.findByRole('link', { name: `${FAQ_TEXTS.edit}: Qual o ramal da TI?` });
    expect(edit.getAttribute('href')).toMatch(/^\/faq\/edit\/\d+$/);
  });

  it('an employee reads the internal questions but gets no writing buttons', async () => {
    await signInAs(ui.baseUrl, 'colaborador@faq-ui.teste', TEST_PASSWORD);
    renderAt('/faq/list');
    expect(await screen.findByText('Qual o ramal da TI?')).toBeTruthy();
    expect(screen.queryByText('Rascunho do notebook')).toBeNull();
    expect(screen.queryByRole('link', { name: FAQ_TEXTS.add })).toBeNull();
  });
});

describe('the handbook view', () => {
  it('an employee reads the document with its contents, anchors and a search within', async () => {
    await signInAs(ui.baseUrl, 'colaborador@faq-ui.teste', TEST_PASSWORD);
    renderAt('/employee-handbook/view');
    const toc = await screen.findByRole('navigation', { name: HANDBOOK_TEXTS.contents });
    expect(within(toc).getByRole('link', { name: 'Conduta' }).getAttribute('href')).toMatch(/^#categoria-\d+$/);
    const senhas = within(toc).getByRole('link', { name: 'Senhas' });
    const anchor = senhas.getAttribute('href')!.slice(1);
    expect(document.getElementById(anchor)?.textContent).toBe('Senhas');
    const article = screen.getByRole('article', { name: HANDBOOK_TEXTS.title });
    expect(within(article).getByText('Respeito com todos.')).toBeTruthy();
    expect(screen.getByRole('button', { name: HANDBOOK_TEXTS.print })).toBeTruthy();
    // No writing for a plain employee.
    expect(screen.queryByRole('link', { name: HANDBOOK_TEXTS.add })).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: HANDBOOK_TEXTS.searchLabel }), { target: { value: 'SENHA' } });
    expect(await screen.findByText(HANDBOOK_TEXTS.found(1))).toBeTruthy();
    expect(within(article).queryByText('Respeito com todos.')).toBeNull();
    await waitFor(() => expect(article.querySelectorAll('mark').length).toBeGreaterThanOrEqual(2));
    fireEvent.change(screen.getByRole('textbox', { name: HANDBOOK_TEXTS.searchLabel }), { target: { value: 'xyzzy' } });
    expect((await screen.findAllByText(HANDBOOK_TEXTS.none)).length).toBeGreaterThan(0);
  });

  it('a candidate may not open it', async () => {
    await ui.createUser({ email: 'candidato@faq-ui.teste', papeis: ['user'] });
    await signInAs(ui.baseUrl, 'candidato@faq-ui.teste', TEST_PASSWORD);
    renderAt('/employee-handbook/view');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(document.querySelector('[data-access-denied="true"]')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: HANDBOOK_TEXTS.contents })).toBeNull();
  });
});
