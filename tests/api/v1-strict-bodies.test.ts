// Strict v1 bodies (issue 11): a missing list is never read as an empty one (400 'Campo obrigatório';
// an explicit [] still empties), and a field a call does not read is refused as the REST API refuses
// it (400, 'Campo não permitido' on the field, the same message), before anything is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let org: { department: number; sector: number; position: number };
let trails: { t1: number; t2: number };
let contents: { c1: number; c2: number };
let onboarding: number;
let employee: { id: number; token: string };
let restUnknownField: { message: string };

type Method = 'POST' | 'PUT' | 'DELETE';
const asAdmin = (method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(t.adminToken, 'users:superadmin'), ...(payload === undefined ? {} : { payload: payload as object }) });
const asEmployee = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: bearer(employee.token, 'user'), payload: payload as object });

const trailContents = async (trail: number) =>
  (await t.db.query<{ id_conteudo: number }>('SELECT id_conteudo FROM onboarding.trilha_conteudo WHERE id_trilha = $1 ORDER BY prioridade', [trail])).rows.map((r) => r.id_conteudo);
const onboardingTrails = async (id: number) =>
  (await t.db.query<{ id_trilha: number }>('SELECT id_trilha FROM onboarding.onboarding_trilha WHERE id_onboarding = $1 ORDER BY prioridade', [id])).rows.map((r) => r.id_trilha);

async function organisation(provider: number, tag: string) {
  const post = async (url: string, payload: object) => (await t.inject({ method: 'POST', url, payload })).json().id as number;
  const department = await post('/api/departments', { nome: `Depto ${tag}`, id_empresa: provider });
  const sector = await post('/api/sectors', { nome: `Setor ${tag}`, id_departamento: department });
  const position = await post('/api/positions', { nome: `Cargo ${tag}`, id_setor: sector });
  return { department, sector, position };
}

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  org = await organisation(A, 'Técnico');
  const trail = async (nome: string) => (await t.inject({ method: 'POST', url: '/api/trails', payload: { nome } })).json().id as number;
  trails = { t1: await trail('Boas-vindas'), t2: await trail('Segurança') };
  const content = async (titulo: string) =>
    (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo, resumo: `Sobre ${titulo}`, texto: `<p>${titulo}</p>` } })).json().id as number;
  contents = { c1: await content('Nossa história'), c2: await content('Valores') };
  expect((await asAdmin('PUT', `/v1/onboarding/trilha/${trails.t1}/conteudos`, { conteudos: [contents.c1, contents.c2] })).statusCode).toBe(200);
  const created = await asAdmin('POST', '/v1/rh/trilha/onboarding', {
    titulo: 'Integração',
    id_empresa: A,
    id_departamento: org.department,
    id_cargo: org.position,
    onboarding_trilhas: [trails.t1],
  });
  onboarding = created.json().insert_onboarding_onboarding.returning[0].id;
  const email = 'ana@bitcom.com.br';
  employee = { token: await t.userToken({ email, nome: 'Ana', papeis: ['user'], id_empresas: [A], funcionario: true, id_cargo: org.position } as never), id: 0 };
  employee.id = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
  // The REST API's answer to an unknown field, which the v1 calls must repeat.
  const rest = await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Jurídico', id_empresa: A, hack: 1 } });
  expect(rest.json().errors).toEqual({ hack: MSG.unknownField });
  restUnknownField = { message: rest.json().message };
});
afterAll(() => t?.close());

describe('a missing list is a 400, never an empty list', () => {
  it('PUT /v1/onboarding/trilha/{id}/conteudos without conteudos keeps the trail; [] empties it', async () => {
    const trail = (await t.inject({ method: 'POST', url: '/api/trails', payload: { nome: 'Para esvaziar' } })).json().id;
    expect((await asAdmin('PUT', `/v1/onboarding/trilha/${trail}/conteudos`, { conteudos: [contents.c2] })).statusCode).toBe(200);
    for (const payload of [{}, { conteudos: null }]) {
      const r = await asAdmin('PUT', `/v1/onboarding/trilha/${trail}/conteudos`, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json()).toEqual({ message: MSG.requiredForm, errors: { conteudos: MSG.required } });
    }
    expect(await trailContents(trail)).toEqual([contents.c2]);
    expect((await asAdmin('PUT', `/v1/onboarding/trilha/${trail}/conteudos`, { conteudos: [] })).statusCode).toBe(200);
    expect(await trailContents(trail)).toEqual([]);
  });

  it('PUT /v1/onboarding/{id}/trilhas without trilhas keeps the links; [] unlinks them', async () => {
    const id = (
      await asAdmin('POST', '/v1/rh/trilha/onboarding', { titulo: 'Para desvincular', id_empresa: A, id_departamento: org.department, id_cargo: org.position, onboarding_trilhas: [trails.t1, trails.t2] })
    ).json().insert_onboarding_onboarding.returning[0].id;
    for (const payload of [{}, { trilhas: null }]) {
      const r = await asAdmin('PUT', `/v1/onboarding/${id}/trilhas`, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json()).toEqual({ message: MSG.requiredForm, errors: { trilhas: MSG.required } });
    }
    expect(await onboardingTrails(id)).toEqual([trails.t1, trails.t2]);
    expect((await asAdmin('PUT', `/v1/onboarding/${id}/trilhas`, { trilhas: [] })).statusCode).toBe(200);
    expect(await onboardingTrails(id)).toEqual([]);
  });

  it('the other calls with a required list: unlinking and linking trails, sending a notification, replacing the cities', async () => {
    const unlink = await asAdmin('DELETE', '/v1/rh/onboarding/trilha', { id_onboarding: onboarding });
    expect(unlink.statusCode).toBe(400);
    expect(unlink.json().errors).toEqual({ id_trilha: MSG.required });
    expect(await onboardingTrails(onboarding)).toEqual([trails.t1]);
    const link = await asAdmin('POST', '/v1/rh/company/onboarding/trilha', {});
    expect(link.statusCode).toBe(400);
    expect(link.json()).toEqual({ message: MSG.requiredForm, errors: { objects: MSG.required } });
    const send = await t.inject({ method: 'POST', url: '/v1/notificacao/enviar', payload: { data: { modulo: 'rh', msg: 'Olá' } } });
    expect(send.statusCode).toBe(400);
    expect(send.json()).toEqual({ message: MSG.requiredForm, errors: { id_usuarios: MSG.required } });
    for (const payload of [{ id_empresa: A }, { id_empresa: A, objects: null }]) {
      const cities = await t.inject({ method: 'POST', url: '/v1/delete/insert/cidades/provedor', payload });
      expect(cities.statusCode, JSON.stringify(payload)).toBe(400);
      expect(cities.json().errors).toEqual({ objects: MSG.required });
    }
  });
});

describe('unknown fields are refused as the REST API refuses them', () => {
  const ids = () => ({ id_onboarding: onboarding, id_trilha: trails.t1 });
  const newOnboarding = (titulo: string) => ({ titulo, id_empresa: A, id_departamento: org.department, id_cargo: org.position });
  /** Each call with a body it accepts; `field` is where the extra field lands ('hack' or 'filtro.hack'). */
  const calls = (): { name: string; send: (extra: Record<string, unknown>) => ReturnType<typeof asAdmin>; nested?: string }[] => [
    { name: 'register an onboarding', send: (x) => asAdmin('POST', '/v1/rh/trilha/onboarding', { ...newOnboarding(`Novo ${Object.keys(x).length}`), ...x }) },
    { name: 'register an onboarding (object)', send: (x) => asAdmin('POST', '/v1/rh/trilha/onboarding', { object: newOnboarding(`Objeto ${Object.keys(x).length}`), ...x }) },
    { name: 'edit an onboarding', send: (x) => asAdmin('PUT', `/v1/rh/trilha/onboarding/${onboarding}`, { titulo: 'Integração', ...x }) },
    { name: 'edit an onboarding (_set)', send: (x) => asAdmin('PUT', `/v1/rh/trilha/onboarding/${onboarding}`, { _set: { status: true }, ...x }) },
    { name: 'one onboarding', send: (x) => asAdmin('POST', '/v1/rh/trilha/onboarding/filtrado', { filtro: { id: onboarding }, ...x }) },
    { name: 'onboardings', send: (x) => asAdmin('POST', '/v1/onboarding/trilha/filtro', { filtro: {}, limit: 10, ...x }) },
    { name: 'trails', send: (x) => asAdmin('POST', '/v1/rh/onboarding/trilha/filtrado', { filtro: {}, ...x }) },
    { name: 'unlinked trails', send: (x) => asAdmin('POST', '/v1/lista/onboarding/trilha', { filtro: { id_onboarding: onboarding }, ...x }) },
    { name: 'set the trail contents', send: (x) => asAdmin('PUT', `/v1/onboarding/trilha/${trails.t1}/conteudos`, { conteudos: [contents.c1, contents.c2], ...x }) },
    { name: 'set the onboarding trails', send: (x) => asAdmin('PUT', `/v1/onboarding/${onboarding}/trilhas`, { trilhas: [trails.t1], ...x }) },
    { name: 'unlink trails', send: (x) => asAdmin('DELETE', '/v1/rh/onboarding/trilha', { id_onboarding: onboarding, id_trilha: [trails.t2], ...x }) },
    { name: 'unlink trails (filtro)', send: (x) => asAdmin('DELETE', '/v1/rh/onboarding/trilha', { filtro: { id_onboarding: onboarding, id_trilha: [trails.t2], ...x } }), nested: 'filtro.' },
    { name: "the employee's onboardings", send: (x) => asEmployee('/v1/onboarding/funcionario', { id_funcionario: employee.id, ...x }) },
    { name: 'the trail cards', send: (x) => asEmployee('/v1/onboarding/trilha/conteudos/funcionario', { ...ids(), id_funcionario: employee.id, ...x }) },
    {
      name: 'one content',
      send: (x) => asEmployee('/v1/rh/onboarding/funcionario/conteudo', { filtro: { ...ids(), id_conteudo: contents.c1, id_funcionario: employee.id, ...x } }),
      nested: 'filtro.',
    },
    {
      name: 'start reading',
      send: (x) => asEmployee('/v1/onboarding/conteudo/inicio', { ...ids(), id_conteudo: contents.c1, id_usuario_onboarding: employee.id, data_inicio: new Date().toISOString(), ...x }),
    },
    {
      name: 'finish reading',
      send: (x) => asEmployee('/v1/onboarding/conteudo/concluir', { ...ids(), id_conteudo: contents.c1, id_usuario_onboarding: employee.id, data_fim: new Date().toISOString(), ...x }),
    },
    { name: 'next content', send: (x) => asEmployee('/v1/onboarding/trilha/conteudos/funcionario/next', { ...ids(), id_funcionario: employee.id, prioridade: 1, ...x }) },
    { name: 'next trail', send: (x) => asEmployee('/v1/onboarding/trilha/funcionario/next', { id_onboarding: onboarding, id_funcionario: employee.id, prioridade: 1, ...x }) },
    { name: 'report counters', send: (x) => asAdmin('POST', '/v1/onboarding/relatorio/contador', { filtro: { id_empresa: A }, ...x }) },
    { name: 'report', send: (x) => asAdmin('POST', '/v1/onboarding/relatorio', { filtro: { concluido: false, limit: 20, offset: 0 }, ...x }) },
    { name: 'vacancy report', send: (x) => asAdmin('POST', '/v1/rh/relatorio/vaga/filtro', { filtro: {}, ...x }) },
    { name: 'history', send: (x) => t.inject({ method: 'POST', url: '/v1/admin/log/history', payload: { tabelas: 'rh.departamento', id_item: org.department, ...x } }) },
    { name: 'send a notification', send: (x) => t.inject({ method: 'POST', url: '/v1/notificacao/enviar', payload: { data: { modulo: 'rh', msg: 'Aviso' }, id_usuarios: [employee.id], ...x } }) },
    { name: 'add a provider city', send: (x) => t.inject({ method: 'POST', url: '/v1/cidade/provedor', payload: { object: { nome: 'Fortaleza', uf: 'CE', id_empresa: A }, ...x } }) },
    {
      name: 'replace the provider cities',
      send: (x) => t.inject({ method: 'POST', url: '/v1/delete/insert/cidades/provedor', payload: { id_empresa: A, objects: [{ nome: 'Fortaleza', uf: 'CE' }], ...x } }),
    },
    { name: 'profile', send: (x) => t.app.inject({ method: 'PUT', url: `/v1/profile/${employee.id}`, headers: bearer(employee.token), payload: { nome: 'Ana', ...x } }) },
  ];

  it('each call answers 400 with "Campo não permitido" on the field and the REST message, and writes nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM admin.log');
    for (const call of calls()) {
      const r = await call.send({ hack: 1 });
      expect(r.statusCode, `${call.name}: ${r.body}`).toBe(400);
      expect(r.json(), call.name).toEqual({ message: restUnknownField.message, errors: { [`${call.nested ?? ''}hack`]: MSG.unknownField } });
    }
    // Nothing was written (every write is audited).
    expect((await t.db.query('SELECT count(*)::int AS n FROM admin.log')).rows[0].n).toBe(before.rows[0].n);
    expect(await onboardingTrails(onboarding)).toEqual([trails.t1]);
    expect(await trailContents(trails.t1)).toEqual([contents.c1, contents.c2]);
  });

  it('the same bodies without the extra field are accepted', async () => {
    for (const call of calls()) {
      const r = await call.send({});
      expect(r.statusCode, `${call.name}: ${r.body}`).toBe(200);
    }
  });

  it('a field beside a wrapper is refused, an unknown report filter too, and the notification content stays open', async () => {
    const beside = await asAdmin('POST', '/v1/rh/trilha/onboarding', { object: newOnboarding('Ao lado'), titulo: 'Ignorado?' });
    expect(beside.json().errors).toEqual({ titulo: MSG.unknownField });
    const filter = await asAdmin('POST', '/v1/onboarding/relatorio/contador', { filtro: { id_departamentoo: org.department } });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors).toEqual({ id_departamentoo: MSG.unknownFilter('id_departamentoo') });
    // data is the notification's own content ({ modulo, msg, ... }): its schema keeps it open.
    const open = await t.inject({ method: 'POST', url: '/v1/notificacao/enviar', payload: { data: { modulo: 'rh', msg: 'Com link', link: '/rh' }, id_usuarios: [employee.id] } });
    expect(open.statusCode, open.body).toBe(200);
  });

  it('the caller is still checked first: 401 without a token, 403 without the right', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: `/v1/onboarding/${onboarding}/trilhas`, payload: { trilhas: [], hack: 1 } });
    expect(anonymous.statusCode).toBe(401);
    const reader = await t.userToken({ papeis: ['onboarding:leitor'], id_empresas: [A] });
    const refused = await t.app.inject({ method: 'PUT', url: `/v1/onboarding/${onboarding}/trilhas`, headers: bearer(reader), payload: { hack: 1 } });
    expect(refused.statusCode).toBe(403);
    expect(await onboardingTrails(onboarding)).toEqual([trails.t1]);
  });
});

describe('the trails of an onboarding: unknown keys refused, problems answered as the REST API answers them', () => {
  const newOnboarding = (titulo: string, onboarding_trilhas: unknown) => ({ titulo, id_empresa: A, id_departamento: org.department, id_cargo: org.position, onboarding_trilhas });
  const onboardingsNamed = async (titulo: string) => (await t.db.query('SELECT 1 FROM onboarding.onboarding WHERE titulo = $1', [titulo])).rows.length;

  it('registering an onboarding refuses a key beside id_trilha and prioridade, or beside data, and names the item', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [[{ id_trilha: trails.t1, prioridade: 1 }, { id_trilha: trails.t2, prioridade: 2, extra: 1 }], { 'onboarding_trilhas.1.extra': MSG.unknownField }],
      [{ data: [{ id_trilha: trails.t1, prioridade: 1 }], on_conflict: {} }, { 'onboarding_trilhas.on_conflict': MSG.unknownField }],
      [[trails.t1, 'dois'], { 'onboarding_trilhas.1': MSG.integer }],
      [[{ id_trilha: trails.t1, prioridade: 0 }], { 'onboarding_trilhas.0.prioridade': MSG.minimum(1) }],
      [[{ prioridade: 1 }], { 'onboarding_trilhas.0.id_trilha': MSG.required }],
      ['t1', { onboarding_trilhas: MSG.list }],
    ];
    for (const [list, errors] of cases) {
      const r = await asAdmin('POST', '/v1/rh/trilha/onboarding', newOnboarding('Com trilhas erradas', list));
      expect(r.statusCode, JSON.stringify(list)).toBe(400);
      const message = Object.values(errors).includes(MSG.required) ? MSG.requiredForm : MSG.failure;
      expect(r.json(), JSON.stringify(list)).toEqual({ message, errors });
    }
    expect(await onboardingsNamed('Com trilhas erradas')).toBe(0);
    const ok = await asAdmin('POST', '/v1/rh/trilha/onboarding', newOnboarding('Com trilhas certas', { data: [{ id_trilha: trails.t2, prioridade: 1 }] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await onboardingTrails(ok.json().insert_onboarding_onboarding.returning[0].id)).toEqual([trails.t2]);
  });

  it('linking trails answers field errors named objects.<i>.<campo> and links nothing', async () => {
    const id = (await asAdmin('POST', '/v1/rh/trilha/onboarding', newOnboarding('Para vincular', [trails.t1]))).json().insert_onboarding_onboarding.returning[0].id;
    const link = (payload: unknown) => asAdmin('POST', '/v1/rh/company/onboarding/trilha', payload);
    const cases: [unknown, { message: string; errors: Record<string, string> }][] = [
      [{ objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 2, hack: 1 }] }, { message: restUnknownField.message, errors: { 'objects.0.hack': MSG.unknownField } }],
      [{ object: { id_onboarding: id, id_trilha: trails.t2, prioridade: 2, hack: 1 } }, { message: restUnknownField.message, errors: { 'object.hack': MSG.unknownField } }],
      [{ objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 2 }, 'x'] }, { message: MSG.failure, errors: { 'objects.1': MSG.invalid } }],
      [{ objects: [{ id_onboarding: id, id_trilha: trails.t2 }] }, { message: MSG.requiredForm, errors: { 'objects.0.prioridade': MSG.required } }],
      [{ objects: [] }, { message: MSG.requiredForm, errors: { objects: MSG.required } }],
      [{ objects: 'x' }, { message: MSG.failure, errors: { objects: MSG.list } }],
    ];
    for (const [payload, answer] of cases) {
      const r = await link(payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json(), JSON.stringify(payload)).toEqual(answer);
    }
    expect(await onboardingTrails(id)).toEqual([trails.t1]);
    expect((await link({ objects: [{ id_onboarding: id, id_trilha: trails.t2, prioridade: 2 }] })).statusCode).toBe(200);
    expect(await onboardingTrails(id)).toEqual([trails.t1, trails.t2]);
  });

  it('unlinking trails answers field errors as the REST API does and unlinks nothing', async () => {
    const id = (await asAdmin('POST', '/v1/rh/trilha/onboarding', newOnboarding('Para desvincular com erro', [trails.t1, trails.t2]))).json().insert_onboarding_onboarding.returning[0].id;
    const cases: [unknown, { message: string; errors: Record<string, string> }][] = [
      [{ id_onboarding: 'abc', id_trilha: [trails.t1] }, { message: MSG.failure, errors: { id_onboarding: MSG.integer } }],
      [{ id_onboarding: id, id_trilha: [trails.t1, 'x'] }, { message: MSG.failure, errors: { id_trilha: MSG.integer } }],
      [{ id_trilha: [trails.t1] }, { message: MSG.requiredForm, errors: { id_onboarding: MSG.required } }],
      [{ filtro: { id_onboarding: id, id_trilha: [] } }, { message: MSG.requiredForm, errors: { id_trilha: MSG.required } }],
    ];
    for (const [payload, answer] of cases) {
      const r = await asAdmin('DELETE', '/v1/rh/onboarding/trilha', payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(r.json(), JSON.stringify(payload)).toEqual(answer);
    }
    expect(await onboardingTrails(id)).toEqual([trails.t1, trails.t2]);
  });
});
