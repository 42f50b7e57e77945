// Resume entries (education, experience, certificates): each user reads and writes only their own,
// HR managers read anyone's (and do not write them), and the date order answers the spec's texts on
// the end date's field, before the database and from its CHECK constraints alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG, MSG } from '../../src/domain/messages.js';
import { RESUME_MSG } from '../../src/domain/resume.js';
import { bearer, qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let ana: string;
let anaId: number;
let bruno: string;
let gestor: string;
let leitor: string;
let provider: number;

const as = (token: string, method: string, url: string, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const idOf = async (token: string) => (await t.app.inject({ url: '/v1/auth/me', headers: bearer(token) })).json().usuarioId as number;

const EDUCATION = { situacao: 'CONCLUIDO', descricao: 'Análise e Desenvolvimento de Sistemas', ie: 'IFSP', data_inicio: '2018-02-01', data_fim: '2021-12-15' };
const EXPERIENCE = { empresa: 'Bitcom', funcao: 'Técnico de redes', emprego_atual: false, cidade: 'Campinas', estado: 'SP', data_inicio: '2020-01-10', data_fim: '2023-06-30' };
const CERTIFICATE = { descricao: 'CCNA', organizacao: 'Cisco', data_emissao: '2022-03-01', data_validade: '2025-03-01' };

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  ana = await t.userToken({ papeis: ['user'], nome: 'Ana Candidata' });
  anaId = await idOf(ana);
  bruno = await t.userToken({ papeis: ['user'], nome: 'Bruno Candidato' });
  gestor = await t.userToken({ papeis: ['rh:gestor', 'user'], id_empresas: [provider], funcionario: true });
  leitor = await t.userToken({ papeis: ['rh:leitor', 'user'], id_empresas: [provider], funcionario: true });
});
afterAll(() => t?.close());

describe('resume entries', () => {
  it('belong to their author, who alone sees them among the non-managers', async () => {
    const created = await as(ana, 'POST', '/api/resume-education', EDUCATION);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...EDUCATION, id_usuario: anaId });
    // Naming another owner is ignored: the owner field is read-only.
    const other = await as(ana, 'POST', '/api/resume-experience', { ...EXPERIENCE, id_usuario: 1 });
    expect(other.json().id_usuario).toBe(anaId);
    expect((await as(ana, 'POST', '/api/resume-certificates', CERTIFICATE)).statusCode).toBe(201);
    await as(bruno, 'POST', '/api/resume-education', { ...EDUCATION, descricao: 'Engenharia', situacao: 'EM_ANDAMENTO', data_fim: null });

    const mine = (await as(ana, 'GET', '/api/resume-education')).json();
    expect(mine.map((r: { descricao: string }) => r.descricao)).toEqual([EDUCATION.descricao]);
    const brunos = (await as(bruno, 'GET', '/api/resume-education')).json();
    expect(brunos.map((r: { descricao: string }) => r.descricao)).toEqual(['Engenharia']);
    // Asking for someone else's rows finds nothing; reading, changing or deleting one is a 404.
    expect((await as(bruno, 'GET', `/api/resume-education?${qs({ filter: { id_usuario: anaId } })}`)).json()).toEqual([]);
    const id = created.json().id;
    expect((await as(bruno, 'GET', `/api/resume-education/${id}`)).statusCode).toBe(404);
    expect((await as(bruno, 'PUT', `/api/resume-education/${id}`, { descricao: 'Hackeado' })).statusCode).toBe(404);
    expect((await as(bruno, 'DELETE', `/api/resume-education/${id}`)).statusCode).toBe(404);
    // An HR reader is no manager: only their own.
    expect((await as(leitor, 'GET', '/api/resume-education')).json()).toEqual([]);
    // The owner edits and deletes their own.
    expect((await as(ana, 'PUT', `/api/resume-education/${id}`, { situacao: 'INCOMPLETO' })).json().situacao).toBe('INCOMPLETO');
    const cert = (await as(ana, 'GET', '/api/resume-certificates')).json()[0];
    expect((await as(ana, 'DELETE', `/api/resume-certificates/${cert.id}`)).statusCode).toBe(200);
    expect((await as(ana, 'GET', '/api/resume-certificates')).json()).toEqual([]);
    // Without a sign-in, nothing.
    expect((await t.app.inject({ url: '/api/resume-education' })).statusCode).toBe(401);
  });

  it("lets an HR manager read anyone's resume, but not change it", async () => {
    const all = (await as(gestor, 'GET', `/api/resume-education?${qs({ filter: { id_usuario: anaId } })}`)).json();
    expect(all).toHaveLength(1);
    expect(all[0].id_usuario).toBe(anaId);
    expect((await as(gestor, 'GET', `/api/resume-experience?${qs({ filter: { id_usuario: anaId } })}`)).json()).toHaveLength(1);
    const id = all[0].id;
    expect((await as(gestor, 'GET', `/api/resume-education/${id}`)).json().ie).toBe('IFSP');
    const put = await as(gestor, 'PUT', `/api/resume-education/${id}`, { descricao: 'Outro curso' });
    expect(put.statusCode).toBe(403);
    expect(put.json().message).toBe(AUTH_MSG.notAuthorized);
    expect((await as(gestor, 'DELETE', `/api/resume-education/${id}`)).statusCode).toBe(403);
    // Their own entries are theirs.
    const own = await as(gestor, 'POST', '/api/resume-certificates', CERTIFICATE);
    expect(own.json().id_usuario).toBe(await idOf(gestor));
    // GraphQL answers the same rows.
    const gql = await t.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: bearer(gestor),
      payload: { query: `{ curriculo_formacao(where: { id_usuario: { _eq: ${anaId} } }) { descricao id_usuario } }` },
    });
    expect(gql.json().data?.curriculo_formacao ?? gql.json()).toEqual([{ descricao: EDUCATION.descricao, id_usuario: anaId }]);
  });

  it("names its owner through the users (x-intranet.references): a candidate in no provider still writes, and tables sort by the owner's name", async () => {
    // The newest user, first in the alphabet: an order by id would put them first, by name last.
    const abel = await t.userToken({ papeis: ['user'], nome: 'Abel Candidato' });
    const abelId = await idOf(abel);
    const created = await as(abel, 'POST', '/api/resume-education', { ...EDUCATION, descricao: 'Curso do Abel' });
    expect(created.statusCode).toBe(201);
    expect(created.json().id_usuario).toBe(abelId);
    expect((await as(abel, 'PUT', `/api/resume-education/${created.json().id}`, { ie: 'USP' })).statusCode).toBe(200);
    const sorted = (await t.inject(`/api/resume-education?${qs({ sort: ['id_usuario', 'DESC'] })}`)).json() as { id_usuario: number }[];
    const owners = [...new Set(sorted.map((r) => r.id_usuario))];
    const names = (await t.inject(`/api/users?${qs({ filter: { id: owners } })}`)).json() as { id: number; nome: string }[];
    const nameOf = new Map(names.map((u) => [u.id, u.nome]));
    const shown = owners.map((id) => nameOf.get(id)!);
    expect(shown.at(-1)).toBe('Abel Candidato');
    expect(shown).toEqual([...shown].sort((a, b) => b.localeCompare(a, 'pt-BR')));
  });

  it('answers the date-order texts on the end date, on create and on update', async () => {
    const education = await as(ana, 'POST', '/api/resume-education', { ...EDUCATION, data_inicio: '2022-01-01', data_fim: '2021-01-01' });
    expect(education.statusCode).toBe(400);
    expect(education.json()).toEqual({ message: RESUME_MSG.educationDates, errors: { data_fim: RESUME_MSG.educationDates } });
    const experience = await as(ana, 'POST', '/api/resume-experience', { ...EXPERIENCE, data_fim: '2019-12-31' });
    expect(experience.json()).toEqual({ message: RESUME_MSG.experienceDates, errors: { data_fim: RESUME_MSG.experienceDates } });
    const certificate = await as(ana, 'POST', '/api/resume-certificates', { ...CERTIFICATE, data_validade: '2020-01-01' });
    expect(certificate.json().errors).toEqual({ data_validade: RESUME_MSG.certificateDates });
    // The same day is fine; an update checks the whole record (a new start after the stored end).
    const ok = await as(ana, 'POST', '/api/resume-experience', { ...EXPERIENCE, data_inicio: '2023-06-30' });
    expect(ok.statusCode).toBe(201);
    const moved = await as(ana, 'PUT', `/api/resume-experience/${ok.json().id}`, { data_inicio: '2024-01-01' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ data_fim: RESUME_MSG.experienceDates });
    // Other rules keep their own texts.
    const missing = await as(ana, 'POST', '/api/resume-education', { situacao: 'SABE-SE LÁ', data_inicio: '31/12/2020' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ descricao: MSG.required, ie: MSG.required, situacao: MSG.option, data_inicio: MSG.date });
  });

  it("maps the database's CHECK constraints to the same texts", async () => {
    // A row written around the hooks' check (straight to the service's insert) still meets the constraint.
    const service = t.app.resources;
    const def = service.get('resume-education');
    const hooks = service.hooks.get('resume-education')!;
    const saved = hooks.beforeWrite;
    hooks.beforeWrite = undefined;
    try {
      const r = await as(ana, 'POST', '/api/resume-education', { ...EDUCATION, data_inicio: '2022-01-01', data_fim: '2021-01-01' });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toEqual({ message: RESUME_MSG.educationDates, errors: { data_fim: RESUME_MSG.educationDates } });
    } finally {
      hooks.beforeWrite = saved;
    }
    expect(def.block.table).toBe('curriculo.formacao');
    const raw = await t.db
      .query(`INSERT INTO curriculo.experiencia (id_usuario, empresa, funcao, data_inicio, data_fim) VALUES ($1, 'X', 'Y', '2022-01-01', '2021-01-01')`, [anaId])
      .catch((e: { code?: string; constraint?: string }) => e);
    expect(raw).toMatchObject({ code: '23514', constraint: 'experiencia_datas_check' });
  });
});
