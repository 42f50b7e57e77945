// Employee side and reports of onboarding (HR document, sections 2, 4, 6, 7 and 9): the employee's
// onboardings, content cards and reading view, start and completion, next content and next trail,
// the refusal of a content ahead, the onboarding report (counters, Pendentes/Concluídos, paging,
// rounded percent, the solicitante's department) and the vacancy report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MSG } from '../../src/domain/onboarding.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
let org: { department: number; sector: number; position: number };
let org2: { department: number; sector: number; position: number };
let orgB: { department: number; sector: number; position: number };
let trails: { t1: number; t2: number; empty: number };
let contents: { c1: number; c2: number; c3: number };
let onboarding: number;
let pngId: string;
let lockedPngId: string;

interface Person {
  id: number;
  token: string;
}
const people: Record<string, Person> = {};

async function person(name: string, fields: Record<string, unknown>): Promise<Person> {
  const email = `${name}@teste.com.br`;
  const user = { nome: name, email, funcionario: true, ...fields } as unknown as { papeis: string[]; email: string };
  const token = await t.userToken(user);
  const id = (await t.db.query<{ id: number }>('SELECT id FROM auth.usuario WHERE email = $1', [email])).rows[0].id;
  return { id, token };
}

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, who: Person | null, role: string) {
  const headers = who ? bearer(who.token, role) : { authorization: `Bearer ${t.adminToken}`, 'x-intranet-role': role };
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const employee = (who: Person, url: string, payload: unknown) => call('POST', url, payload, who, 'user');

async function organisation(provider: number, tag: string) {
  const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: `Depto ${tag}`, id_empresa: provider } })).json().id;
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: `Setor ${tag}`, id_departamento: department } })).json().id;
  const position = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: `Cargo ${tag}`, id_setor: sector } })).json().id;
  return { department, sector, position };
}

async function upload(name: string, bytes: Buffer) {
  const boundary = '----limiteLeitura';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bucket-id"\r\n\r\nconteudos\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const r = await t.inject({ method: 'POST', url: '/v1/files/', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return r.json().processedFiles[0].id as string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const ids = (who: Person, id_trilha: number, id_conteudo: number) => ({
  id_conteudo,
  id_onboarding: onboarding,
  id_trilha,
  id_usuario_onboarding: who.id,
  data_inicio: new Date().toISOString(),
});

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  org = await organisation(A, 'Técnico');
  org2 = await organisation(A, 'Comercial');
  orgB = await organisation(B, 'Técnico B');
  pngId = await upload('capa.png', PNG);
  lockedPngId = await upload('capa-epis.png', PNG);
  const trail = async (nome: string) => (await t.inject({ method: 'POST', url: '/api/trails', payload: { nome } })).json().id as number;
  trails = { t1: await trail('Boas-vindas'), empty: await trail('Em construção'), t2: await trail('Segurança') };
  const content = async (titulo: string, extra: Record<string, unknown> = {}) =>
    (await t.inject({ method: 'POST', url: '/api/contents', payload: { titulo, resumo: `Sobre ${titulo}`, texto: `<h1>${titulo}</h1>`, ...extra } })).json().id as number;
  contents = {
    c1: await content('Nossa história', { id_imagem_capa: pngId, id_imagens_auxiliares: [pngId], hashtags: ['cultura'] }),
    c2: await content('Valores'),
    c3: await content('EPIs', { id_imagem_capa: lockedPngId, id_imagens_auxiliares: [lockedPngId] }),
  };
  // Trail 1: c1 then c2, set by the trail's own call (its screen's): c2 alone first, then both, so
  // c2's link is the older one and the priority, not the order of creation, decides; the empty
  // trail; trail 2: c3.
  const setContents = async (trail: number, conteudos: number[]) => {
    const r = await t.inject({ method: 'PUT', url: `/v1/onboarding/trilha/${trail}/conteudos`, payload: { conteudos } });
    expect(r.statusCode, r.body).toBe(200);
  };
  await setContents(trails.t1, [contents.c2]);
  await setContents(trails.t1, [contents.c1, contents.c2]);
  await setContents(trails.t2, [contents.c3]);
  const r = await t.inject({
    method: 'POST',
    url: '/v1/rh/trilha/onboarding',
    payload: { titulo: 'Integração', id_empresa: A, id_departamento: org.department, id_cargo: org.position, onboarding_trilhas: [trails.t1, trails.empty, trails.t2] },
  });
  onboarding = r.json().insert_onboarding_onboarding.returning[0].id;

  people.ana = await person('Ana', { papeis: ['user'], id_empresas: [A], id_cargo: org.position });
  people.bruno = await person('Bruno', { papeis: ['user'], id_empresas: [A], id_cargo: org.position });
  people.carla = await person('Carla', { papeis: ['user'], id_empresas: [A], id_cargo: org2.position });
  people.semCargo = await person('Davi', { papeis: ['user'], id_empresas: [A] });
  people.gestor = await person('Gestora', { papeis: ['onboarding:gestor'], id_empresas: [A], funcionario: false });
  people.gestorB = await person('GestorB', { papeis: ['rh:gestor', 'onboarding:gestor'], id_empresas: [B], funcionario: false });
  people.solicitante = await person('Solicitante', { papeis: ['onboarding:solicitante'], id_empresas: [A], id_cargo: org2.position, funcionario: false });
  people.rhSolicitante = await person('RhSolicitante', { papeis: ['rh:solicitante'], id_empresas: [A], id_cargo: org2.position, funcionario: false });
  people.leitor = await person('Leitor', { papeis: ['onboarding:leitor', 'rh:leitor'], id_empresas: [A], id_cargo: org2.position, funcionario: false });
  // Holds a solicitante role and a gestor role: the role the call acts with decides.
  people.misto = await person('Misto', { papeis: ['onboarding:solicitante', 'rh:gestor'], id_empresas: [A], id_cargo: org2.position, funcionario: false });
  people.solicitanteSemCargo = await person('SolSemCargo', { papeis: ['onboarding:solicitante'], id_empresas: [A], funcionario: false });
  people.vendas = await person('Vendas', { papeis: ['vendas:gestor'], id_empresas: [A], funcionario: false });
  // An onboarding for the other department (Carla's), with the same first trail.
  await t.inject({
    method: 'POST',
    url: '/v1/rh/trilha/onboarding',
    payload: { titulo: 'Comercial', id_empresa: A, id_departamento: org2.department, id_cargo: org2.position, onboarding_trilhas: [trails.t1] },
  });
});
afterAll(() => t?.close());

describe('the employee\'s onboardings (POST /v1/onboarding/funcionario)', () => {
  it('those of their provider, department and position, with trails, progress and where to start', async () => {
    const r = await employee(people.ana, '/v1/onboarding/funcionario', {});
    expect(r.statusCode, r.body).toBe(200);
    const list = r.json().onboarding_onboarding;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: onboarding,
      titulo: 'Integração',
      empresa: 'Bitcom',
      departamento: 'Depto Técnico',
      cargo: 'Cargo Técnico',
      total: 3,
      finalizados: 0,
      status: 0,
      concluido: false,
      inicio: null,
      proximo: { id_trilha: trails.t1, id_conteudo: contents.c1, rota: `/human-resources/onboarding/employee/content?idOnboarding=${onboarding}&idTrail=${trails.t1}&idContent=${contents.c1}` },
    });
    expect(list[0].onboarding_trilhas.map((x: any) => [x.id_trilha, x.prioridade, x.total, x.em_andamento, x.liberada])).toEqual([
      [trails.t1, 1, 2, true, true],
      [trails.empty, 2, 0, false, false],
      [trails.t2, 3, 1, false, false],
    ]);
    expect((await employee(people.carla, '/v1/onboarding/funcionario', {})).json().onboarding_onboarding.map((o: any) => o.titulo)).toEqual(['Comercial']);
    expect((await employee(people.semCargo, '/v1/onboarding/funcionario', {})).json().onboarding_onboarding).toEqual([]);
  });

  it('an employee cannot look at another\'s; a manager of their provider can, another provider\'s cannot', async () => {
    expect((await employee(people.bruno, '/v1/onboarding/funcionario', { id_funcionario: people.ana.id })).statusCode).toBe(403);
    const manager = await call('POST', '/v1/onboarding/funcionario', { id_funcionario: people.ana.id }, people.gestor, 'onboarding:gestor');
    expect(manager.json().onboarding_onboarding.map((o: any) => o.id)).toEqual([onboarding]);
    const other = await call('POST', '/v1/onboarding/funcionario', { id_funcionario: people.ana.id }, people.gestorB, 'onboarding:gestor');
    expect(other.json().onboarding_onboarding).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: '/v1/onboarding/funcionario', payload: {} })).statusCode).toBe(401);
  });

  it('an inactive onboarding is not offered', async () => {
    await t.inject({ method: 'PUT', url: `/v1/rh/trilha/onboarding/${onboarding}`, payload: { status: false } });
    expect((await employee(people.ana, '/v1/onboarding/funcionario', {})).json().onboarding_onboarding).toEqual([]);
    await t.inject({ method: 'PUT', url: `/v1/rh/trilha/onboarding/${onboarding}`, payload: { status: true } });
  });
});

describe('content cards and the reading view', () => {
  it('POST v1/onboarding/trilha/conteudos/funcionario answers the trail\'s contents by priority, with hashtags and what may be opened', async () => {
    const r = await employee(people.ana, '/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: people.ana.id, id_onboarding: onboarding, id_trilha: trails.t1 });
    expect(r.statusCode, r.body).toBe(200);
    const cards = r.json().onboarding_funcionario_conteudo;
    expect(cards.map((c: any) => [c.id_conteudo, c.prioridade, c.liberado, c.finalizado, c.data_inicio])).toEqual([
      [contents.c1, 1, true, false, null],
      [contents.c2, 2, false, false, null],
    ]);
    expect(cards[0]).toMatchObject({
      id_onboarding: onboarding,
      id_trilha: trails.t1,
      id_funcionario: people.ana.id,
      titulo_conteudo: 'Nossa história',
      resumo: 'Sobre Nossa história',
      texto: '<h1>Nossa história</h1>',
      id_imagem_capa: pngId,
      id_imagens_auxiliares: [pngId],
      hashtags: ['Cargo Técnico', 'Depto Técnico', 'Bitcom', 'cultura'],
    });
  });

  it('a trail that is not the onboarding\'s, or an onboarding that is not the employee\'s, is refused', async () => {
    const foreign = await employee(people.carla, '/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: people.carla.id, id_onboarding: onboarding, id_trilha: trails.t1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(ONBOARDING_MSG.notYours);
    const otherTrail = await employee(people.ana, '/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: people.ana.id, id_onboarding: onboarding, id_trilha: 999999 });
    expect(otherTrail.statusCode).toBe(404);
    const missing = await employee(people.ana, '/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: people.ana.id, id_trilha: trails.t1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ id_onboarding: 'Campo obrigatório' });
  });

  it('a content ahead (in this trail or a trail ahead) cannot be opened or started by typing its URL', async () => {
    for (const [trail, content] of [
      [trails.t1, contents.c2],
      [trails.t2, contents.c3],
    ]) {
      const view = await employee(people.ana, '/v1/rh/onboarding/funcionario/conteudo', { filtro: { id_conteudo: content, id_onboarding: onboarding, id_trilha: trail, id_funcionario: people.ana.id } });
      expect(view.statusCode).toBe(403);
      expect(view.json()).toMatchObject({ message: ONBOARDING_MSG.ahead, code: 'CONTEUDO_A_FRENTE' });
      expect((await employee(people.ana, '/v1/onboarding/conteudo/inicio', ids(people.ana, trail, content))).statusCode).toBe(403);
      expect((await employee(people.ana, '/v1/onboarding/conteudo/concluir', ids(people.ana, trail, content))).statusCode).toBe(403);
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM onboarding.funcionario_conteudo WHERE id_funcionario = $1', [people.ana.id])).rows[0].n).toBe(0);
  });

  it('the reading view answers the text and images; the images load through GET /v1/files/{id}', async () => {
    const r = await employee(people.ana, '/v1/rh/onboarding/funcionario/conteudo', {
      filtro: { id_conteudo: contents.c1, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.ana.id },
    });
    expect(r.statusCode, r.body).toBe(200);
    const [content] = r.json().onboarding_funcionario_conteudo;
    expect(content).toMatchObject({ id_conteudo: contents.c1, texto: '<h1>Nossa história</h1>', id_imagem_capa: pngId, finalizado: false });
    const image = await t.app.inject({ url: `/v1/files/${content.id_imagem_capa}`, headers: bearer(people.ana.token, 'user') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('a content the employee may not open yet does not leak', () => {
  // Bruno has read nothing: Valores (second of trail 1) and EPIs (trail 3, with a cover) are locked.
  const LOCKED_TEXTS = ['<h1>Valores</h1>', '<h1>EPIs</h1>'];

  it('the cards and both next calls answer a locked content without its text and images', async () => {
    const cards = (trail: number) => employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: people.bruno.id, id_onboarding: onboarding, id_trilha: trail });
    const first = (await cards(trails.t1)).json().onboarding_funcionario_conteudo;
    expect(first.map((c: any) => [c.titulo_conteudo, c.liberado, c.texto])).toEqual([
      ['Nossa história', true, '<h1>Nossa história</h1>'],
      ['Valores', false, null],
    ]);
    // The locked card keeps what the card shows: title, summary, order.
    expect(first[1]).toMatchObject({ resumo: 'Sobre Valores', prioridade: 2, prioridade_trilha: 1, id_imagem_capa: null, id_imagens_auxiliares: [] });
    const [epis] = (await cards(trails.t2)).json().onboarding_funcionario_conteudo;
    expect(epis).toMatchObject({ titulo_conteudo: 'EPIs', liberado: false, texto: null, id_imagem_capa: null, id_imagens_auxiliares: [] });

    const nextContent = await employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario/next', { prioridade: 1, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.bruno.id });
    expect(nextContent.json().onboarding_funcionario_conteudo).toMatchObject([{ id_conteudo: contents.c2, liberado: false, texto: null, id_imagem_capa: null }]);
    const ahead = await employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario/next', { prioridade: 0, id_onboarding: onboarding, id_trilha: trails.t2, id_funcionario: people.bruno.id });
    expect(ahead.json().onboarding_funcionario_conteudo).toMatchObject([{ id_conteudo: contents.c3, liberado: false, texto: null, id_imagem_capa: null, id_imagens_auxiliares: [] }]);
    const nextTrail = await employee(people.bruno, '/v1/onboarding/trilha/funcionario/next', { id_funcionario: people.bruno.id, id_onboarding: onboarding, prioridade: 1 });
    expect(nextTrail.json().onboarding_onboarding_trilha).toMatchObject([{ id_trilha: trails.t2, id_conteudo: contents.c3, liberado: false }]);
  });

  it('no employee call answers a locked content\'s text or image ids', async () => {
    const t1 = { id_funcionario: people.bruno.id, id_onboarding: onboarding, id_trilha: trails.t1 };
    const t2 = { ...t1, id_trilha: trails.t2 };
    const answers = await Promise.all([
      employee(people.bruno, '/v1/onboarding/funcionario', {}),
      employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario', t1),
      employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario', t2),
      employee(people.bruno, '/v1/rh/onboarding/funcionario/conteudo', { filtro: { ...t1, id_conteudo: contents.c2 } }),
      employee(people.bruno, '/v1/rh/onboarding/funcionario/conteudo', { filtro: { ...t2, id_conteudo: contents.c3 } }),
      ...[0, 1, 2, 5].map((prioridade) => employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario/next', { ...t1, prioridade })),
      ...[0, 1, 2].map((prioridade) => employee(people.bruno, '/v1/onboarding/trilha/conteudos/funcionario/next', { ...t2, prioridade })),
      ...[0, 1, 2, 3].map((prioridade) => employee(people.bruno, '/v1/onboarding/trilha/funcionario/next', { id_funcionario: t1.id_funcionario, id_onboarding: onboarding, prioridade })),
    ]);
    for (const r of answers) {
      expect([200, 403], r.body).toContain(r.statusCode);
      for (const text of LOCKED_TEXTS) expect(r.body).not.toContain(text);
      expect(r.body).not.toContain(lockedPngId);
    }
    // The single-content view refuses both with the reading-order answer.
    expect(answers[3].statusCode).toBe(403);
    expect(answers[4].statusCode).toBe(403);
  });

  it('once the content before is read, the card answers the text', async () => {
    const erica = await person('Érica', { papeis: ['user'], id_empresas: [A], id_cargo: org.position });
    await employee(erica, '/v1/onboarding/conteudo/concluir', ids(erica, trails.t1, contents.c1));
    const cards = await employee(erica, '/v1/onboarding/trilha/conteudos/funcionario', { id_funcionario: erica.id, id_onboarding: onboarding, id_trilha: trails.t1 });
    expect(cards.json().onboarding_funcionario_conteudo[1]).toMatchObject({ id_conteudo: contents.c2, liberado: true, texto: '<h1>Valores</h1>' });
    // Not counted in the report below.
    await t.db.query('UPDATE auth.usuario SET ativo = false WHERE id = $1', [erica.id]);
  });
});

describe('reading in order: start, completion, next content, next trail, congratulations', () => {
  it('opening an unstarted content records its start, once', async () => {
    const r = await employee(people.ana, '/v1/onboarding/conteudo/inicio', ids(people.ana, trails.t1, contents.c1));
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json().insert_onboarding_funcionario_conteudo;
    expect(body.affected_rows).toBe(1);
    expect(body.returning[0]).toMatchObject({ id_conteudo: contents.c1, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.ana.id, finalizado: false, data_fim: null });
    expect(body.returning[0].data_inicio).toEqual(expect.any(String));
    const again = await employee(people.ana, '/v1/onboarding/conteudo/inicio', ids(people.ana, trails.t1, contents.c1));
    expect(again.json().insert_onboarding_funcionario_conteudo.affected_rows).toBe(0);
    expect(again.json().insert_onboarding_funcionario_conteudo.returning[0].data_inicio).toBe(body.returning[0].data_inicio);
    // Started, not finished: the next content is still closed.
    expect((await employee(people.ana, '/v1/onboarding/conteudo/inicio', ids(people.ana, trails.t1, contents.c2))).statusCode).toBe(403);
  });

  it('nobody records another employee\'s reading, not even a manager', async () => {
    expect((await employee(people.bruno, '/v1/onboarding/conteudo/inicio', ids(people.ana, trails.t1, contents.c2))).statusCode).toBe(403);
    expect((await call('POST', '/v1/onboarding/conteudo/concluir', ids(people.ana, trails.t1, contents.c1), people.gestor, 'onboarding:gestor')).statusCode).toBe(403);
    expect((await employee(people.bruno, '/v1/rh/onboarding/funcionario/conteudo', { filtro: { id_conteudo: contents.c1, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.ana.id } })).statusCode).toBe(403);
  });

  it('"Marcar como lido e continuar": completion, then the next content of the trail by priority', async () => {
    const r = await employee(people.ana, '/v1/onboarding/conteudo/concluir', { ...ids(people.ana, trails.t1, contents.c1), data_fim: new Date().toISOString() });
    expect(r.statusCode, r.body).toBe(200);
    const done = r.json().update_onboarding_funcionario_conteudo;
    expect(done.affected_rows).toBe(1);
    expect(done.returning[0]).toMatchObject({ finalizado: true, data_fim: expect.any(String) });
    // The completion answers only the reading; what follows comes from the next calls.
    expect(r.json()).toEqual({ update_onboarding_funcionario_conteudo: done });
    const next = await employee(people.ana, '/v1/onboarding/trilha/conteudos/funcionario/next', { prioridade: 1, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.ana.id });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().onboarding_funcionario_conteudo.map((c: any) => [c.id_conteudo, c.prioridade, c.prioridade_trilha, c.liberado, c.texto])).toEqual([[contents.c2, 2, 1, true, '<h1>Valores</h1>']]);
    // Finishing again changes nothing.
    const again = await employee(people.ana, '/v1/onboarding/conteudo/concluir', ids(people.ana, trails.t1, contents.c1));
    expect(again.json().update_onboarding_funcionario_conteudo.affected_rows).toBe(0);
    expect(again.json().update_onboarding_funcionario_conteudo.returning[0].data_fim).toBe(done.returning[0].data_fim);
  });

  it('at the end of a trail: no next content, the next trail with contents (empty trails skipped) from its first content', async () => {
    await employee(people.ana, '/v1/onboarding/conteudo/inicio', ids(people.ana, trails.t1, contents.c2));
    const r = await employee(people.ana, '/v1/onboarding/conteudo/concluir', ids(people.ana, trails.t1, contents.c2));
    expect(r.statusCode, r.body).toBe(200);
    const none = await employee(people.ana, '/v1/onboarding/trilha/conteudos/funcionario/next', { prioridade: 2, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.ana.id });
    expect(none.json().onboarding_funcionario_conteudo).toEqual([]);
    const trail = await employee(people.ana, '/v1/onboarding/trilha/funcionario/next', { id_funcionario: people.ana.id, id_onboarding: onboarding, prioridade: 1 });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().onboarding_onboarding_trilha).toEqual([
      {
        id_onboarding: onboarding,
        id_trilha: trails.t2,
        prioridade: 3,
        trilha: { id: trails.t2, nome: 'Segurança' },
        id_conteudo: contents.c3,
        prioridade_conteudo: 1,
        liberado: true,
        rota: `/human-resources/onboarding/employee/content?idOnboarding=${onboarding}&idTrail=${trails.t2}&idContent=${contents.c3}`,
      },
    ]);
    // The next trail is open now.
    const view = await employee(people.ana, '/v1/rh/onboarding/funcionario/conteudo', { filtro: { id_conteudo: contents.c3, id_onboarding: onboarding, id_trilha: trails.t2, id_funcionario: people.ana.id } });
    expect(view.statusCode).toBe(200);
  });

  it('after the last content of the last trail: congratulations', async () => {
    await employee(people.ana, '/v1/onboarding/conteudo/inicio', ids(people.ana, trails.t2, contents.c3));
    const r = await employee(people.ana, '/v1/onboarding/conteudo/concluir', ids(people.ana, trails.t2, contents.c3));
    expect(r.statusCode, r.body).toBe(200);
    const none = await employee(people.ana, '/v1/onboarding/trilha/conteudos/funcionario/next', { prioridade: 1, id_onboarding: onboarding, id_trilha: trails.t2, id_funcionario: people.ana.id });
    expect(none.json().onboarding_funcionario_conteudo).toEqual([]);
    const last = await employee(people.ana, '/v1/onboarding/trilha/funcionario/next', { id_funcionario: people.ana.id, id_onboarding: onboarding, prioridade: 3 });
    expect(last.json().onboarding_onboarding_trilha).toEqual([]);
    const mine = (await employee(people.ana, '/v1/onboarding/funcionario', {})).json().onboarding_onboarding[0];
    expect(mine).toMatchObject({ total: 3, finalizados: 3, status: 100, concluido: true, proximo: null });
    expect(mine.conclusao).toEqual(expect.any(String));
    // Everything read stays open for reading again.
    const back = await employee(people.ana, '/v1/rh/onboarding/funcionario/conteudo', { filtro: { id_conteudo: contents.c1, id_onboarding: onboarding, id_trilha: trails.t1, id_funcionario: people.ana.id } });
    expect(back.json().onboarding_funcionario_conteudo[0].finalizado).toBe(true);
  });
});

describe('onboarding report', () => {
  const counters = (who: Person | null, role: string, filtro: Record<string, unknown> = {}) => call('POST', '/v1/onboarding/relatorio/contador', { filtro }, who, role);
  const report = (who: Person | null, role: string, filtro: Record<string, unknown>) => call('POST', '/v1/onboarding/relatorio', { filtro }, who, role);

  it('counts pending and finished employee-onboarding pairs; a pair moves from Pendentes to Concluídos when all is read', async () => {
    // Ana finished Integração; Bruno has not started it; Carla has Comercial to do.
    const r = await counters(people.gestor, 'onboarding:gestor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ pendentes: 2, concluidos: 1 });
    const pending = (await report(people.gestor, 'onboarding:gestor', { concluido: false, offset: 0, limit: 20 })).json();
    expect(pending.total).toBe(2);
    expect(pending.dados.map((d: any) => [d.funcionario, d.onboarding, d.status, d.concluido, d.conclusao])).toEqual([
      ['Bruno', 'Integração', 0, false, null],
      ['Carla', 'Comercial', 0, false, null],
    ]);
    const finished = (await report(people.gestor, 'onboarding:gestor', { concluido: true, offset: 0, limit: 20 })).json();
    expect(finished.total).toBe(1);
    expect(finished.dados[0]).toMatchObject({ funcionario: 'Ana', onboarding: 'Integração', status: 100, concluido: true, inicio: expect.anything(), conclusao: expect.anything() });

    // Bruno reads two of three contents: 67 % (rounded), still pending; then the last one.
    const bruno = (trail: number, content: number) => employee(people.bruno, '/v1/onboarding/conteudo/concluir', ids(people.bruno, trail, content));
    await bruno(trails.t1, contents.c1);
    await bruno(trails.t1, contents.c2);
    const partial = (await report(people.gestor, 'onboarding:gestor', { concluido: false })).json();
    expect(partial.dados.find((d: any) => d.funcionario === 'Bruno')).toMatchObject({ status: 67, concluido: false, finalizados: 2, total: 3, conclusao: null });
    await bruno(trails.t2, contents.c3);
    expect((await counters(people.gestor, 'onboarding:gestor')).json()).toEqual({ pendentes: 1, concluidos: 2 });
    const done = (await report(people.gestor, 'onboarding:gestor', { concluido: true })).json();
    expect(done.dados.map((d: any) => d.funcionario)).toEqual(['Ana', 'Bruno']);
  });

  it('pages of 20 with server paging: total and dados', async () => {
    // 25 more employees of the Técnico position, none started.
    await t.db.query(
      `INSERT INTO auth.usuario (email, nome, funcionario, id_cargo, id_empresas)
       SELECT 'lote' || g || '@teste.com.br', 'Lote ' || lpad(g::text, 2, '0'), true, $1, ARRAY[$2::int] FROM generate_series(1, 25) g`,
      [org.position, A],
    );
    const first = (await report(people.gestor, 'onboarding:gestor', { concluido: false, offset: 0 })).json();
    expect(first.total).toBe(26);
    expect(first.dados).toHaveLength(20);
    const second = (await report(people.gestor, 'onboarding:gestor', { concluido: false, offset: 20, limit: 20 })).json();
    expect(second.total).toBe(26);
    expect(second.dados).toHaveLength(6);
    const names = [...first.dados, ...second.dados].map((d: any) => d.funcionario);
    expect(new Set(names).size).toBe(26);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect((await counters(people.gestor, 'onboarding:gestor')).json()).toEqual({ pendentes: 26, concluidos: 2 });
    expect((await report(people.gestor, 'onboarding:gestor', { concluido: false, limit: 1000 })).statusCode).toBe(400);
  });

  it('onboarding:solicitante users see only their own department (from their position\'s sector)', async () => {
    // The solicitante's position is in the Comercial department: only Carla's pair.
    expect((await counters(people.solicitante, 'onboarding:solicitante')).json()).toEqual({ pendentes: 1, concluidos: 0 });
    const rows = (await report(people.solicitante, 'onboarding:solicitante', { concluido: false })).json();
    expect(rows.dados.map((d: any) => d.funcionario)).toEqual(['Carla']);
    // Asking for another department does not widen it.
    expect((await counters(people.solicitante, 'onboarding:solicitante', { id_departamento: org.department })).json()).toEqual({ pendentes: 0, concluidos: 0 });
    // Without a position there is no department to see.
    expect((await counters(people.solicitanteSemCargo, 'onboarding:solicitante')).json()).toEqual({ pendentes: 0, concluidos: 0 });
    // rh:solicitante acting on onboarding is a solicitante too.
    expect((await counters(people.rhSolicitante, 'rh:solicitante')).json()).toEqual({ pendentes: 1, concluidos: 0 });
    expect((await report(people.rhSolicitante, 'rh:solicitante', { concluido: false })).json().dados.map((d: any) => d.funcionario)).toEqual(['Carla']);
    // Managers see all, and may filter by department.
    expect((await counters(null, 'users:superadmin', { id_departamento: org.department })).json()).toEqual({ pendentes: 25, concluidos: 2 });
  });

  it('readers and managers see every department ("Others see all")', async () => {
    for (const role of ['onboarding:leitor', 'rh:leitor']) {
      expect((await counters(people.leitor, role)).json(), role).toEqual({ pendentes: 26, concluidos: 2 });
      expect((await counters(people.leitor, role, { id_departamento: org2.department })).json(), role).toEqual({ pendentes: 1, concluidos: 0 });
    }
    expect((await counters(people.gestor, 'onboarding:gestor')).json()).toEqual({ pendentes: 26, concluidos: 2 });
  });

  it('a user with both a solicitante and a gestor role: the role the call acts with decides', async () => {
    const noHeader = (url: string, filtro: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(people.misto.token), payload: { filtro } });
    // Without a header the best role (rh:gestor) acts: every department.
    expect((await noHeader('/v1/onboarding/relatorio/contador', {})).json()).toEqual({ pendentes: 26, concluidos: 2 });
    expect((await counters(people.misto, 'rh:gestor')).json()).toEqual({ pendentes: 26, concluidos: 2 });
    // Acting as the solicitante: only their department, whatever is asked.
    expect((await counters(people.misto, 'onboarding:solicitante')).json()).toEqual({ pendentes: 1, concluidos: 0 });
    expect((await counters(people.misto, 'onboarding:solicitante', { id_departamento: org.department })).json()).toEqual({ pendentes: 0, concluidos: 0 });
    expect((await report(people.misto, 'onboarding:solicitante', { concluido: false })).json().dados.map((d: any) => d.funcionario)).toEqual(['Carla']);
  });

  it('other providers, other areas and plain users are kept out', async () => {
    expect((await counters(people.gestorB, 'rh:gestor')).json()).toEqual({ pendentes: 0, concluidos: 0 });
    expect((await report(people.gestorB, 'onboarding:gestor', { concluido: true })).json()).toEqual({ total: 0, dados: [] });
    expect((await counters(people.vendas, 'vendas:gestor')).statusCode).toBe(403);
    expect((await counters(people.ana, 'user')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v1/onboarding/relatorio', payload: { filtro: {} } })).statusCode).toBe(401);
  });
});

describe('vacancy report (POST /v1/rh/relatorio/vaga/filtro)', () => {
  beforeAll(async () => {
    // The manager is a user; the report answers their name (gestor_vaga).
    const managers: Record<string, number> = {};
    for (const nome of ['Marta', 'Paulo', 'Rui']) managers[nome] = (await person(nome, { papeis: ['rh:gestor'], id_empresas: [A, B] })).id;
    const vaga = ({ gestor_vaga, ...payload }: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/vacancies', payload: { ...payload, id_gestor: managers[gestor_vaga as string] } });
    expect((await vaga({ titulo_vaga: 'Técnico de campo', vagas: 3, cidade: 'Belém', gestor_vaga: 'Marta', data_inicio: '2026-03-01', id_empresa: A })).statusCode).toBe(201);
    await vaga({ titulo_vaga: 'Analista', vagas: 1, cidade: 'Ananindeua', gestor_vaga: 'Paulo', data_inicio: '2026-04-10', id_empresa: A });
    await vaga({ titulo_vaga: 'Encerrada', vagas: 2, cidade: 'Belém', gestor_vaga: 'Paulo', data_inicio: '2025-01-10', id_empresa: A, ativo: false });
    await vaga({ titulo_vaga: 'Outro provedor', vagas: 5, cidade: 'Marabá', gestor_vaga: 'Rui', data_inicio: '2026-02-01', id_empresa: B });
  });

  it('answers vagas_relatorio_rh: titulo_vaga, vagas, cidade, gestor_vaga, data_inicio of open vacancies in scope', async () => {
    const gestor = await person('GestorRh', { papeis: ['rh:leitor'], id_empresas: [A], funcionario: false });
    const r = await call('POST', '/v1/rh/relatorio/vaga/filtro', { filtro: {} }, gestor, 'rh:leitor');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().vagas_relatorio_rh.map((v: any) => [v.titulo_vaga, v.vagas, v.cidade, v.gestor_vaga, v.data_inicio])).toEqual([
      ['Analista', 1, 'Ananindeua', 'Paulo', '2026-04-10'],
      ['Técnico de campo', 3, 'Belém', 'Marta', '2026-03-01'],
    ]);
    const filtered = await call('POST', '/v1/rh/relatorio/vaga/filtro', { filtro: { cidade: 'belem', ativo: false } }, gestor, 'rh:leitor');
    expect(filtered.json().vagas_relatorio_rh.map((v: any) => v.titulo_vaga)).toEqual(['Encerrada']);
    const dates = await call('POST', '/v1/rh/relatorio/vaga/filtro', { filtro: { data_inicio: { _gte: '2026-03-15' } } }, null, 'users:superadmin');
    expect(dates.json().vagas_relatorio_rh.map((v: any) => v.titulo_vaga)).toEqual(['Analista']);
    const all = await call('POST', '/v1/rh/relatorio/vaga/filtro', {}, null, 'users:superadmin');
    expect(all.json().vagas_relatorio_rh.map((v: any) => v.titulo_vaga)).toContain('Outro provedor');
  });

  it('is an rh call: onboarding roles and plain users are refused', async () => {
    expect((await call('POST', '/v1/rh/relatorio/vaga/filtro', {}, people.gestor, 'onboarding:gestor')).statusCode).toBe(403);
    expect((await call('POST', '/v1/rh/relatorio/vaga/filtro', {}, people.ana, 'user')).statusCode).toBe(403);
  });
});

describe('GET v1/user/{userId}', () => {
  it('answers the user with providers, position, sector and department; others\' only to HR staff', async () => {
    const r = await t.app.inject({ url: `/v1/user/${people.ana.id}`, headers: bearer(people.ana.token, 'user') });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().usuario).toMatchObject({
      id: people.ana.id,
      usuarioId: people.ana.id,
      nome: 'Ana',
      id_empresas: [A],
      empresas: [{ id: A, nome: 'Bitcom' }],
      id_cargo: org.position,
      id_setor: org.sector,
      id_departamento: org.department,
      cargo: { id: org.position, nome: 'Cargo Técnico' },
      setor: { id: org.sector, nome: 'Setor Técnico' },
      departamento: { id: org.department, nome: 'Depto Técnico', id_empresa: A },
    });
    expect((await t.app.inject({ url: `/v1/user/${people.ana.id}`, headers: bearer(people.bruno.token, 'user') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/v1/user/${people.ana.id}`, headers: bearer(people.gestor.token, 'onboarding:gestor') })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/v1/user/${people.ana.id}`, headers: bearer(people.gestorB.token, 'rh:gestor') })).statusCode).toBe(404);
  });
});
