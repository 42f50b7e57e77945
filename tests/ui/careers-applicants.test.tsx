// The recruiters' careers screens (issue 17): the pipeline of a vacancy's applications at
// /careers/admin/applicants/{id} — columns by step with their counts, the search, the drawer with the
// candidate's details (contact, LinkedIn, salary, PDF, resume), saving a step and a note (PUT
// /api/applications/{id} {status, observacao}, the schema's toast, the card in its new column), the
// quick move to the next step, a reader's read-only drawer — and the vacancies of one provider at
// /careers/admin/list/{company}. The server is stubbed at the fetch level with the careers contract's
// answers (the calls documented in /docs: src/server/v1/careers.ts), so the calls the screens make are checked as sent.
import './setup.js';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setSession } from '../../src/admin/core/session.js';
import { groupByStatus, linkedinHref, matchesSearch, nextStatus, retryUnlessRefused, sourceLabel } from '../../custom-pages/careers/board.js';
import { companyView, providerOf } from '../../custom-pages/careers/CompanyVacancies.js';
import { TEXTS } from '../../custom-pages/careers/texts.js';
import { configByResource } from '../../src/admin/generator/registry.js';
import { renderPage, signOutLocally } from './server.js';

const BASE = 'http://careers.test';
const UPDATED = 'Candidatura atualizada! O candidato foi avisado da nova etapa.';

type Row = Record<string, any>;

interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

const VACANCY = { id: 7, titulo_vaga: 'Técnico de Campo', id_empresa: 1, cidade: 'Uberlândia', uf: 'MG', publicada: true, ativo: true };
const PROVIDERS = [
  { id: 1, nome: 'Bitcom', ativo: true },
  { id: 2, nome: 'RazãoInfo', ativo: true },
];

const application = (id: number, nome: string, status: string, extra: Row = {}): Row => ({
  id,
  id_vaga: 7,
  id_usuario: 100 + id,
  status,
  observacao: null,
  origem: 'direto',
  status_em: '2026-11-20T13:00:00Z',
  created_at: `2026-11-${String(10 + id).padStart(2, '0')}T13:00:00Z`,
  candidato_nome: nome,
  candidato_email: `${nome.split(' ')[0].toLowerCase()}@email.com`,
  candidato_telefone: '(34) 99999-1234',
  candidato_cidade: 'Uberlândia',
  titulo_vaga: VACANCY.titulo_vaga,
  id_empresa: 1,
  ...extra,
});

const DETAILS = {
  candidatura: { id: 1, status: 'recebido', observacao: null, origem: 'linkedin', created_at: '2026-11-11T13:00:00Z', status_em: '2026-11-11T13:00:00Z', id_vaga: 7, titulo_vaga: 'Técnico de Campo' },
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

let rows: Row[];
let calls: Call[];
let fetchSpy: MockInstance<typeof fetch>;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const listAnswer = (resource: string, data: unknown[]) => json(data, 200, { 'Content-Range': `${resource} 0-${Math.max(data.length - 1, 0)}/${data.length}` });

/** The careers contract's answers, from `rows` (the applications of vacancy 7). */
async function answer(call: Call): Promise<Response> {
  const { method, path } = call;
  if (method === 'GET' && path === '/api/vacancies/7') return json(VACANCY);
  if (method === 'GET' && path === '/api/applications') {
    const filter = JSON.parse(call.search.get('filter') ?? '{}');
    return listAnswer('applications', rows.filter((r) => r.id_vaga === filter.id_vaga));
  }
  const put = /^\/api\/applications\/(\d+)$/.exec(path);
  if (method === 'PUT' && put) {
    const index = rows.findIndex((r) => r.id === Number(put[1]));
    rows[index] = { ...rows[index], ...(call.body as Row), status_em: '2026-11-30T12:00:00Z' };
    return json(rows[index]);
  }
  if (method === 'GET' && path === '/v1/careers/candidaturas/1/detalhes') return json(DETAILS);
  if (method === 'GET' && /^\/v1\/careers\/candidaturas\/\d+\/detalhes$/.test(path)) return json({ message: 'Candidatura não encontrada.' }, 404);
  if (method === 'GET' && path === '/v1/careers/candidaturas/1/curriculo') {
    return new Response('%PDF-1.4', {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="curriculo-ana.pdf"' },
    });
  }
  if (method === 'GET' && path === '/api/providers') return listAnswer('providers', PROVIDERS);
  // Any other list the generated screens read (vacancies, references): empty.
  if (method === 'GET' && /^\/api\/[^/]+$/.test(path)) return listAnswer(path.slice(5), []);
  return json({ message: 'Não encontrado.' }, 404);
}

beforeEach(() => {
  rows = [
    application(1, 'Ana Souza', 'recebido', { origem: 'linkedin' }),
    application(2, 'Bruno Lima', 'em_analise', { origem: 'site', candidato_cidade: 'Uberaba' }),
    application(3, 'Carla Dias', 'recebido', { origem: 'jornal-local' }),
    application(4, 'Davi Rocha', 'entrevista', { observacao: 'Entrevista marcada.' }),
  ];
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
});

afterAll(() => {
  setSession(null);
});

const column = (label: string) => screen.getByRole('region', { name: label });
const namesIn = (label: string) =>
  within(column(label))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const countOf = (label: string) => within(column(label)).getByLabelText(new RegExp(`em ${label}$`)).textContent;

async function openBoard() {
  renderPage(BASE, '/careers/admin/applicants/7');
  await screen.findByRole('group', { name: TEXTS.board });
}

async function openCard(name: string) {
  const card = screen.getByRole('listitem', { name });
  fireEvent.click(within(card).getByText(name));
  return screen.findByRole('dialog');
}

describe('the board rules', () => {
  it('groups by step, searches name and e-mail, knows the next step and the origins', () => {
    const grouped = groupByStatus([{ status: 'recebido' }, { status: 'entrevista' }, { status: 'recebido' }, { status: 'desconhecido' }]);
    expect(Object.keys(grouped)).toEqual(['recebido', 'em_analise', 'entrevista', 'aprovado', 'reprovado']);
    expect(grouped.recebido).toHaveLength(2);
    expect(grouped.entrevista).toHaveLength(1);
    expect(matchesSearch({ candidato_nome: 'Conceição Araújo', candidato_email: 'cc@email.com' }, 'conceicao')).toBe(true);
    expect(matchesSearch({ candidato_nome: 'Conceição Araújo', candidato_email: 'cc@email.com' }, 'CC@EMAIL')).toBe(true);
    expect(matchesSearch({ candidato_nome: 'Conceição Araújo', candidato_email: null }, 'bruno')).toBe(false);
    expect(matchesSearch({ candidato_nome: null, candidato_email: null }, '  ')).toBe(true);
    expect(['recebido', 'em_analise', 'entrevista', 'aprovado', 'reprovado'].map(nextStatus)).toEqual(['em_analise', 'entrevista', 'aprovado', null, null]);
    expect(sourceLabel('linkedin')).toBe('LinkedIn');
    expect(sourceLabel('jornal-local')).toBe('jornal-local');
    expect(linkedinHref('linkedin.com/in/ana')).toBe('https://linkedin.com/in/ana');
    expect(linkedinHref('https://www.linkedin.com/in/ana')).toBe('https://www.linkedin.com/in/ana');
    expect(linkedinHref('  ')).toBeNull();
    // A refusal of the server shows at once; a network failure is tried twice more.
    expect(retryUnlessRefused(0, { status: 403 })).toBe(false);
    expect(retryUnlessRefused(0, new TypeError('fetch failed'))).toBe(true);
    expect(retryUnlessRefused(2, { status: 502 })).toBe(false);
  });

  it('finds a provider by id or by the slug of its name, and filters the vacancies by it', () => {
    expect(providerOf(PROVIDERS, '2')?.nome).toBe('RazãoInfo');
    expect(providerOf(PROVIDERS, 'razaoinfo')?.id).toBe(2);
    expect(providerOf(PROVIDERS, 'Bitcom')?.id).toBe(1);
    expect(providerOf(PROVIDERS, 'vetorial')).toBeUndefined();
    expect(providerOf(PROVIDERS, '9')).toBeUndefined();
    const config = configByResource.get('vacancies')!;
    const view = companyView(config, PROVIDERS[0]);
    expect(view.listFilter).toEqual({ id_empresa: 1 });
    expect(view.title).toBe(`${config.title} · Bitcom`);
    expect(view.path).toBe(config.path);
  });
});

describe('the pipeline', () => {
  it('shows the vacancy, one column per step with its count, and a card per candidate', async () => {
    await openBoard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidatos · Técnico de Campo' })).toBeTruthy();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Recebido', 'Em análise', 'Entrevista', 'Aprovado', 'Reprovado']);
    expect(namesIn('Recebido')).toEqual(['Ana Souza', 'Carla Dias']);
    expect(namesIn('Em análise')).toEqual(['Bruno Lima']);
    expect(namesIn('Entrevista')).toEqual(['Davi Rocha']);
    expect(namesIn('Aprovado')).toEqual([]);
    expect(['Recebido', 'Em análise', 'Entrevista', 'Aprovado', 'Reprovado'].map(countOf)).toEqual(['2', '1', '1', '0', '0']);
    const ana = within(screen.getByRole('listitem', { name: 'Ana Souza' }));
    expect(ana.getByText('Uberlândia')).toBeTruthy();
    expect(ana.getByText('Candidatura em 11/11/2026')).toBeTruthy();
    expect(ana.getByText('LinkedIn')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Carla Dias' })).getByText('jornal-local')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Bruno Lima' })).getByText('Site de carreiras')).toBeTruthy();
    // The contract's reads: the vacancy, and its applications newest first in one page of 500.
    const list = calls.find((c) => c.path === '/api/applications')!;
    expect(JSON.parse(list.search.get('filter')!)).toEqual({ id_vaga: 7 });
    expect(JSON.parse(list.search.get('range')!)).toEqual([0, 499]);
    expect(JSON.parse(list.search.get('sort')!)).toEqual(['created_at', 'DESC']);
    expect(list.headers.get('Authorization')).toBe('Bearer token-recrutador');
    expect(calls.some((c) => c.path === '/api/vacancies/7')).toBe(true);
    // The back arrow leads to the vacancies.
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/careers/admin/list');
  });

  it('filters the cards by name or e-mail', async () => {
    await openBoard();
    fireEvent.change(screen.getByRole('searchbox', { name: TEXTS.search }), { target: { value: 'bruno@' } });
    await waitFor(() => expect(namesIn('Recebido')).toEqual([]));
    expect(namesIn('Em análise')).toEqual(['Bruno Lima']);
    expect(countOf('Recebido')).toBe('0');
    fireEvent.change(screen.getByRole('searchbox', { name: TEXTS.search }), { target: { value: 'carla' } });
    await waitFor(() => expect(namesIn('Recebido')).toEqual(['Carla Dias']));
  });

  it('says so when the vacancy has no application yet', async () => {
    rows = [];
    renderPage(BASE, '/careers/admin/applicants/7');
    expect(await screen.findByText(TEXTS.empty)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Recebido' })).toBeNull();
  });

  it("shows the server's message when the applications cannot be read", async () => {
    fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/applications') return json({ message: 'Você não tem acesso a este provedor.' }, 403);
      return answer({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.searchParams, headers: new Headers(init?.headers), body: undefined });
    });
    renderPage(BASE, '/careers/admin/applicants/7');
    expect(await screen.findByText('Você não tem acesso a este provedor.')).toBeTruthy();
  });

  it("opens a card's details: contact, LinkedIn, about, salary, the PDF and the resume", async () => {
    await openBoard();
    const drawer = within(await openCard('Ana Souza'));
    expect(drawer.getByRole('heading', { name: 'Ana Souza' })).toBeTruthy();
    expect((await drawer.findByRole('link', { name: 'ana@email.com' })).getAttribute('href')).toBe('mailto:ana@email.com');
    expect(drawer.getByText('(34) 99999-1234')).toBeTruthy();
    expect(drawer.getByRole('button', { name: 'Abrir conversa no WhatsApp' })).toBeTruthy();
    const linkedin = drawer.getByRole('link', { name: 'linkedin.com/in/ana-souza' });
    expect(linkedin.getAttribute('href')).toBe('https://linkedin.com/in/ana-souza');
    expect(linkedin.getAttribute('target')).toBe('_blank');
    expect(drawer.getByText('Técnica em redes há cinco anos.')).toBeTruthy();
    expect(drawer.getByText(/R\$\s3\.500,00/)).toBeTruthy();
    expect(drawer.getByText('Uberlândia - MG')).toBeTruthy();
    const education = within(drawer.getByRole('region', { name: 'Formação' }));
    expect(education.getByText('Técnico em Redes')).toBeTruthy();
    expect(education.getByText('SENAI · Concluído')).toBeTruthy();
    expect(education.getByText('01/02/2018 – 15/12/2019')).toBeTruthy();
    const experience = within(drawer.getByRole('region', { name: 'Experiência' }));
    expect(experience.getByText('Instaladora · Fibra Net')).toBeTruthy();
    expect(experience.getByText('02/03/2020 – Atual')).toBeTruthy();
    const certificates = within(drawer.getByRole('region', { name: 'Certificados' }));
    expect(certificates.getByText('Emitido em 30/06/2021 · válido até 30/06/2026')).toBeTruthy();
    // The detail is read with the session and the role of the applications' area.
    const detail = calls.find((c) => c.path === '/v1/careers/candidaturas/1/detalhes')!;
    expect(detail.headers.get('Authorization')).toBe('Bearer token-recrutador');
    expect(detail.headers.get('x-intranet-role')).toBe('banco_talentos:gestor');

    // Baixar currículo (PDF): the file the server names, fetched with the session.
    let saved = '';
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:curriculo');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = this.getAttribute('download') ?? '';
    });
    try {
      fireEvent.click(drawer.getByRole('button', { name: TEXTS.download }));
      await waitFor(() => expect(saved).toBe('curriculo-ana.pdf'));
      const pdf = calls.find((c) => c.path === '/v1/careers/candidaturas/1/curriculo')!;
      expect(pdf.headers.get('Authorization')).toBe('Bearer token-recrutador');
    } finally {
      created.mockRestore();
      revoked.mockRestore();
      click.mockRestore();
    }
  });

  it("shows the server's message when a card's details cannot be read", async () => {
    await openBoard();
    const drawer = within(await openCard('Carla Dias'));
    expect(await drawer.findByText('Candidatura não encontrada.')).toBeTruthy();
  });

  it('saves a new step with the note, says so, and moves the card to its column', async () => {
    await openBoard();
    const drawer = within(await openCard('Ana Souza'));
    expect(drawer.getByText(/o candidato não a vê/)).toBeTruthy();
    fireEvent.mouseDown(drawer.getByRole('combobox', { name: /^Etapa/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Entrevista' }));
    fireEvent.change(drawer.getByRole('textbox', { name: 'Observação' }), { target: { value: 'Boa conversa por telefone.' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/applications/1');
    expect(put.body).toEqual({ status: 'entrevista', observacao: 'Boa conversa por telefone.' });
    expect(put.headers.get('X-Intranet-Role')).toBe('banco_talentos:gestor');
    // The drawer closes; the card is in its new column.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(namesIn('Entrevista')).toEqual(['Ana Souza', 'Davi Rocha']));
    expect(namesIn('Recebido')).toEqual(['Carla Dias']);
    expect(countOf('Recebido')).toBe('1');
    expect(countOf('Entrevista')).toBe('2');
  });

  it("moves a card to the next step from the card, keeping its note", async () => {
    await openBoard();
    const davi = within(screen.getByRole('listitem', { name: 'Davi Rocha' }));
    fireEvent.click(davi.getByRole('button', { name: 'Mover para Aprovado' }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 'aprovado', observacao: 'Entrevista marcada.' });
    await waitFor(() => expect(namesIn('Aprovado')).toEqual(['Davi Rocha']));
    expect(namesIn('Entrevista')).toEqual([]);
    // Neither Aprovado nor Reprovado has a step after it.
    expect(within(screen.getByRole('listitem', { name: 'Davi Rocha' })).queryByRole('button', { name: /^Mover para/ })).toBeNull();
  });

  it("shows the server's refusal and leaves the card where it was", async () => {
    fetchSpy.mockImplementation(async (input, init) => {
      const url = new URL(String(input));
      const call = { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, search: url.searchParams, headers: new Headers(init?.headers), body: undefined };
      calls.push(call);
      if (call.method === 'PUT') return json({ message: 'Você não pode alterar esta candidatura.' }, 403);
      return answer(call);
    });
    await openBoard();
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Bruno Lima' })).getByRole('button', { name: 'Mover para Entrevista' }));
    expect(await screen.findByText('Você não pode alterar esta candidatura.')).toBeTruthy();
    expect(namesIn('Em análise')).toEqual(['Bruno Lima']);
  });

  it('a reader sees the step and the note but no Salvar and no quick moves', async () => {
    setSession({ token: 'token-leitor', roles: ['banco_talentos:leitor', 'user'] });
    await openBoard();
    expect(namesIn('Entrevista')).toEqual(['Davi Rocha']);
    expect(screen.queryByRole('button', { name: /^Mover para/ })).toBeNull();
    const drawer = within(await openCard('Davi Rocha'));
    expect((drawer.getByRole('textbox', { name: 'Observação' }) as HTMLTextAreaElement).value).toBe('Entrevista marcada.');
    expect(drawer.getByRole('combobox', { name: /^Etapa/ }).getAttribute('aria-disabled')).toBe('true');
    expect(drawer.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(drawer.queryByRole('button', { name: /^Mover para/ })).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is not opened by who may not list the applications', async () => {
    setSession({ token: 'token-candidato', roles: ['user'] });
    renderPage(BASE, '/careers/admin/applicants/7');
    expect(await screen.findByText('Você não tem permissão para acessar esta página.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/applications'))).toBe(false);
  });
});

describe("one provider's vacancies", () => {
  it('lists the vacancies of the provider the address names, by slug, under its name', async () => {
    renderPage(BASE, '/careers/admin/list/razaoinfo');
    expect(await screen.findByRole('heading', { level: 1, name: /· RazãoInfo$/ })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/vacancies')).toBe(true));
    const read = calls.find((c) => c.path === '/api/vacancies')!;
    expect(JSON.parse(read.search.get('filter')!)).toMatchObject({ id_empresa: 2 });
  });

  it('says so for a provider that does not exist', async () => {
    renderPage(BASE, '/careers/admin/list/nao-existe');
    expect(await screen.findByText(TEXTS.providerNotFound)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/vacancies')).toBe(false);
  });
});
