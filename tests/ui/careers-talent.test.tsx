// The careers module's talent screens: the resume database at /ResumeDatabase/list (words, state, city
// and kind of person in the address, pages of 20, the snippet's marked words drawn as text, the person
// and their PDF in a drawer), the keyword search over one vacancy's applicants at
// /careers/admin/keywords/{slug}/{id}/{words} (the words read from the address and written back to it,
// the application's drawer where the step is moved, the way there from the pipeline) and the careers
// dashboard at /dashboards/careers (the figures, the period and provider filters, the server's
// refusal of a period that ends before it starts). The server is stubbed at the fetch level with the
// careers contract's answers, so the calls the screens make are checked as sent.
import './setup.js';
import { cloneElement, type ReactElement } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation, type Location } from 'react-router-dom';
import { setSession } from '../../src/admin/core/session.js';
import { customPageRoutes } from '../../src/admin/customPages.js';
import { keywordsPath, keywordsTarget, searchQuery, snippetParts, talentFiltersOf, unescapeHtml } from '../../custom-pages/careers/talent.js';
import { DASHBOARD_TEXTS, TALENT_TEXTS, TEXTS } from '../../custom-pages/careers/texts.js';
import { renderPage, signOutLocally } from './server.js';

const BASE = 'http://talent.test';
const UPDATED = 'Candidatura atualizada! O candidato foi avisado da nova etapa.';
const DE_AFTER_ATE = 'A data inicial não pode ser maior que a data final!';

type Row = Record<string, any>;

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

const person = (id: number, nome: string, extra: Row = {}): Row => ({
  id_usuario: id,
  nome,
  email: `${nome.split(' ')[0].toLowerCase()}@email.com`,
  funcionario: false,
  telefone: '(34) 99999-1234',
  cidade: 'Uberlândia',
  uf: 'MG',
  linkedin: null,
  tem_curriculo: true,
  atualizado_em: '2026-11-20T13:00:00Z',
  relevancia: 0.5,
  trecho: `${nome} · técnico em redes`,
  ...extra,
});

const ANA = person(101, 'Ana Souza', { trecho: 'Técnica em <mark>fibra</mark> óptica &amp; redes, certificação FCP' });
const BRUNO = person(102, 'Bruno Lima', { funcionario: true, cidade: 'Uberaba', atualizado_em: '2026-10-05T12:00:00Z' });
// What the server never sends (it escapes the text), and what it sends for a resume holding a tag: both text.
const CARLA = person(103, 'Carla Dias', { trecho: 'Sabe <script>window.__hacked = true</script> e &lt;img src=x onerror=alert(1)&gt; em <mark>fibra</mark>' });

const PERSON = {
  candidato: {
    id_usuario: 101,
    nome: 'Ana Souza',
    email: 'ana@email.com',
    funcionario: false,
    telefone: '(34) 99999-1234',
    cidade: 'Uberlândia',
    uf: 'MG',
    linkedin: 'linkedin.com/in/ana-souza',
    apresentacao: 'Técnica em redes há cinco anos.',
    pretensao_salarial: 3500,
    tem_curriculo: true,
  },
  curriculo: {
    formacao: [{ descricao: 'Técnico em Redes', ie: 'SENAI', situacao: 'CONCLUIDO', data_inicio: '2018-02-01', data_fim: '2019-12-15' }],
    experiencia: [{ empresa: 'Fibra Net', funcao: 'Instaladora', emprego_atual: true, cidade: 'Uberaba', estado: 'MG', descricao: 'Instalação de FTTH.', data_inicio: '2020-03-02', data_fim: null }],
    certificados: [{ organizacao: 'Furukawa', descricao: 'Certificação FCP', data_emissao: '2021-06-30', data_validade: '2026-06-30' }],
  },
};

const APPLICATION = {
  id: 1,
  id_vaga: 7,
  id_usuario: 101,
  status: 'recebido',
  observacao: 'Indicada pelo supervisor.',
  origem: 'linkedin',
  status_em: '2026-11-11T13:00:00Z',
  created_at: '2026-11-11T13:00:00Z',
  candidato_nome: 'Ana Souza',
  candidato_email: 'ana@email.com',
  candidato_cidade: 'Uberlândia',
  titulo_vaga: 'Técnico de Campo',
  id_empresa: 1,
};

const DASHBOARD = {
  periodo: { de: '2026-09-02', ate: '2026-11-30' },
  vagas: { abertas: 3, rascunhos: 1, encerradas: 2, posicoes_abertas: 5 },
  candidaturas: { total: 12, por_etapa: { recebido: 5, em_analise: 3, entrevista: 2, aprovado: 1, reprovado: 1 } },
  por_vaga: [
    { id: 7, titulo_vaga: 'Técnico de Campo', empresa: 'Bitcom', total: 9, recebido: 4, em_analise: 2, entrevista: 1, aprovado: 1, reprovado: 1 },
    { id: 8, titulo_vaga: 'Analista de Suporte', empresa: 'RazãoInfo', total: 3, recebido: 1, em_analise: 1, entrevista: 1, aprovado: 0, reprovado: 0 },
  ],
  por_semana: [
    { semana: '2026-11-02', total: 4 },
    { semana: '2026-11-09', total: 8 },
  ],
  origens: [
    { origem: 'linkedin', total: 7 },
    { origem: 'site', total: 5 },
  ],
  tempo_preenchimento: { vagas: 2, media_dias: 12.5, mediana_dias: 10 },
};

const PROVIDERS = [
  { id: 1, nome: 'Bitcom', ativo: true },
  { id: 2, nome: 'RazãoInfo', ativo: true },
];

let bank: Row[];
let bankTotal: number;
let application: Row;
let calls: Call[];
let fetchSpy: MockInstance<typeof fetch>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const listAnswer = (resource: string, data: unknown[]) => json(data, 200, { 'Content-Range': `${resource} 0-${Math.max(data.length - 1, 0)}/${data.length}` });

/** The careers contract's answers. */
async function answer(call: Call): Promise<Response> {
  const { method, path, search } = call;
  if (method === 'GET' && path === '/v1/careers/banco') {
    if (search.get('q') === 'nada') return json({ total: 0, resultados: [] });
    return json({ total: bankTotal, resultados: bank });
  }
  if (method === 'GET' && path === '/v1/careers/banco/101') return json(PERSON);
  if (method === 'GET' && /^\/v1\/careers\/banco\/\d+$/.test(path)) return json({ message: 'Currículo não encontrado.' }, 404);
  if (method === 'GET' && (path === '/v1/careers/banco/101/curriculo' || path === '/v1/careers/candidaturas/1/curriculo')) {
    return new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="curriculo-ana.pdf"' } });
  }
  if (method === 'GET' && path === '/v1/careers/vagas/7/candidatos/busca') {
    const found = { ...ANA, id_candidatura: 1, status: application.status, candidatura_em: application.created_at };
    const results = search.get('q') === 'nada' ? [] : [found];
    return json({ vaga: { id: 7, titulo_vaga: 'Técnico de Campo' }, total: results.length, resultados: results });
  }
  if (method === 'GET' && path === '/api/applications/1') return json(application);
  if (method === 'PUT' && path === '/api/applications/1') {
    application = { ...application, ...(call.body as Row), status_em: '2026-11-30T12:00:00Z' };
    return json(application);
  }
  if (method === 'GET' && path === '/api/applications') return listAnswer('applications', [application]);
  if (method === 'GET' && path === '/api/vacancies/7') return json({ id: 7, titulo_vaga: 'Técnico de Campo', id_empresa: 1 });
  if (method === 'GET' && path === '/v1/careers/candidaturas/1/detalhes') {
    const { id, status, observacao, origem, created_at, status_em, id_vaga, titulo_vaga } = application;
    return json({ candidatura: { id, status, observacao, origem, created_at, status_em, id_vaga, titulo_vaga }, ...PERSON });
  }
  if (method === 'GET' && path === '/v1/careers/dashboard') {
    const ate = search.get('ate') ?? '2026-11-30';
    const de = search.get('de') ?? '2026-09-02';
    if (de > ate) return json({ message: 'Requisição inválida.', errors: { de: DE_AFTER_ATE } }, 400);
    return json({ ...DASHBOARD, periodo: { de, ate } });
  }
  if (method === 'GET' && path === '/api/providers') return listAnswer('providers', PROVIDERS);
  return json({ message: 'Não encontrado.' }, 404);
}

beforeEach(() => {
  bank = [ANA, BRUNO, CARLA];
  bankTotal = 3;
  application = { ...APPLICATION };
  calls = [];
  fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: Call = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.searchParams, headers: new Headers(init?.headers), body };
    calls.push(call);
    return answer(call);
  });
  setSession({ token: 'token-recrutador', roles: ['banco_talentos:gestor', 'user'] });
});

afterEach(() => {
  signOutLocally();
  fetchSpy.mockRestore();
  delete (window as { __hacked?: boolean }).__hacked;
});

afterAll(() => {
  setSession(null);
});

/** Renders the custom pages at `path`; answers where the router is. */
function open(path: string) {
  const where: { current: Location | null } = { current: null };
  function Where() {
    where.current = useLocation();
    return null;
  }
  const routes = customPageRoutes(false).map((route) => {
    const element = route as ReactElement<{ element: ReactElement }>;
    return cloneElement(element, {
      element: (
        <>
          {element.props.element}
          <Where />
        </>
      ),
    });
  });
  renderPage(BASE, path, routes);
  return where;
}

const callsTo = (path: string) => calls.filter((c) => c.path === path);
const lastCallTo = (path: string) => callsTo(path).at(-1);
const card = (name: string) => screen.getByRole('listitem', { name });

describe('the talent rules', () => {
  it("reads a snippet's marked words as text, whatever else it holds", () => {
    expect(snippetParts('Técnica em <mark>fibra</mark> óptica &amp; redes')).toEqual([
      { text: 'Técnica em ', marked: false },
      { text: 'fibra', marked: true },
      { text: ' óptica & redes', marked: false },
    ]);
    expect(snippetParts('<script>x</script> &lt;b&gt;')).toEqual([{ text: '<script>x</script> <b>', marked: false }]);
    expect(snippetParts(null)).toEqual([]);
    // One pass: an escaped entity stays that entity's text.
    expect(unescapeHtml('&amp;lt; &#39;a&#x27; &quot;b&quot; &copy;')).toBe(`&lt; 'a' "b" &copy;`);
  });

  it('reads the filters of the address and writes the calls and the keyword addresses', () => {
    expect(talentFiltersOf(new URLSearchParams('q=%20fibra%20&uf=mg&cidade=Uberl%C3%A2ndia&tipo=funcionario&pagina=3'))).toEqual({ q: 'fibra', uf: 'MG', cidade: 'Uberlândia', tipo: 'funcionario', pagina: 3 });
    expect(talentFiltersOf(new URLSearchParams('uf=XX&tipo=gerente&pagina=-1'))).toEqual({ q: '', uf: '', cidade: '', tipo: '', pagina: 1 });
    expect(searchQuery({ q: 'fibra', uf: '', cidade: '', tipo: 'candidato' }, 2)).toBe('?q=fibra&tipo=candidato&offset=20&limit=20');
    expect(keywordsPath(7, 'Técnico de Campo (Nível I)')).toBe('/careers/admin/keywords/tecnico-de-campo-nivel-i/7');
    expect(keywordsPath(7, 'Técnico de Campo', ' fibra/óptica ')).toBe('/careers/admin/keywords/tecnico-de-campo/7/fibra%2F%C3%B3ptica');
    expect(keywordsPath(7, null)).toBe('/careers/admin/keywords/vaga/7');
    expect(keywordsTarget({ vacancyName: 'tecnico', id: '7', search: 'fibra' })).toEqual({ id: 7, search: 'fibra' });
    expect(keywordsTarget({ vacancyName: '7' })).toEqual({ id: 7, search: '' });
    expect(keywordsTarget({ vacancyName: 'tecnico' })).toBeNull();
    expect(keywordsTarget({ vacancyName: 'tecnico', id: 'abc' })).toBeNull();
    expect(keywordsTarget({})).toBeNull();
  });
});

describe('the resume database', () => {
  it('lists the resumes with their place, the employee chip, the update day and the snippet', async () => {
    open('/ResumeDatabase/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banco de Currículos' })).toBeTruthy();
    expect(await screen.findByText('3 currículos encontrados')).toBeTruthy();
    const ana = within(card('Ana Souza'));
    expect(ana.getByText('Uberlândia/MG · Atualizado em 20/11/2026')).toBeTruthy();
    expect(ana.queryByText(TEXTS.employee)).toBeNull();
    expect(within(card('Bruno Lima')).getByText(TEXTS.employee)).toBeTruthy();
    expect(within(card('Bruno Lima')).getByText('Uberaba/MG · Atualizado em 05/10/2026')).toBeTruthy();
    // The call: no filter, the first page of 20, with the session and the talent bank's role.
    const call = lastCallTo('/v1/careers/banco')!;
    expect([...call.search.entries()]).toEqual([
      ['offset', '0'],
      ['limit', '20'],
    ]);
    expect(call.headers.get('Authorization')).toBe('Bearer token-recrutador');
    expect(call.headers.get('x-intranet-role')).toBe('banco_talentos:gestor');
    expect(screen.getByRole('searchbox', { name: TALENT_TEXTS.words })).toBeTruthy();
    expect(screen.getByText(TALENT_TEXTS.wordsHint)).toBeTruthy();
  });

  it('draws the marked words as <mark> and a tag in a snippet as text', async () => {
    open('/ResumeDatabase/list');
    await screen.findByText('3 currículos encontrados');
    const ana = card('Ana Souza');
    const marks = ana.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['fibra']);
    expect(within(ana).getByTestId('snippet').textContent).toBe('Técnica em fibra óptica & redes, certificação FCP');
    const carla = card('Carla Dias');
    expect(within(carla).getByTestId('snippet').textContent).toBe('Sabe <script>window.__hacked = true</script> e <img src=x onerror=alert(1)> em fibra');
    expect(carla.querySelector('script')).toBeNull();
    expect(carla.querySelector('img')).toBeNull();
    expect([...carla.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['fibra']);
    expect((window as { __hacked?: boolean }).__hacked).toBeUndefined();
  });

  it('searches by words and filters: the address and the call follow, and the address is read back', async () => {
    const where = open('/ResumeDatabase/list');
    await screen.findByText('3 currículos encontrados');
    fireEvent.change(screen.getByRole('searchbox', { name: TALENT_TEXTS.words }), { target: { value: '  técnico fibra ' } });
    fireEvent.change(screen.getByRole('textbox', { name: TALENT_TEXTS.city }), { target: { value: 'Uberlândia' } });
    fireEvent.click(screen.getByRole('button', { name: TALENT_TEXTS.search }));
    await waitFor(() => expect(lastCallTo('/v1/careers/banco')!.search.get('q')).toBe('técnico fibra'));
    expect(new URLSearchParams(where.current!.search).get('q')).toBe('técnico fibra');
    expect(new URLSearchParams(where.current!.search).get('cidade')).toBe('Uberlândia');
    expect(lastCallTo('/v1/careers/banco')!.search.get('cidade')).toBe('Uberlândia');

    // UF and Tipo apply at once, keeping the words.
    fireEvent.change(screen.getByRole('combobox', { name: TALENT_TEXTS.uf }), { target: { value: 'MG' } });
    await waitFor(() => expect(lastCallTo('/v1/careers/banco')!.search.get('uf')).toBe('MG'));
    fireEvent.change(screen.getByRole('combobox', { name: TALENT_TEXTS.kind }), { target: { value: 'funcionario' } });
    await waitFor(() => expect(lastCallTo('/v1/careers/banco')!.search.get('tipo')).toBe('funcionario'));
    const sent = lastCallTo('/v1/careers/banco')!.search;
    expect(Object.fromEntries(sent)).toEqual({ q: 'técnico fibra', uf: 'MG', cidade: 'Uberlândia', tipo: 'funcionario', offset: '0', limit: '20' });
    const address = new URLSearchParams(where.current!.search);
    expect(Object.fromEntries(address)).toEqual({ q: 'técnico fibra', cidade: 'Uberlândia', uf: 'MG', tipo: 'funcionario' });
    expect(where.current!.pathname).toBe('/ResumeDatabase/list');
  });

  it('opens a shared search as it was: its words, filters and page', async () => {
    bankTotal = 45;
    open(`/ResumeDatabase/list?q=${encodeURIComponent('técnico')}&tipo=candidato&uf=SP&pagina=2`);
    expect(await screen.findByText('45 currículos encontrados')).toBeTruthy();
    expect(Object.fromEntries(callsTo('/v1/careers/banco')[0].search)).toEqual({ q: 'técnico', uf: 'SP', tipo: 'candidato', offset: '20', limit: '20' });
    expect((screen.getByRole('searchbox', { name: TALENT_TEXTS.words }) as HTMLInputElement).value).toBe('técnico');
    expect((screen.getByRole('combobox', { name: TALENT_TEXTS.uf }) as HTMLSelectElement).value).toBe('SP');
    expect((screen.getByRole('combobox', { name: TALENT_TEXTS.kind }) as HTMLSelectElement).value).toBe('candidato');
    expect(screen.getByRole('button', { name: 'página 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('goes through the pages of 20, the page in the address', async () => {
    bankTotal = 45;
    const where = open('/ResumeDatabase/list?q=redes');
    await screen.findByText('45 currículos encontrados');
    fireEvent.click(screen.getByRole('button', { name: 'Ir para a página 3' }));
    await waitFor(() => expect(lastCallTo('/v1/careers/banco')!.search.get('offset')).toBe('40'));
    expect(lastCallTo('/v1/careers/banco')!.search.get('q')).toBe('redes');
    expect(new URLSearchParams(where.current!.search).get('pagina')).toBe('3');
    // A new search starts at its first page.
    fireEvent.change(screen.getByRole('combobox', { name: TALENT_TEXTS.kind }), { target: { value: 'candidato' } });
    await waitFor(() => expect(lastCallTo('/v1/careers/banco')!.search.get('tipo')).toBe('candidato'));
    expect(lastCallTo('/v1/careers/banco')!.search.get('offset')).toBe('0');
    expect(new URLSearchParams(where.current!.search).get('pagina')).toBeNull();
  });

  it('says so when nothing is found, and clears the filters', async () => {
    const where = open('/ResumeDatabase/list?q=nada&uf=MG');
    expect(await screen.findByText(TALENT_TEXTS.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TALENT_TEXTS.clear }));
    expect(await screen.findByText('3 currículos encontrados')).toBeTruthy();
    expect(where.current!.search).toBe('');
  });

  it("shows the server's message when the search is refused", async () => {
    fetchSpy.mockImplementation(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === '/v1/careers/banco') return json({ message: 'Este usuário não tem autorização para realizar esta operação.' }, 403);
      return json({}, 404);
    });
    open('/ResumeDatabase/list');
    expect(await screen.findByText('Este usuário não tem autorização para realizar esta operação.')).toBeTruthy();
  });

  it('opens the person on the right: contact, resume, the PDF; the address names them', async () => {
    const where = open('/ResumeDatabase/list');
    await screen.findByText('3 currículos encontrados');
    fireEvent.click(within(card('Ana Souza')).getByText('Ana Souza'));
    const drawer = within(await screen.findByRole('dialog', { name: 'Ana Souza' }));
    expect((await drawer.findByRole('link', { name: 'ana@email.com' })).getAttribute('href')).toBe('mailto:ana@email.com');
    expect(drawer.getByText('Uberlândia - MG')).toBeTruthy();
    expect(drawer.getByRole('link', { name: 'linkedin.com/in/ana-souza' }).getAttribute('href')).toBe('https://linkedin.com/in/ana-souza');
    expect(drawer.getByText('Técnica em redes há cinco anos.')).toBeTruthy();
    expect(drawer.getByText(/R\$\s3\.500,00/)).toBeTruthy();
    expect(drawer.getByText('Atualizado em 20/11/2026')).toBeTruthy();
    expect(within(drawer.getByRole('region', { name: 'Formação' })).getByText('Técnico em Redes')).toBeTruthy();
    expect(within(drawer.getByRole('region', { name: 'Experiência' })).getByText('Instaladora · Fibra Net')).toBeTruthy();
    expect(within(drawer.getByRole('region', { name: 'Certificados' })).getByText('Emitido em 30/06/2021 · válido até 30/06/2026')).toBeTruthy();
    // No step and no note here: this is not an application.
    expect(drawer.queryByRole('combobox', { name: /^Etapa/ })).toBeNull();
    const detail = lastCallTo('/v1/careers/banco/101')!;
    expect(detail.headers.get('x-intranet-role')).toBe('banco_talentos:gestor');
    expect(new URLSearchParams(where.current!.search).get('pessoa')).toBe('101');

    let saved = '';
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:curriculo');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.getAttribute('download') ?? '';
    });
    try {
      fireEvent.click(drawer.getByRole('button', { name: TEXTS.download }));
      await waitFor(() => expect(saved).toBe('curriculo-ana.pdf'));
      expect(lastCallTo('/v1/careers/banco/101/curriculo')!.headers.get('Authorization')).toBe('Bearer token-recrutador');
    } finally {
      created.mockRestore();
      revoked.mockRestore();
      click.mockRestore();
    }

    fireEvent.click(drawer.getByRole('button', { name: TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(new URLSearchParams(where.current!.search).get('pessoa')).toBeNull();
  });

  it("opens a person from the address, and shows the server's message when they are not in the database", async () => {
    open('/ResumeDatabase/list?pessoa=999');
    const drawer = within(await screen.findByRole('dialog'));
    expect(await drawer.findByText('Currículo não encontrado.')).toBeTruthy();
  });

  it('is not opened by a reader, who may not read resumes', async () => {
    setSession({ token: 'token-leitor', roles: ['banco_talentos:leitor', 'user'] });
    open('/ResumeDatabase/list');
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(callsTo('/v1/careers/banco')).toHaveLength(0);
  });
});

describe("the keyword search of a vacancy's applicants", () => {
  const BUSCA = '/v1/careers/vagas/7/candidatos/busca';

  it('reads the words from the address, shows the vacancy, the step and the snippet', async () => {
    open('/careers/admin/keywords/tecnico-de-campo/7/fibra%20%C3%B3ptica');
    expect(await screen.findByRole('heading', { level: 1, name: 'Palavras-chave · Técnico de Campo' })).toBeTruthy();
    expect(await screen.findByText('1 candidato encontrado')).toBeTruthy();
    const call = lastCallTo(BUSCA)!;
    expect(Object.fromEntries(call.search)).toEqual({ q: 'fibra óptica', offset: '0', limit: '20' });
    expect(call.headers.get('x-intranet-role')).toBe('banco_talentos:gestor');
    expect((screen.getByRole('searchbox', { name: TALENT_TEXTS.words }) as HTMLInputElement).value).toBe('fibra óptica');
    const ana = within(card('Ana Souza'));
    expect(ana.getByText('Recebido')).toBeTruthy();
    expect(ana.getByText('Uberlândia/MG · Candidatura em 11/11/2026')).toBeTruthy();
    expect(card('Ana Souza').querySelector('mark')?.textContent).toBe('fibra');
    // Back to the pipeline.
    expect(screen.getByRole('link', { name: TALENT_TEXTS.seeApplicants }).getAttribute('href')).toBe('/careers/admin/applicants/7');
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/careers/admin/applicants/7');
  });

  it('puts new words in the address and searches them', async () => {
    const where = open('/careers/admin/keywords/tecnico-de-campo/7');
    await screen.findByText('1 candidato encontrado');
    expect(lastCallTo(BUSCA)!.search.get('q')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: TALENT_TEXTS.words }), { target: { value: 'redes / fibra' } });
    fireEvent.submit(screen.getByRole('search', { name: TALENT_TEXTS.words }));
    await waitFor(() => expect(lastCallTo(BUSCA)!.search.get('q')).toBe('redes / fibra'));
    expect(where.current!.pathname).toBe('/careers/admin/keywords/tecnico-de-campo/7/redes%20%2F%20fibra');
    fireEvent.change(screen.getByRole('searchbox', { name: TALENT_TEXTS.words }), { target: { value: 'nada' } });
    fireEvent.click(screen.getByRole('button', { name: TALENT_TEXTS.search }));
    expect(await screen.findByText(TALENT_TEXTS.keywordsEmpty)).toBeTruthy();
    expect(where.current!.pathname).toBe('/careers/admin/keywords/tecnico-de-campo/7/nada');
  });

  it("completes an address without the vacancy's name", async () => {
    const where = open('/careers/admin/keywords/7');
    await screen.findByText('1 candidato encontrado');
    await waitFor(() => expect(where.current!.pathname).toBe('/careers/admin/keywords/tecnico-de-campo/7'));
  });

  it('asks to start from a vacancy when the address names none', async () => {
    open('/careers/admin/keywords');
    expect(await screen.findByText(TALENT_TEXTS.noVacancy)).toBeTruthy();
    expect(screen.getByRole('link', { name: TALENT_TEXTS.vacancies }).getAttribute('href')).toBe('/careers/admin/list');
    expect(callsTo(BUSCA)).toHaveLength(0);
  });

  it("opens the application's drawer, where the step is moved as on the pipeline", async () => {
    open('/careers/admin/keywords/tecnico-de-campo/7/fibra');
    await screen.findByText('1 candidato encontrado');
    fireEvent.click(within(card('Ana Souza')).getByText('Ana Souza'));
    const drawer = within(await screen.findByRole('dialog', { name: 'Ana Souza' }));
    // The application read whole: its note is there to keep.
    expect((drawer.getByRole('textbox', { name: 'Observação' }) as HTMLTextAreaElement).value).toBe('Indicada pelo supervisor.');
    expect(await drawer.findByRole('link', { name: 'ana@email.com' })).toBeTruthy();
    // The application's origin, after the salary.
    expect(drawer.getByText(TEXTS.origin).nextElementSibling?.textContent).toBe('LinkedIn');
    fireEvent.click(drawer.getByRole('button', { name: 'Mover para Em análise' }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/applications/1');
    expect(put.body).toEqual({ status: 'em_analise', observacao: 'Indicada pelo supervisor.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The results are read again: the step's chip follows.
    await waitFor(() => expect(within(card('Ana Souza')).getByText('Em análise')).toBeTruthy());
  });

  it('is reached from the pipeline', async () => {
    open('/careers/admin/applicants/7');
    const link = await screen.findByRole('link', { name: TEXTS.keywords });
    await waitFor(() => expect(link.getAttribute('href')).toBe('/careers/admin/keywords/tecnico-de-campo/7'));
  });

  it('is not opened by who may not list the applications', async () => {
    setSession({ token: 'token-candidato', roles: ['user'] });
    open('/careers/admin/keywords/tecnico-de-campo/7/fibra');
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(callsTo(BUSCA)).toHaveLength(0);
  });
});

describe('the careers dashboard', () => {
  const DASH = '/v1/careers/dashboard';
  const kpi = (label: string) => within(screen.getByRole('region', { name: label })).getByTestId('kpi-value').textContent;

  it('shows the figures of the last 90 days, the charts and the vacancies with most applications', async () => {
    open('/dashboards/careers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel do Trabalhe Conosco' })).toBeTruthy();
    await screen.findByRole('region', { name: DASHBOARD_TEXTS.openVacancies });
    expect(kpi(DASHBOARD_TEXTS.openVacancies)).toBe('3');
    expect(within(screen.getByRole('region', { name: DASHBOARD_TEXTS.openVacancies })).getByText('1 rascunho · 2 encerradas')).toBeTruthy();
    expect(kpi(DASHBOARD_TEXTS.openPositions)).toBe('5');
    expect(kpi(DASHBOARD_TEXTS.applications)).toBe('12');
    expect(kpi(DASHBOARD_TEXTS.meanDays)).toBe('12,5 dias');
    expect(kpi(DASHBOARD_TEXTS.medianDays)).toBe('10 dias');
    expect(screen.getByText('2 vagas preenchidas no período')).toBeTruthy();
    // No period asked: the server's (the last 90 days), shown in the boxes.
    const call = lastCallTo(DASH)!;
    expect([...call.search.keys()]).toEqual([]);
    expect(call.headers.get('x-intranet-role')).toBe('banco_talentos:gestor');
    expect(screen.getByText('Período: 02/09/2026 a 30/11/2026')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('textbox', { name: DASHBOARD_TEXTS.from }) as HTMLInputElement).value).toBe('02/09/2026'));
    expect((screen.getByRole('textbox', { name: DASHBOARD_TEXTS.to }) as HTMLInputElement).value).toBe('30/11/2026');
    // The charts, loaded on demand.
    expect(await screen.findByRole('img', { name: DASHBOARD_TEXTS.perWeek })).toBeTruthy();
    expect(screen.getByRole('img', { name: DASHBOARD_TEXTS.perStep })).toBeTruthy();
    expect(screen.getByRole('img', { name: DASHBOARD_TEXTS.sources })).toBeTruthy();
    const top = within(screen.getByRole('table', { name: DASHBOARD_TEXTS.topVacancies }));
    expect(top.getByRole('link', { name: 'Técnico de Campo' }).getAttribute('href')).toBe('/careers/admin/applicants/7');
    expect(top.getByRole('link', { name: 'Analista de Suporte' }).getAttribute('href')).toBe('/careers/admin/applicants/8');
    expect(top.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Vaga', 'Provedor', 'Total', 'Recebido', 'Em análise', 'Entrevista', 'Aprovado', 'Reprovado']);
  });

  it("shows '—' for the time to hire when no vacancy was filled", async () => {
    fetchSpy.mockImplementation(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === DASH) return json({ ...DASHBOARD, tempo_preenchimento: { vagas: 0, media_dias: null, mediana_dias: null } });
      return answer({ method: 'GET', path: url.pathname, search: url.searchParams, headers: new Headers(), body: undefined });
    });
    open('/dashboards/careers');
    await screen.findByRole('region', { name: DASHBOARD_TEXTS.meanDays });
    expect(kpi(DASHBOARD_TEXTS.meanDays)).toBe('—');
    expect(kpi(DASHBOARD_TEXTS.medianDays)).toBe('—');
  });

  it('asks for the period and the provider typed, in the address', async () => {
    const where = open('/dashboards/careers');
    await screen.findByRole('region', { name: DASHBOARD_TEXTS.openVacancies });
    const provider = screen.getByRole('combobox', { name: DASHBOARD_TEXTS.provider }) as HTMLSelectElement;
    await waitFor(() => expect([...provider.options].map((o) => o.textContent)).toEqual([DASHBOARD_TEXTS.allProviders, 'Bitcom', 'RazãoInfo']));
    fireEvent.change(provider, { target: { value: '2' } });
    await waitFor(() => expect(lastCallTo(DASH)!.search.get('empresa')).toBe('2'));
    fireEvent.change(screen.getByRole('textbox', { name: DASHBOARD_TEXTS.from }), { target: { value: '01/10/2026' } });
    await waitFor(() => expect(lastCallTo(DASH)!.search.get('de')).toBe('2026-10-01'));
    expect(Object.fromEntries(lastCallTo(DASH)!.search)).toEqual({ empresa: '2', de: '2026-10-01' });
    expect(Object.fromEntries(new URLSearchParams(where.current!.search))).toEqual({ empresa: '2', de: '2026-10-01' });
    expect(await screen.findByText('Período: 01/10/2026 a 30/11/2026')).toBeTruthy();
    // Half a date is not asked for.
    const before = callsTo(DASH).length;
    fireEvent.change(screen.getByRole('textbox', { name: DASHBOARD_TEXTS.to }), { target: { value: '15/1' } });
    expect((screen.getByRole('textbox', { name: DASHBOARD_TEXTS.to }) as HTMLInputElement).value).toBe('15/1');
    expect(callsTo(DASH)).toHaveLength(before);
  });

  it("shows the server's message when the period starts after it ends", async () => {
    open('/dashboards/careers');
    await screen.findByRole('region', { name: DASHBOARD_TEXTS.openVacancies });
    fireEvent.change(screen.getByRole('textbox', { name: DASHBOARD_TEXTS.from }), { target: { value: '10/12/2026' } });
    expect(await screen.findByText(DE_AFTER_ATE)).toBeTruthy();
    expect(Object.fromEntries(lastCallTo(DASH)!.search)).toEqual({ de: '2026-12-10' });
    expect(screen.queryByRole('region', { name: DASHBOARD_TEXTS.openVacancies })).toBeNull();
    // A period in order: the figures again.
    fireEvent.change(screen.getByRole('textbox', { name: DASHBOARD_TEXTS.to }), { target: { value: '31/12/2026' } });
    expect(await screen.findByRole('region', { name: DASHBOARD_TEXTS.openVacancies })).toBeTruthy();
    expect(screen.queryByText(DE_AFTER_ATE)).toBeNull();
  });

  it('is opened by a reader of the talent bank, not by a candidate', async () => {
    setSession({ token: 'token-leitor', roles: ['rh:leitor', 'user'] });
    open('/dashboards/careers');
    expect(await screen.findByRole('region', { name: DASHBOARD_TEXTS.openVacancies })).toBeTruthy();
    expect(lastCallTo(DASH)!.headers.get('x-intranet-role')).toBe('rh:leitor');
    signOutLocally();
    setSession({ token: 'token-candidato', roles: ['user'] });
    calls = [];
    open('/dashboards/careers');
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(callsTo(DASH)).toHaveLength(0);
  });
});
