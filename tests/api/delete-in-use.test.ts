// Deleting something still in use: the refusal (409) names what uses it, by register and by the
// records' labels (at most three, then 'e mais N'; records the caller may not see are counted, never
// named), looking through the onboarding's link tables to the register on their other side. And the
// onboarding registers' own rule: a trail no onboarding uses goes with its content links and
// readings, a content no trail holds with its readings; otherwise the delete is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let org: { department: number; sector: number; position: number };
let seq = 0;

async function organisation(provider: number, tag: string) {
  const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: `Depto ${tag}`, id_empresa: provider } })).json().id;
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: `Setor ${tag}`, id_departamento: department } })).json().id;
  const position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: `Cargo ${tag}`, id_setor: sector } })).json().id;
  return { department, sector, position };
}

const trail = async (nome: string) => (await t.inject({ method: 'POST', url: '/api/trails', payload: { nome } })).json().id as number;
const content = async (titulo: string) =>
  (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo, resumo: `Sobre ${titulo}`, texto: `<p>${titulo}</p>` } })).json().id as number;

async function fill(idTrail: number, conteudos: number[]) {
  const r = await t.inject({ method: 'PUT', url: `/v1/onboarding/trilha/${idTrail}/conteudos`, payload: { conteudos } });
  expect(r.statusCode, r.body).toBe(200);
}

async function onboarding(titulo: string, trilhas: number[]) {
  const r = await t.inject({
    method: 'POST',
    url: '/v1/rh/trilha/onboarding',
    payload: { titulo, id_empresa: A, id_departamento: org.department, id_cargo: org.position, onboarding_trilhas: trilhas },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().insert_onboarding_onboarding.returning[0].id as number;
}

/** An employee of the onboardings' position reads (finishes) a content: a reading recorded by the reading call. */
async function read(idOnboarding: number, idTrail: number, idContent: number) {
  const email = `leitora.${++seq}@teste.com.br`;
  const token = await t.userToken({ papeis: ['user'], id_empresas: [A], id_cargo: org.position, funcionario: true, email } as never);
  const id = (await t.inject(`/api/users?${qs({ filter: { email } })}`)).json()[0].id;
  const r = await t.app.inject({
    method: 'POST',
    url: '/v1/onboarding/conteudo/concluir',
    headers: bearer(token, 'user'),
    payload: { id_conteudo: idContent, id_onboarding: idOnboarding, id_trilha: idTrail, id_usuario_onboarding: id, data_fim: new Date().toISOString() },
  });
  expect(r.statusCode, r.body).toBe(200);
}

const rows = async (name: string, filter: Record<string, unknown>) => (await t.inject(`/api/${name}?${qs({ filter })}`)).json() as Record<string, any>[];
const remove = (name: string, id: number, headers?: Record<string, string>) =>
  headers ? t.app.inject({ method: 'DELETE', url: `/api/${name}/${id}`, headers }) : t.inject({ method: 'DELETE', url: `/api/${name}/${id}` });

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  org = await organisation(A, 'Técnico');
});
afterAll(() => t?.close());

describe('DELETE /api/trails/{id}', () => {
  it('a trail an onboarding uses is refused, naming the onboarding; nothing is removed', async () => {
    const used = await trail('Boas-vindas');
    const c = await content('Nossa história');
    await fill(used, [c]);
    await onboarding('Integração de novos colaboradores', [used]);
    const manager = await t.userToken({ papeis: ['onboarding:gestor'], id_empresas: [A] });
    for (const r of [await remove('trails', used), await remove('trails', used, bearer(manager, 'onboarding:gestor'))]) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: 'Não é possível excluir: em uso em Onboardings (Integração de novos colaboradores).' });
    }
    expect((await t.inject(`/api/trails/${used}`)).statusCode).toBe(200);
    expect(await rows('trail-contents', { id_trilha: used })).toMatchObject([{ id_conteudo: c }]);
    expect(await rows('onboarding-trails', { id_trilha: used })).toHaveLength(1);
  });

  it('names the first three onboardings by title, then counts the rest', async () => {
    const shared = await trail('Compartilhada');
    for (const titulo of ['Onboarding E', 'Onboarding B', 'Onboarding D', 'Onboarding A', 'Onboarding C']) await onboarding(titulo, [shared]);
    const r = await remove('trails', shared);
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('Não é possível excluir: em uso em Onboardings (Onboarding A, Onboarding B, Onboarding C e mais 2).');
  });

  it('a trail no onboarding uses goes, with its content links and the readings recorded in it, in one audited transaction', async () => {
    const old = await trail('Antiga');
    const c = await content('Procedimentos antigos');
    await fill(old, [c]);
    const programme = await onboarding('Programa antigo', [old]);
    await read(programme, old, c);
    // Unlinked from its onboarding, the trail keeps its contents and the reading recorded in it.
    const unlinked = await t.inject({ method: 'DELETE', url: '/v1/rh/onboarding/trilha', payload: { id_onboarding: programme, id_trilha: [old] } });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const [link] = await rows('trail-contents', { id_trilha: old });
    expect(await rows('onboarding-progress', { id_trilha: old })).toHaveLength(1);

    const r = await remove('trails', old);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: old, nome: 'Antiga' });
    expect((await t.inject(`/api/trails/${old}`)).statusCode).toBe(404);
    expect(await rows('trail-contents', { id_trilha: old })).toEqual([]);
    expect(await rows('onboarding-progress', { id_trilha: old })).toEqual([]);
    // The content itself stays; the link's removal is in its history, under the caller's name.
    expect((await t.inject(`/api/contents/${c}`)).statusCode).toBe(200);
    const [entry] = (await t.inject(`/api/trail-contents/${link.id}/history`)).json();
    expect(entry).toMatchObject({ operacao: 'DELETE', usuario: expect.any(String) });
  });
});

describe('DELETE /api/contents/{id}', () => {
  it('a content trails hold is refused, naming the trails (through REST and GraphQL); nothing is removed', async () => {
    const c = await content('Segurança no trabalho');
    const alfa = await trail('Trilha Alfa');
    const beta = await trail('Trilha Beta');
    await fill(beta, [c]);
    await fill(alfa, [c]);
    const message = 'Não é possível excluir: em uso em Trilhas (Trilha Alfa e Trilha Beta).';
    const r = await remove('contents', c);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ message });
    const g = await t.inject({ method: 'POST', url: '/v1/graphql', payload: { query: `mutation { delete_onboarding_conteudo_by_pk(id: ${c}) { id } }` } });
    expect(g.json().errors[0]).toMatchObject({ message, extensions: { code: 'CONFLICT', statusCode: 409 } });
    expect((await t.inject(`/api/contents/${c}`)).statusCode).toBe(200);
    expect(await rows('trail-contents', { id_conteudo: c })).toHaveLength(2);
  });

  it('a content no trail holds goes, with its readings', async () => {
    const dropped = await content('Tabela de preços 2025');
    const kept = await content('Tabela de preços 2026');
    const prices = await trail('Preços');
    await fill(prices, [dropped]);
    const programme = await onboarding('Comercial', [prices]);
    await read(programme, prices, dropped);
    // Taken out of its trail, the content keeps the reading recorded for it.
    await fill(prices, [kept]);
    expect(await rows('onboarding-progress', { id_conteudo: dropped })).toHaveLength(1);

    const r = await remove('contents', dropped);
    expect(r.statusCode, r.body).toBe(200);
    expect((await t.inject(`/api/contents/${dropped}`)).statusCode).toBe(404);
    expect(await rows('onboarding-progress', { id_conteudo: dropped })).toEqual([]);
    expect(await rows('trail-contents', { id_trilha: prices })).toMatchObject([{ id_conteudo: kept }]);
  });
});

describe('any register: what uses the row, within what the caller may see', () => {
  it('records of other providers are counted, never named', async () => {
    const place = await organisation(A, 'Campo');
    const user = async (nome: string, providers: number[]) =>
      (await t.inject({ method: 'POST', url: '/api/users', payload: { email: `${nome.toLowerCase().replace(/\W/g, '')}.${++seq}@teste.com.br`, nome, id_empresas: providers } })).json().id as number;
    const visible = await user('Ana Visível', [A]);
    const hidden = await user('Bruno Oculto', [B]);
    // A position of Bitcom held by a Bitcom user and (set directly: no screen would) by a user only of Vetorial.
    await t.inject({ method: 'PUT', url: `/api/users/${visible}`, payload: { id_cargo: place.position } });
    await t.db.query('UPDATE auth.usuario SET id_cargo = $1 WHERE id = $2', [place.position, hidden]);
    const manager = await t.userToken({ papeis: ['rh:gestor'], id_empresas: [A] });

    const asManager = await remove('positions', place.position, bearer(manager, 'rh:gestor'));
    expect(asManager.statusCode).toBe(409);
    expect(asManager.json().message).toBe('Não é possível excluir: em uso em Usuários (Ana Visível e mais 1).');
    expect((await remove('positions', place.position)).json().message).toBe('Não é possível excluir: em uso em Usuários (Ana Visível e Bruno Oculto).');

    await t.inject({ method: 'PUT', url: `/api/users/${visible}`, payload: { id_cargo: null } });
    expect((await remove('positions', place.position, bearer(manager, 'rh:gestor'))).json().message).toBe('Não é possível excluir: em uso em Usuários (1 registro).');
    expect((await t.inject(`/api/positions/${place.position}`)).statusCode).toBe(200);
  });
});
