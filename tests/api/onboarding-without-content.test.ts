// An active onboarding with nothing to read (no trail, or only trails without contents) is kept from
// its employees — their list, the reading calls and the report leave it out — until a trail of it
// holds a content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let org: { department: number; sector: number; position: number };
let employee: { id: number; token: string };
let manager: string;
let withoutTrails: number;
let emptyTrail: number;
let withEmptyTrail: number;

const asEmployee = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(employee.token, 'user') });
const asManager = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(manager, 'onboarding:gestor') });
const titles = async () => {
  const r = await asEmployee('/v1/onboarding/funcionario', {});
  expect(r.statusCode, r.body).toBe(200);
  return (r.json().onboarding_onboarding as { titulo: string }[]).map((o) => o.titulo);
};

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Técnico', id_empresa: A } })).json().id;
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: 'Campo', id_departamento: department } })).json().id;
  const position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: 'Técnico de campo', id_setor: sector } })).json().id;
  org = { department, sector, position };
  const email = 'tecnica.nova@teste.com.br';
  employee = {
    token: await t.userToken({ papeis: ['user'], id_empresas: [A], id_cargo: position, funcionario: true, email, nome: 'Técnica Nova' } as never),
    id: (await t.inject(`/api/users?${qs({ filter: { email } })}`)).json()[0].id,
  };
  manager = await t.userToken({ papeis: ['onboarding:gestor'], id_empresas: [A] });
  const create = async (titulo: string, trilhas: number[]) => {
    const r = await t.inject({
      method: 'POST',
      url: '/v1/rh/trilha/onboarding',
      payload: { titulo, id_empresa: A, id_departamento: department, id_cargo: position, onboarding_trilhas: trilhas },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().insert_onboarding_onboarding.returning[0].id as number;
  };
  emptyTrail = (await t.inject({ method: 'POST', url: '/api/trails', payload: { nome: 'Em construção' } })).json().id;
  withoutTrails = await create('Sem trilhas', []);
  withEmptyTrail = await create('Trilha vazia', [emptyTrail]);
});
afterAll(() => t?.close());

describe('an active onboarding without content', () => {
  it('does not show to its employees, whether it has no trail or only an empty one', async () => {
    expect(await titles()).toEqual([]);
    // A manager looking at the employee's onboardings sees the same.
    const seen = await asManager('/v1/onboarding/funcionario', { id_funcionario: employee.id });
    expect(seen.json().onboarding_onboarding).toEqual([]);
  });

  it('the reading calls do not open it (404, as an onboarding not the employee\'s)', async () => {
    const cards = await asEmployee('/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: employee.id, id_onboarding: withEmptyTrail, id_trilha: emptyTrail });
    expect(cards.statusCode).toBe(404);
    expect(cards.json().message).toBe(ONBOARDING_MSG.notYours);
    const next = await asEmployee('/v1/onboarding/trilha/funcionario/next', { id_funcionario: employee.id, id_onboarding: withoutTrails, prioridade: 0 });
    expect(next.statusCode).toBe(404);
  });

  it('the report leaves its employees out', async () => {
    expect((await asManager('/v1/onboarding/relatorio/contador', { filtro: {} })).json()).toEqual({ pendentes: 0, concluidos: 0 });
    expect((await asManager('/v1/onboarding/relatorio', { filtro: { offset: 0, limit: 20 } })).json()).toEqual({ total: 0, dados: [] });
  });

  it('shows once a trail of it holds a content; the one without trails stays hidden', async () => {
    const content = (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo: 'Ferramentas', resumo: 'Kit do técnico', texto: '<p>Kit</p>' } })).json().id;
    const filled = await t.inject({ method: 'PUT', url: `/v1/onboarding/trilha/${emptyTrail}/conteudos`, payload: { conteudos: [content] } });
    expect(filled.statusCode, filled.body).toBe(200);
    const list = (await asEmployee('/v1/onboarding/funcionario', {})).json().onboarding_onboarding;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: withEmptyTrail, titulo: 'Trilha vazia', total: 1, finalizados: 0, status: 0, concluido: false });
    const cards = await asEmployee('/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: employee.id, id_onboarding: withEmptyTrail, id_trilha: emptyTrail });
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json().onboarding_funcionario_conteudo).toMatchObject([{ id_conteudo: content, liberado: true }]);
    expect((await asManager('/v1/onboarding/relatorio/contador', { filtro: {} })).json()).toEqual({ pendentes: 1, concluidos: 0 });
    expect(await titles()).not.toContain('Sem trilhas');
  });
});
