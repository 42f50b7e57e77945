// The FAQ and the employee handbook (issue 18): the registers' rights and provider scoping (a
// question or section of one provider, or of all: x-intranet.providerShared), the public FAQ (only
// published questions visible without login, throttled with a pt-BR 429), the signed-in FAQ (staff,
// writers, candidates), the accent- and case-insensitive search, and the handbook's reading call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_MSG } from '../../src/domain/faq.js';
import type { Config } from '../../src/server/config.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let faqCategory: number;
let handbookCategory: number;
const users: Record<string, { token: string; role?: string }> = {};
let ipSeq = 10;
const nextIp = () => `198.51.100.${++ipSeq}`;

const as = (who: string) => (users[who] ? bearer(users[who].token, users[who].role) : bearer(t.adminToken, 'users:superadmin'));
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) => t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const publicFaq = (busca?: string, ip = nextIp()) =>
  t.app.inject({ method: 'GET', url: `/v1/public/faq${busca === undefined ? '' : `?${new URLSearchParams({ busca })}`}`, remoteAddress: ip });
const questionsOf = (body: { categorias: { perguntas: { pergunta: string }[] }[] }) => body.categorias.flatMap((c) => c.perguntas.map((q) => q.pergunta)).sort();

beforeAll(async () => {
  t = await testApp({ config: { faqReadsPerMinute: 5 } as Partial<Config> });
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  for (const [key, roles, providers, employee] of [
    ['rh:gestor', ['rh:gestor'], [A], true],
    ['rh:solicitante', ['rh:solicitante'], [A], true],
    ['rh:leitor', ['rh:leitor'], [A], true],
    ['funcionario', [], [A], true],
    ['vetorial', ['rh:gestor'], [B], true],
    ['candidato', ['user'], [], false],
  ] as const) {
    users[key] = { token: await t.userToken({ papeis: [...roles], id_empresas: [...providers], funcionario: employee, email: `${key.replace(':', '.')}@faq.teste` }), role: roles[0] };
  }
  faqCategory = await post('/api/faq-categories', { titulo: 'Dúvidas gerais', ordem: 1 });
  handbookCategory = await post('/api/employee-handbook-categories', { titulo: 'Conduta', ordem: 1 });
  const question = (pergunta: string, extra: object) => post('/api/faq', { pergunta, resposta: `<p>Resposta de ${pergunta}</p>`, id_categoria: faqCategory, ...extra });
  await question('Como peço férias?', { publico: true, ordem: 1 });
  await question('Qual o horário do refeitório da Bitcom?', { id_empresa: A, ordem: 2 });
  await question('Onde fica o estacionamento da Vetorial?', { id_empresa: B });
  await question('Rascunho sobre o plano de saúde', { publicada: false, publico: true });
  await post('/api/faq', { pergunta: 'Como acesso a VPN?', resposta: '<p>Use o <strong>cliente de VPN</strong> e o seu usuário de rede.</p>', id_categoria: faqCategory, publico: true });
  await post('/api/employee-handbook', { titulo: 'Código de conduta', conteudo: '<p>Respeito sempre.</p>', id_categoria: handbookCategory });
  await post('/api/employee-handbook', { titulo: 'Uniforme da Bitcom', conteudo: '<p>Camisa azul.</p>', id_categoria: handbookCategory, id_empresa: A });
  await post('/api/employee-handbook', { titulo: 'Plantões da Vetorial', conteudo: '<p>Escala mensal.</p>', id_categoria: handbookCategory, id_empresa: B });
  await post('/api/employee-handbook', { titulo: 'Seção inativa', conteudo: '<p>Antiga.</p>', id_categoria: handbookCategory, ativo: false });
});
afterAll(() => t?.close());

describe('the registers', () => {
  it('HR writers create and edit questions of their provider; readers and employees do not write', async () => {
    const body = { pergunta: 'Quando sai o holerite?', resposta: '<p>No quinto dia útil.</p>', id_categoria: faqCategory, id_empresa: A };
    const created = await call('POST', '/api/faq', 'rh:solicitante', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await call('PUT', `/api/faq/${id}`, 'rh:gestor', { ordem: 3 })).statusCode).toBe(200);
    expect((await call('POST', '/api/faq', 'rh:leitor', body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/faq/${id}`, 'rh:leitor', { ordem: 4 })).statusCode).toBe(403);
    expect((await call('POST', '/api/faq', 'funcionario', body)).statusCode).toBe(403);
    expect((await call('GET', '/api/faq', 'rh:leitor')).statusCode).toBe(200);
    expect((await call('GET', '/api/faq', 'funcionario')).statusCode).toBe(403);
    // The delete needs the manager; the history is kept.
    expect((await call('DELETE', `/api/faq/${id}`, 'rh:solicitante')).statusCode).toBe(403);
    const history = await call('GET', `/api/faq/${id}/history`, 'rh:gestor');
    expect(history.statusCode).toBe(200);
    expect(history.json().length).toBeGreaterThanOrEqual(2);
    expect((await call('DELETE', `/api/faq/${id}`, 'rh:gestor')).statusCode).toBe(200);
  });

  it('sanitises the answer', async () => {
    const r = await call('POST', '/api/faq', 'rh:gestor', {
      pergunta: 'Pergunta com script',
      resposta: '<p onclick="x()">Oi<script>alert(1)</script> <a href="javascript:alert(1)">link</a></p>',
      id_categoria: faqCategory,
      id_empresa: A,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().resposta).not.toMatch(/script|onclick|javascript/);
    expect((await call('DELETE', `/api/faq/${r.json().id}`, 'rh:gestor')).statusCode).toBe(200);
  });

  it('scopes by provider: each reads its own and the shared rows; only the superadmin writes shared rows', async () => {
    const mine = questionsOf({ categorias: [{ perguntas: (await call('GET', '/api/faq', 'rh:gestor')).json() }] });
    expect(mine).toContain('Qual o horário do refeitório da Bitcom?');
    expect(mine).toContain('Como peço férias?');
    expect(mine).not.toContain('Onde fica o estacionamento da Vetorial?');
    const theirs = (await call('GET', '/api/faq', 'vetorial')).json().map((q: { pergunta: string }) => q.pergunta);
    expect(theirs).toContain('Onde fica o estacionamento da Vetorial?');
    expect(theirs).not.toContain('Qual o horário do refeitório da Bitcom?');
    const bitcomOnly = (await call('GET', '/api/faq', 'rh:gestor')).json().find((q: { id_empresa: number | null }) => q.id_empresa === A);
    const shared = (await call('GET', '/api/faq', 'rh:gestor')).json().find((q: { id_empresa: number | null }) => q.id_empresa === null);
    // Another provider's row is not found; a shared row is read but not written by a provider's HR.
    expect((await call('GET', `/api/faq/${bitcomOnly.id}`, 'vetorial')).statusCode).toBe(404);
    expect((await call('PUT', `/api/faq/${bitcomOnly.id}`, 'vetorial', { ordem: 9 })).statusCode).toBe(404);
    expect((await call('GET', `/api/faq/${shared.id}`, 'vetorial')).statusCode).toBe(200);
    expect((await call('PUT', `/api/faq/${shared.id}`, 'vetorial', { ordem: 9 })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/faq/${shared.id}`, 'vetorial')).statusCode).toBe(403);
    expect((await call('PUT', `/api/faq/${bitcomOnly.id}`, 'rh:gestor', { id_empresa: null })).statusCode).toBe(403);
    expect((await call('POST', '/api/faq', 'rh:gestor', { pergunta: 'Para todos?', resposta: '<p>Não.</p>', id_categoria: faqCategory })).statusCode).toBe(403);
    expect((await call('POST', '/api/faq', 'rh:gestor', { pergunta: 'Para a Vetorial?', resposta: '<p>Não.</p>', id_categoria: faqCategory, id_empresa: B })).statusCode).toBe(403);
    // Unchanged by the refusals.
    expect((await call('GET', `/api/faq/${shared.id}`, 'superadmin')).json().ordem).toBe(shared.ordem);
    expect((await call('PUT', `/api/faq/${shared.id}`, 'superadmin', { ordem: shared.ordem })).statusCode).toBe(200);
  });

  it('the handbook sections follow the same rules', async () => {
    const titles = async (who: string) => (await call('GET', '/api/employee-handbook', who)).json().map((s: { titulo: string }) => s.titulo);
    expect(await titles('rh:leitor')).toEqual(expect.arrayContaining(['Código de conduta', 'Uniforme da Bitcom']));
    expect(await titles('rh:leitor')).not.toContain('Plantões da Vetorial');
    expect((await call('GET', '/api/employee-handbook', 'funcionario')).statusCode).toBe(403);
    const r = await call('POST', '/api/employee-handbook', 'rh:solicitante', { titulo: 'Crachá', conteudo: '<p>Sempre visível.</p>', id_categoria: handbookCategory, id_empresa: A });
    expect(r.statusCode, r.body).toBe(201);
    expect((await call('POST', '/api/employee-handbook', 'rh:leitor', { titulo: 'Crachá 2', conteudo: '<p>x</p>', id_categoria: handbookCategory, id_empresa: A })).statusCode).toBe(403);
    // The chapters (and the FAQ's categories) are the whole group's: a manager's to change, not a requester's.
    const chapter = await call('POST', '/api/employee-handbook-categories', 'rh:solicitante', { titulo: 'Benefícios' });
    expect(chapter.statusCode).toBe(403);
    expect(chapter.json().message).toBe('Este usuário não tem autorização para realizar esta operação.');
    expect((await call('PUT', `/api/faq-categories/${faqCategory}`, 'rh:solicitante', { ativo: false })).statusCode).toBe(403);
    expect((await call('POST', '/api/employee-handbook-categories', 'rh:gestor', { titulo: 'Benefícios' })).statusCode).toBe(201);
    expect((await call('POST', '/api/faq-categories', 'rh:leitor', { titulo: 'Outra' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/employee-handbook/${r.json().id}`, 'rh:gestor')).statusCode).toBe(200);
  });
});

describe('the public FAQ', () => {
  it('answers without a token only the published questions visible without login, by category', async () => {
    const r = await publicFaq();
    expect(r.statusCode, r.body).toBe(200);
    expect(questionsOf(r.json())).toEqual(['Como acesso a VPN?', 'Como peço férias?']);
    expect(r.json().categorias[0]).toMatchObject({ id: faqCategory, titulo: 'Dúvidas gerais' });
    // An inactive category hides its questions.
    const hidden = await t.inject({ method: 'POST', url: '/api/faq-categories', payload: { titulo: 'Inativa', ativo: false } });
    await t.inject({ method: 'POST', url: '/api/faq', payload: { pergunta: 'Escondida pela categoria', resposta: '<p>x</p>', id_categoria: hidden.json().id, publico: true } });
    expect(questionsOf((await publicFaq()).json())).not.toContain('Escondida pela categoria');
  });

  it('searches word by word, without accents or case, in questions, answers and categories', async () => {
    expect(questionsOf((await publicFaq('FERIAS')).json())).toEqual(['Como peço férias?']);
    expect(questionsOf((await publicFaq('peco')).json())).toEqual(['Como peço férias?']);
    // In the answer's text (not its tags), all words needed.
    const vpn = (await publicFaq('usuário rede')).json();
    expect(questionsOf(vpn)).toEqual(['Como acesso a VPN?']);
    expect(vpn.palavras).toEqual(['usuário', 'rede']);
    expect(questionsOf((await publicFaq('strong')).json())).toEqual([]);
    expect(questionsOf((await publicFaq('vpn férias')).json())).toEqual([]);
    // The category's title matches its questions.
    expect(questionsOf((await publicFaq('DUVIDAS')).json())).toHaveLength(2);
    // LIKE's wildcards are plain characters.
    expect(questionsOf((await publicFaq('%')).json())).toEqual([]);
    // Too long a search is refused, not answered 500.
    expect((await publicFaq('x'.repeat(101))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/public/faq?outro=1', remoteAddress: nextIp() })).statusCode).toBe(400);
  });

  it('is throttled per address with a pt-BR message', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await publicFaq(undefined, ip)).statusCode).toBe(200);
    const refused = await publicFaq(undefined, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(FAQ_MSG.tooMany);
    // Another address is still answered.
    expect((await publicFaq()).statusCode).toBe(200);
  });
});

describe('the signed-in FAQ', () => {
  const read = async (who: string, busca = '') => {
    const r = await call('GET', `/v1/faq${busca ? `?${new URLSearchParams({ busca })}` : ''}`, who);
    expect(r.statusCode, r.body).toBe(200);
    return questionsOf(r.json());
  };

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/faq' })).statusCode).toBe(401);
  });

  it('staff read the published questions of their providers and of all; writers the unpublished too', async () => {
    const employee = await read('funcionario');
    expect(employee).toEqual(expect.arrayContaining(['Como acesso a VPN?', 'Como peço férias?', 'Qual o horário do refeitório da Bitcom?']));
    expect(employee).not.toContain('Onde fica o estacionamento da Vetorial?');
    expect(employee).not.toContain('Rascunho sobre o plano de saúde');
    expect(await read('rh:leitor')).not.toContain('Rascunho sobre o plano de saúde');
    const writer = await read('rh:solicitante');
    expect(writer).toContain('Rascunho sobre o plano de saúde');
    expect(writer).not.toContain('Onde fica o estacionamento da Vetorial?');
    const vetorial = await read('vetorial');
    expect(vetorial).toContain('Onde fica o estacionamento da Vetorial?');
    expect(vetorial).not.toContain('Qual o horário do refeitório da Bitcom?');
    const all = await read('superadmin');
    expect(all).toEqual(expect.arrayContaining(['Onde fica o estacionamento da Vetorial?', 'Qual o horário do refeitório da Bitcom?', 'Rascunho sobre o plano de saúde']));
  });

  it('a candidate reads what visitors read; search works the same', async () => {
    expect(await read('candidato')).toEqual(['Como acesso a VPN?', 'Como peço férias?']);
    expect(await read('funcionario', 'REFEITORIO bitcom')).toEqual(['Qual o horário do refeitório da Bitcom?']);
  });
});

describe('the handbook view', () => {
  it('answers the active sections of the reader providers and of all, by category', async () => {
    const read = async (who: string) => {
      const r = await call('GET', '/v1/manual', who);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().categorias.flatMap((c: { secoes: { titulo: string }[] }) => c.secoes.map((s) => s.titulo)) as string[];
    };
    expect(await read('funcionario')).toEqual(['Código de conduta', 'Uniforme da Bitcom']);
    expect(await read('vetorial')).toEqual(['Código de conduta', 'Plantões da Vetorial']);
    expect(await read('superadmin')).toEqual(['Código de conduta', 'Plantões da Vetorial', 'Uniforme da Bitcom']);
    expect((await call('GET', '/v1/manual', 'candidato')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/manual' })).statusCode).toBe(401);
  });
});
