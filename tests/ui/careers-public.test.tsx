// The careers pages (issue 17) with fetch answering as the contract says (the calls documented in /docs: src/server/v1/careers.ts):
// the public list (cards, filters in the request and the URL, the debounced search, the provider's
// route, the empty state, an unknown provider), the role page (a visitor led to sign in with `next`,
// a signed-in user applying in one click with origem and the honeypot, 409, the automatic application
// of ?candidatar=1 exactly once under StrictMode, an earlier application's step), the login page's
// `next` (site paths only), 'Minhas candidaturas' and 'Meus dados'.
import './setup.js';
import { StrictMode, Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { AdminContext, memoryStore } from 'react-admin';
import { notifyManager } from '@tanstack/react-query';
import { pages as careersPages } from '../../custom-pages/careers-public/index.js';
import { pages as authPages } from '../../custom-pages/auth/index.js';
import type { MyApplication, PublicVacancy, VacancyDetails, VacancyList } from '../../custom-pages/careers-public/api.js';
import { SEARCH_DEBOUNCE_MS } from '../../custom-pages/careers-public/ListPage.js';
import { CAREERS_TEXTS as T } from '../../custom-pages/careers-public/texts.js';
import { isSitePath, safeNext } from '../../custom-pages/auth/forms.js';
import { createDataProvider } from '../../src/admin/core/dataProvider.js';
import { resourceModules } from '../../src/admin/generator/registry.js';
import { i18nProvider } from '../../src/admin/core/i18n/index.js';
import type { IntranetAuthProvider } from '../../src/admin/core/authProvider.js';
import { setSession, type Session } from '../../src/admin/core/session.js';
import { CAREERS_MSG } from '../../src/domain/careers.js';
import { formatDate } from '../../src/domain/format.js';

// The signed-in frame (header, menus, notifications) is not what these tests look at.
vi.mock('../../src/admin/shell/Layout.js', () => ({ Layout: ({ children }: { children: React.ReactNode }) => <div data-testid="layout">{children}</div> }));

// react-query's notifications in a microtask rather than a timer: nothing is lost while the search's
// debounce runs on fake timers.
beforeAll(() => notifyManager.setScheduler(queueMicrotask));

const BITCOM = { id: 1, nome: 'Bitcom', slug: 'bitcom' };
const RAZAO = { id: 2, nome: 'RazãoInfo', slug: 'razaoinfo' };

const TECNICO: PublicVacancy = {
  id: 7,
  titulo_vaga: 'Técnico de Campo',
  slug: 'tecnico-de-campo',
  path: '/careers/role/7/tecnico-de-campo',
  vagas: 2,
  cidade: 'Uberlândia',
  uf: 'MG',
  empresa: BITCOM,
  departamento: 'Técnico',
  modelo_trabalho: 'presencial',
  tipo_contrato: 'clt',
  data_inicio: '2026-11-03',
  data_encerramento: '2026-12-31',
  resumo: 'Instalação e manutenção de redes de fibra óptica na região.',
};

const SUPORTE: PublicVacancy = {
  id: 9,
  titulo_vaga: 'Analista de Suporte',
  slug: 'analista-de-suporte',
  path: '/careers/role/9/analista-de-suporte',
  vagas: 1,
  cidade: 'Uberaba',
  uf: 'MG',
  empresa: RAZAO,
  departamento: null,
  modelo_trabalho: 'remoto',
  tipo_contrato: 'pj',
  data_inicio: '2026-11-10',
  data_encerramento: null,
  resumo: 'Atendimento aos clientes por telefone e chat.',
};

const DETAILS: VacancyDetails = {
  ...TECNICO,
  descricao: '<p>Instalar e manter <strong>fibra óptica</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
  requisitos: '<ul><li>CNH categoria B</li></ul>',
  beneficios: null,
};

const FILTROS: VacancyList['filtros'] = {
  empresas: [
    { ...BITCOM, vagas: 1 },
    { ...RAZAO, vagas: 1 },
  ],
  departamentos: [{ nome: 'Técnico', vagas: 1 }],
  cidades: [
    { cidade: 'Uberaba', uf: 'MG', vagas: 1 },
    { cidade: 'Uberlândia', uf: 'MG', vagas: 1 },
  ],
};

const listOf = (vagas: PublicVacancy[], total = vagas.length): VacancyList => ({ vagas, total, filtros: FILTROS });

const STATUS_EM = '2026-11-28T12:00:00Z';
const APPLICATION: MyApplication = {
  id: 3,
  id_vaga: 7,
  titulo_vaga: 'Técnico de Campo',
  path: TECNICO.path,
  empresa: { id: 1, nome: 'Bitcom' },
  cidade: 'Uberlândia',
  uf: 'MG',
  status: 'entrevista',
  status_em: STATUS_EM,
  created_at: '2026-11-20T12:00:00Z',
  vaga_aberta: true,
};

const MARIA: Session = {
  token: 'token-da-maria',
  roles: ['user'],
  user: { userId: 'u-5', usuarioId: 5, email: 'maria@email.com', nome: 'Maria Candidata', roles: ['user'], modules: [], employee: 'false' },
};

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
interface Call {
  method: string;
  url: URL;
  headers: Headers;
  body: any;
}
type Answer = Reply | Reply[] | ((call: Call) => Reply);

const LIST = '/v1/public/careers/vagas';
const ROLE = `/v1/public/careers/vagas/${TECNICO.id}`;
const APPLY = `/v1/careers/vagas/${TECNICO.id}/candidatura`;
const MINE = '/v1/careers/candidaturas';

/** fetch answering `METHOD pathname` from the table (a reply, replies used in turn, or a function of the call). */
function serve(table: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const url = new URL(String(input), 'http://localhost');
    const call = { method, url, headers: new Headers(init?.headers), body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const entry = table[`${method} ${url.pathname}`];
    const reply = typeof entry === 'function' ? entry(call) : Array.isArray(entry) ? entry.shift() : entry;
    if (!reply) return new Response(JSON.stringify({ message: `sem resposta para ${method} ${url.pathname}` }), { status: 500 });
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  });
  return calls;
}

const ok = (body: unknown): Reply => ({ status: 200, body });

/** Renders the careers and sign-in pages at `path`; answers where the router is. */
function open(path: string, options: { strict?: boolean; authProvider?: Partial<IntranetAuthProvider> } = {}) {
  const where: { current: Location | null } = { current: null };
  function Where() {
    where.current = useLocation();
    return null;
  }
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={createDataProvider('/api', resourceModules)}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        authProvider={options.authProvider as IntranetAuthProvider | undefined}
      >
        <Suspense fallback={null}>
          <Routes>
            {[...careersPages, ...authPages].map(({ path: route, component: Page }) => (
              <Route key={route} path={route} element={<Page />} />
            ))}
            <Route path="*" element={<p>Outra página</p>} />
          </Routes>
        </Suspense>
        <Where />
      </AdminContext>
    </MemoryRouter>
  );
  render(options.strict ? <StrictMode>{tree}</StrictMode> : tree);
  return where;
}

const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLSelectElement;
const choose = (label: string, value: string) => fireEvent.change(select(label), { target: { value } });
const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === LIST);
const lastList = (calls: Call[]) => listCalls(calls).at(-1)!.url.searchParams;

afterEach(() => {
  // Unmounted first: a page left mounted would see the session go and ask again.
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  setSession(null);
});

describe('the careers list', () => {
  it('shows the open vacancies as cards, publicly, in pages of 20', async () => {
    const calls = serve({ [`GET ${LIST}`]: ok(listOf([TECNICO, SUPORTE], 2)) });
    open('/careers/list');
    expect(await screen.findByRole('heading', { level: 1, name: T.hero })).toBeTruthy();
    expect(await screen.findByText('2 vagas abertas')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Intranet - Vagas'));

    const card = screen.getByRole('article', { name: TECNICO.titulo_vaga });
    expect(within(card).getByRole('link', { name: TECNICO.titulo_vaga }).getAttribute('href')).toBe(TECNICO.path);
    for (const text of ['Bitcom', 'Uberlândia/MG', 'Técnico', 'Presencial', 'CLT', TECNICO.resumo]) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByText('Publicada em 03/11/2026 · Inscrições até 31/12/2026')).toBeTruthy();
    const other = screen.getByRole('article', { name: SUPORTE.titulo_vaga });
    expect(within(other).getByText('Publicada em 10/11/2026')).toBeTruthy();
    expect(within(other).getByText('Remoto')).toBeTruthy();

    // A public call: no token, no role header; the first page.
    expect(listCalls(calls)).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[0].url.search).toBe('?offset=0&limit=20');
    expect(screen.queryByRole('button', { name: T.loadMore })).toBeNull();
  });

  it("loads the next page with 'Carregar mais' and says '1 vaga aberta' for one", async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...TECNICO, id: 100 + i, titulo_vaga: `Vaga ${i + 1}`, path: `/careers/role/${100 + i}/vaga-${i + 1}` }));
    const calls = serve({ [`GET ${LIST}`]: [ok(listOf(many, 21)), ok(listOf([SUPORTE], 21))] });
    open('/careers/list');
    expect(await screen.findByText('21 vagas abertas')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: T.loadMore }));
    expect(await screen.findByRole('article', { name: SUPORTE.titulo_vaga })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(lastList(calls).get('offset')).toBe('20');
    expect(lastList(calls).get('limit')).toBe('20');
    expect(screen.queryByRole('button', { name: T.loadMore })).toBeNull();

    vi.restoreAllMocks();
    serve({ [`GET ${LIST}`]: ok(listOf([TECNICO], 1)) });
    open('/careers/list/bitcom');
    expect(await screen.findByText('1 vaga aberta')).toBeTruthy();
  });

  it('puts the filters in the request and in the URL, the search 500 ms after the last key', async () => {
    const calls = serve({ [`GET ${LIST}`]: ok(listOf([TECNICO, SUPORTE])) });
    const where = open('/careers/list?modelo=remoto');
    expect(await screen.findByText('2 vagas abertas')).toBeTruthy();
    // The URL's filters are the first request's (a shared search opens as it was).
    expect(listCalls(calls)[0].url.searchParams.get('modelo')).toBe('remoto');
    expect(select(T.workModel).value).toBe('remoto');

    choose(T.department, 'Técnico');
    await waitFor(() => expect(lastList(calls).get('departamento')).toBe('Técnico'));
    expect(new URLSearchParams(where.current!.search).get('departamento')).toBe('Técnico');
    expect(lastList(calls).get('modelo')).toBe('remoto');

    choose(T.city, 'Uberlândia|MG');
    await waitFor(() => expect(lastList(calls).get('cidade')).toBe('Uberlândia'));
    expect(lastList(calls).get('uf')).toBe('MG');
    expect(new URLSearchParams(where.current!.search).get('cidade')).toBe('Uberlândia');
    expect(new URLSearchParams(where.current!.search).get('uf')).toBe('MG');
    await waitFor(() => expect(select(T.city).value).toBe('Uberlândia|MG'));

    // Typing: nothing is asked until 500 ms after the last key.
    const asked = listCalls(calls).length;
    vi.useFakeTimers();
    const search = screen.getByRole('textbox', { name: T.search });
    fireEvent.change(search, { target: { value: 'téc' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    fireEvent.change(search, { target: { value: 'técnico' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(listCalls(calls)).toHaveLength(asked);
    expect(new URLSearchParams(where.current!.search).get('q')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(new URLSearchParams(where.current!.search).get('q')).toBe('técnico');
    act(() => vi.runOnlyPendingTimers());
    vi.useRealTimers();
    await waitFor(() => expect(lastList(calls).get('q')).toBe('técnico'));
    expect(listCalls(calls)).toHaveLength(asked + 1);
    const q = lastList(calls);
    expect([q.get('departamento'), q.get('cidade'), q.get('uf'), q.get('modelo')]).toEqual(['Técnico', 'Uberlândia', 'MG', 'remoto']);
  });

  it("navigates to the provider's route when the provider is chosen, and back to all", async () => {
    const calls = serve({ [`GET ${LIST}`]: (call) => ok(listOf(call.url.searchParams.get('empresa') === 'bitcom' ? [TECNICO] : [TECNICO, SUPORTE])) });
    const where = open('/careers/list?q=campo&departamento=T%C3%A9cnico');
    expect(await screen.findByText('2 vagas abertas')).toBeTruthy();
    choose(T.provider, 'bitcom');
    await waitFor(() => expect(where.current!.pathname).toBe('/careers/list/bitcom'));
    // The words stay; the department is the other provider's choice.
    expect(where.current!.search).toBe('?q=campo');
    expect(await screen.findByText('1 vaga aberta')).toBeTruthy();
    expect(lastList(calls).get('empresa')).toBe('bitcom');
    expect(lastList(calls).get('q')).toBe('campo');
    expect(screen.getByText(T.heroLineOf('Bitcom'))).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Intranet - Vagas - Bitcom'));
    expect(select(T.provider).value).toBe('bitcom');

    choose(T.provider, '');
    await waitFor(() => expect(where.current!.pathname).toBe('/careers/list'));
  });

  it("shows the empty state, whose 'Limpar filtros' clears the query", async () => {
    const calls = serve({ [`GET ${LIST}`]: (call) => ok(call.url.searchParams.get('modelo') ? listOf([], 0) : listOf([TECNICO])) });
    const where = open('/careers/list/bitcom?modelo=hibrido');
    expect(await screen.findByText(T.empty)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: T.clearFilters }));
    await waitFor(() => expect(where.current!.search).toBe(''));
    expect(where.current!.pathname).toBe('/careers/list/bitcom');
    expect(await screen.findByText('1 vaga aberta')).toBeTruthy();
    expect(lastList(calls).get('modelo')).toBeNull();
  });

  it("answers an unknown provider with the server's text and a link to every vacancy; other failures show the server's text", async () => {
    serve({ [`GET ${LIST}`]: { status: 404, body: { message: 'Provedor não encontrado.' } } });
    open('/careers/list/nenhum');
    expect(await screen.findByText('Provedor não encontrado.')).toBeTruthy();
    expect(screen.getByRole('link', { name: T.allVacancies }).getAttribute('href')).toBe('/careers/list');

    vi.restoreAllMocks();
    serve({ [`GET ${LIST}`]: { status: 429, body: { message: CAREERS_MSG.tooMany } } });
    open('/careers/list');
    expect(await screen.findByText(CAREERS_MSG.tooMany)).toBeTruthy();
  });

  it('is also /home/vacancy, where a signed-in user finds their applications and resume', async () => {
    setSession(MARIA);
    serve({ [`GET ${LIST}`]: ok(listOf([TECNICO])) });
    open('/home/vacancy');
    expect(await screen.findByText('1 vaga aberta')).toBeTruthy();
    expect(screen.getByRole('link', { name: T.myApplications }).getAttribute('href')).toBe('/applications/list');
    expect(screen.getByRole('link', { name: T.myResume }).getAttribute('href')).toBe('/resume/list');
  });
});

describe('the role page', () => {
  const rolePath = `${TECNICO.path}?utm_source=LinkedIn`;

  it("shows the vacancy with its sanitised sections; a visitor's 'Candidatar-se' leads to sign in and back", async () => {
    serve({ [`GET ${ROLE}`]: ok({ vaga: DETAILS }) });
    const where = open(rolePath);
    expect(await screen.findByRole('heading', { level: 1, name: TECNICO.titulo_vaga })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Intranet - ${TECNICO.titulo_vaga}`));
    expect(screen.getByText('fibra óptica').tagName).toBe('STRONG');
    expect(document.querySelector('article script, article img')).toBeNull();
    expect(screen.getByRole('region', { name: T.requirements })).toBeTruthy();
    expect(screen.queryByRole('region', { name: T.benefits })).toBeNull();
    expect(screen.getByText(`${T.openingsLabel}: 2`)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.backToList }).getAttribute('href')).toBe('/careers/list');

    const next = `${TECNICO.path}?utm_source=LinkedIn&candidatar=1`;
    const aside = screen.getByRole('complementary');
    expect(within(aside).getByRole('link', { name: T.register }).getAttribute('href')).toBe(`/home/login/register?next=${encodeURIComponent(next)}`);
    fireEvent.click(within(aside).getByRole('link', { name: T.apply }));
    await waitFor(() => expect(where.current!.pathname).toBe('/home/login/enter'));
    expect(new URLSearchParams(where.current!.search).get('next')).toBe(next);
    expect(await screen.findByRole('form', { name: 'Entrar' })).toBeTruthy();
    // 'Cadastre-se' on the login page keeps where to come back to.
    expect(screen.getAllByRole('link', { name: 'Cadastre-se' }).at(-1)!.getAttribute('href')).toBe(`/home/login/register?next=${encodeURIComponent(next)}`);
  });

  it("copies the vacancy's link with 'Compartilhar'", async () => {
    serve({ [`GET ${ROLE}`]: ok({ vaga: DETAILS }) });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open(TECNICO.path);
    fireEvent.click(await screen.findByRole('button', { name: T.share }));
    expect(await screen.findByText(T.linkCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}${TECNICO.path}`);
  });

  it('says when the vacancy is closed or unknown', async () => {
    serve({ [`GET ${ROLE}`]: { status: 404, body: { message: CAREERS_MSG.vacancyNotFound } } });
    open(TECNICO.path);
    expect(await screen.findByRole('heading', { name: CAREERS_MSG.vacancyNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: T.allVacancies }).getAttribute('href')).toBe('/careers/list');
  });

  it('applies in one click when signed in, with origem and the empty honeypot', async () => {
    setSession(MARIA);
    const calls = serve({
      [`GET ${ROLE}`]: ok({ vaga: DETAILS }),
      [`GET ${MINE}`]: ok({ candidaturas: [] }),
      [`POST ${APPLY}`]: { status: 201, body: { candidatura: { ...APPLICATION, status: 'recebido' } } },
    });
    open(rolePath);
    await screen.findByRole('heading', { level: 1, name: TECNICO.titulo_vaga });
    expect(screen.getByRole('link', { name: T.keepResume }).getAttribute('href')).toBe('/resume/list');
    expect(screen.getByRole('link', { name: T.myData }).getAttribute('href')).toBe('/applicants/info');
    const honeypot = document.querySelector('input[name="website"]') as HTMLInputElement;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === MINE)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: T.apply }));
    expect(await screen.findByText(CAREERS_MSG.applied)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.myApplications }).getAttribute('href')).toBe('/applications/list');
    expect(screen.queryByRole('button', { name: T.apply })).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ origem: 'linkedin', website: '' });
    expect(posts[0].headers.get('Authorization')).toBe(`Bearer ${MARIA.token}`);
  });

  it("says 'Você já se candidatou a esta vaga.' on a 409, and the server's text on another refusal", async () => {
    setSession(MARIA);
    serve({
      [`GET ${ROLE}`]: ok({ vaga: DETAILS }),
      [`GET ${MINE}`]: ok({ candidaturas: [] }),
      [`POST ${APPLY}`]: [
        { status: 429, body: { message: CAREERS_MSG.tooMany } },
        { status: 409, body: { message: CAREERS_MSG.alreadyApplied } },
      ],
    });
    open(TECNICO.path);
    fireEvent.click(await screen.findByRole('button', { name: T.apply }));
    expect(await screen.findByText(CAREERS_MSG.tooMany)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: T.apply }));
    expect(await screen.findByText(CAREERS_MSG.alreadyApplied)).toBeTruthy();
    expect(screen.getByRole('link', { name: T.myApplications }).getAttribute('href')).toBe('/applications/list');
  });

  it('applies exactly once when coming back with ?candidatar=1, then drops the parameter', async () => {
    setSession(MARIA);
    const calls = serve({
      [`GET ${ROLE}`]: ok({ vaga: DETAILS }),
      [`GET ${MINE}`]: ok({ candidaturas: [] }),
      [`POST ${APPLY}`]: { status: 201, body: { candidatura: { ...APPLICATION, status: 'recebido' } } },
    });
    const where = open(`${TECNICO.path}?utm_source=indeed&candidatar=1`, { strict: true });
    expect(await screen.findByText(CAREERS_MSG.applied)).toBeTruthy();
    await waitFor(() => expect(where.current!.search).toBe('?utm_source=indeed'));
    expect(where.current!.pathname).toBe(TECNICO.path);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ origem: 'indeed', website: '' });
  });

  it("shows an earlier application's step instead of the button (and does not apply again on ?candidatar=1)", async () => {
    setSession(MARIA);
    const calls = serve({ [`GET ${ROLE}`]: ok({ vaga: DETAILS }), [`GET ${MINE}`]: ok({ candidaturas: [APPLICATION] }) });
    const where = open(`${TECNICO.path}?candidatar=1`);
    expect(await screen.findByText(T.appliedBefore)).toBeTruthy();
    expect(screen.getByText('Entrevista')).toBeTruthy();
    expect(screen.getByText(T.since(formatDate(new Date(STATUS_EM))))).toBeTruthy();
    expect(screen.queryByRole('button', { name: T.apply })).toBeNull();
    await waitFor(() => expect(where.current!.search).toBe(''));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe("the login page's next", () => {
  it('accepts only paths of this site', () => {
    expect(isSitePath('/careers/role/7?candidatar=1')).toBe(true);
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', 'evil.example', '']) expect(isSitePath(bad)).toBe(false);
    expect(safeNext(`?next=${encodeURIComponent('/careers/role/7?candidatar=1')}`)).toBe('/careers/role/7?candidatar=1');
    expect(safeNext('?next=https%3A%2F%2Fevil.example')).toBeNull();
    expect(safeNext('?next=%2F%2Fevil.example')).toBeNull();
    expect(safeNext('')).toBeNull();
  });

  const signIn = async () => {
    const form = await screen.findByRole('form', { name: 'Entrar' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'maria@email.com' } });
    fireEvent.change(within(form).getByLabelText('Senha'), { target: { value: 'Candidata#2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Entrar' }));
  };
  const auth = () => ({
    login: vi.fn(async () => {
      setSession(MARIA);
      return { status: 'OK' as const };
    }),
  });

  it('goes to a safe next after signing in', async () => {
    const provider = auth();
    const where = open(`/home/login/enter?next=${encodeURIComponent('/resume/list?aba=1')}`, { authProvider: provider });
    await signIn();
    await waitFor(() => expect(`${where.current!.pathname}${where.current!.search}`).toBe('/resume/list?aba=1'));
    expect(provider.login).toHaveBeenCalledWith({ email: 'maria@email.com', password: 'Candidata#2026' });
  });

  for (const evil of ['https://evil.example', '//evil.example']) {
    it(`ignores next=${evil} and goes home`, async () => {
      const where = open(`/home/login/enter?next=${encodeURIComponent(evil)}`, { authProvider: auth() });
      await signIn();
      await waitFor(() => expect(screen.getByText('Outra página')).toBeTruthy());
      expect(where.current!.pathname).toBe('/');
    });
  }

  it('sends who is already signed in to a safe next, else home', async () => {
    setSession(MARIA);
    let where = open(`/home/login/enter?next=${encodeURIComponent('/resume/list')}`);
    await waitFor(() => expect(where.current!.pathname).toBe('/resume/list'));
    cleanup();
    where = open('/home/login/enter?next=%2F%2Fevil.example');
    await waitFor(() => expect(screen.getByText('Outra página')).toBeTruthy());
    expect(where.current!.pathname).toBe('/');
  });
});

describe("the candidate's pages", () => {
  it("'Minhas candidaturas' lists each application with its step and since when", async () => {
    setSession(MARIA);
    const rejected: MyApplication = { ...APPLICATION, id: 4, id_vaga: 9, titulo_vaga: 'Analista de Suporte', path: SUPORTE.path, empresa: { id: 2, nome: 'RazãoInfo' }, status: 'reprovado', vaga_aberta: false };
    const calls = serve({ [`GET ${MINE}`]: ok({ candidaturas: [APPLICATION, rejected] }) });
    open('/applications/list');
    const first = await screen.findByRole('listitem', { name: APPLICATION.titulo_vaga });
    expect(within(first).getByRole('link', { name: APPLICATION.titulo_vaga }).getAttribute('href')).toBe(APPLICATION.path);
    expect(within(first).getByText(`Bitcom · Uberlândia/MG · ${T.appliedOn} ${formatDate(new Date(APPLICATION.created_at))}`)).toBeTruthy();
    expect(within(first).getAllByText('Entrevista').length).toBeGreaterThan(0);
    expect(within(first).getByText(T.since(formatDate(new Date(STATUS_EM))))).toBeTruthy();
    for (const step of ['Recebido', 'Em análise', 'Aprovado']) expect(within(first).getByText(step)).toBeTruthy();

    const second = screen.getByRole('listitem', { name: 'Analista de Suporte' });
    expect(within(second).queryByRole('link', { name: 'Analista de Suporte' })).toBeNull();
    expect(within(second).getByText(T.closed)).toBeTruthy();
    expect(within(second).getAllByText('Reprovado').length).toBeGreaterThan(0);
    expect(within(second).queryByText('Aprovado')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Intranet - Minhas candidaturas'));
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${MARIA.token}`);
  });

  it("'Minhas candidaturas' without any leads to the open vacancies", async () => {
    setSession(MARIA);
    serve({ [`GET ${MINE}`]: ok({ candidaturas: [] }) });
    open('/applications/list');
    expect(await screen.findByText(T.noApplications)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: T.openVacancies }).every((l) => l.getAttribute('href') === '/careers/list')).toBe(true);
  });

  const PROFILE = {
    id: 12,
    id_usuario: 5,
    telefone: '(34) 99999-1234',
    uf: 'MG',
    cidade: 'Uberlândia',
    linkedin: 'https://www.linkedin.com/in/maria',
    apresentacao: 'Técnica em redes.',
    pretensao_salarial: 3500,
    curriculo: 'arquivo-1',
    banco_talentos: true,
    created_at: '2026-11-01T12:00:00Z',
  };
  const rows = (list: unknown[]): Reply => ({ status: 200, body: list, headers: { 'Content-Range': `applicant-profiles 0-${Math.max(0, list.length - 1)}/${list.length}` } });

  it("'Meus dados' shows the candidate's own data, their resume and their applications", async () => {
    setSession(MARIA);
    const calls = serve({ 'GET /api/applicant-profiles': rows([PROFILE]), [`GET ${MINE}`]: ok({ candidaturas: [APPLICATION] }) });
    open('/applicants/info');
    const card = await screen.findByRole('region', { name: T.applicantTitle });
    expect(await within(card).findByText('(34) 99999-1234')).toBeTruthy();
    expect(within(card).getByText('Uberlândia/MG')).toBeTruthy();
    expect(within(card).getByRole('link', { name: PROFILE.linkedin }).getAttribute('href')).toBe(PROFILE.linkedin);
    expect(within(card).getByText('R$ 3.500,00')).toBeTruthy();
    expect(within(card).getByText(T.inTalentPool)).toBeTruthy();
    expect(within(card).getByText(T.resumeSent)).toBeTruthy();
    expect(within(card).getByRole('link', { name: T.edit }).getAttribute('href')).toBe('/applicants/edit/12');
    expect(screen.getByRole('link', { name: T.resumeAction }).getAttribute('href')).toBe('/resume/list');
    const applications = screen.getByRole('region', { name: T.myApplications });
    expect(await within(applications).findByRole('link', { name: APPLICATION.titulo_vaga })).toBeTruthy();
    expect(within(applications).getByRole('link', { name: T.seeAll }).getAttribute('href')).toBe('/applications/list');
    await waitFor(() => expect(document.title).toBe('Intranet - Meus dados'));
    // The own row: the first of the caller's.
    const asked = calls.find((c) => c.url.pathname === '/api/applicant-profiles')!;
    expect(JSON.parse(asked.url.searchParams.get('range')!)).toEqual([0, 0]);
    expect(JSON.parse(asked.url.searchParams.get('filter')!)).toEqual({ id_usuario: 5 });
  });

  it("'Meus dados' without the candidate's data calls to complete them", async () => {
    setSession(MARIA);
    serve({ 'GET /api/applicant-profiles': rows([]), [`GET ${MINE}`]: ok({ candidaturas: [] }) });
    open('/applicants/info');
    const card = await screen.findByRole('region', { name: T.applicantTitle });
    expect((await within(card).findByRole('link', { name: T.completeTitle })).getAttribute('href')).toBe('/applicants/register');
    expect(within(card).queryByRole('link', { name: T.edit })).toBeNull();
    expect(await screen.findByText(T.noApplications)).toBeTruthy();
  });
});
