// Rides (issue 33): the register /api/rides (an employee's own offers; the frota manager sees every
// offer of their providers; another provider's manager sees none; a provider the user does not belong
// to is refused; a date and time already past is refused), and the board's calls: the public one
// (no token, no personal field, from today on in São Paulo, searched without accents or case,
// throttled per address) and the signed-in one (the offerer's first name and the phone, within the
// caller's providers). Each test writes its own offers (its own origin tag) and reads them back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../src/server/config.js';
import { RIDE_MSG, type RideOffer } from '../../src/domain/rides.js';
import { todayInSaoPaulo } from '../../src/server/roulette/service.js';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
const users: Record<string, { token: string; role?: string; id: number }> = {};
let ipSeq = 10;
const nextIp = () => `198.51.100.${++ipSeq}`;
let tagSeq = 0;
/** A word of this test's own, put in its offers' origins so that its reads find only them. */
const tag = () => `Bairro${String.fromCharCode(65 + (tagSeq % 26))}${++tagSeq}x`;

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, as: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: as ? bearer(users[as].token, users[as].role) : bearer(t.adminToken, 'users:superadmin'), ...(payload ? { payload } : {}) });

const DAY = 86_400_000;
/** An instant `days` from now (an hour ahead at least, so it is still to come when written). */
const ahead = (days: number, hours = 2) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

const offer = (extra: Record<string, unknown> = {}) => ({
  id_empresa: A,
  origem: 'Savassi',
  destino: 'Centro',
  data_hora: ahead(1),
  vagas: 3,
  telefone: '(31) 98765-4321',
  observacoes: 'Saio às 7h.',
  ...extra,
});

const create = async (as: string | null, body: Record<string, unknown>) => {
  const r = await call('POST', '/api/rides', as, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as Record<string, any>;
};

const publicBoard = (query: Record<string, string> = {}, ip = nextIp()) =>
  t.app.inject({ method: 'GET', url: `/v1/public/caronas?${new URLSearchParams(query)}`, remoteAddress: ip });
const staffBoard = (as: string, query: Record<string, string> = {}) => call('GET', `/v1/caronas?${new URLSearchParams(query)}`, as);
const ids = (r: { json: () => { caronas: RideOffer[] } }) => r.json().caronas.map((c) => c.id);

beforeAll(async () => {
  t = await testApp({ config: { ridesReadsPerMinute: 5 } as Partial<Config> });
  const post = async (url: string, body: object) => {
    const r = await t.inject({ method: 'POST', url, payload: body });
    expect(r.statusCode, r.body).toBe(201);
    return r.json().id as number;
  };
  A = await post('/api/providers', { nome: 'Bitcom' });
  B = await post('/api/providers', { nome: 'Vetorial' });
  const people: [string, string[], number[], boolean, string][] = [
    ['emp', ['user'], [A], true, 'Maria Aparecida Souza'],
    ['emp2', ['user'], [A], true, 'João Pedro Lima'],
    ['both', ['user'], [A, B], true, 'Paula Dois Provedores'],
    ['frota.gestor', ['frota:gestor'], [A], true, 'Fernanda Gestora'],
    ['frotaB.gestor', ['frota:gestor'], [B], true, 'Bruno Gestor'],
    ['empB', ['user'], [B], true, 'Beatriz Vetorial'],
    ['candidate', ['user'], [], false, 'Carla Candidata'],
    ['leaver', ['user'], [A], true, 'Lia Desligada'],
  ];
  for (const [key, papeis, id_empresas, funcionario, nome] of people) {
    const email = `${key}@caronas.teste`;
    const token = await t.userToken({ papeis, id_empresas, email, funcionario, nome });
    const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM auth.usuario WHERE email = $1`, [email]);
    users[key] = { token, id: rows[0].id, ...(papeis[0] !== 'user' ? { role: papeis[0] } : {}) };
  }
});
afterAll(() => t?.close());

describe('the register /api/rides', () => {
  it('an employee offers a ride as its owner, and sees and changes only their own offers; the frota manager sees every offer of their providers, another provider’s none', async () => {
    const where = tag();
    const mine = await create('emp', offer({ origem: where }));
    expect(mine.id_usuario).toBe(users.emp.id);
    expect(mine.nome).toBe('Maria Aparecida Souza');
    expect(mine.ativo).toBe(true);
    const theirs = await create('emp2', offer({ origem: where, vagas: 1 }));

    const listOf = async (as: string) => {
      const r = await call('GET', `/api/rides?${new URLSearchParams({ filter: JSON.stringify({ q: where }) })}`, as);
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { id: number }[]).map((x) => x.id).sort((a, b) => a - b);
    };
    expect(await listOf('emp')).toEqual([mine.id]);
    expect(await listOf('emp2')).toEqual([theirs.id]);
    expect(await listOf('frota.gestor')).toEqual([mine.id, theirs.id].sort((a, b) => a - b));
    expect(await listOf('frotaB.gestor')).toEqual([]);
    expect(await listOf('empB')).toEqual([]);

    expect((await call('GET', `/api/rides/${theirs.id}`, 'emp')).statusCode).toBe(404);
    expect((await call('GET', `/api/rides/${mine.id}`, 'frotaB.gestor')).statusCode).toBe(404);
    expect((await call('PUT', `/api/rides/${theirs.id}`, 'emp', { vagas: 2 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/rides/${theirs.id}`, 'emp')).statusCode).not.toBe(200);
    // Their own: changed, switched off and withdrawn by the offerer.
    const changed = await call('PUT', `/api/rides/${mine.id}`, 'emp', { vagas: 4, ativo: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().vagas).toBe(4);
    expect((await call('DELETE', `/api/rides/${mine.id}`, 'emp')).statusCode).toBe(200);
    // The manager of the provider changes an employee's offer; the other provider's cannot.
    expect((await call('PUT', `/api/rides/${theirs.id}`, 'frotaB.gestor', { vagas: 2 })).statusCode).toBe(404);
    expect((await call('PUT', `/api/rides/${theirs.id}`, 'frota.gestor', { ativo: false })).statusCode).toBe(200);
    const row = await t.db.query<{ ativo: boolean; vagas: number }>(`SELECT ativo, vagas FROM frota.carona WHERE id = $1`, [theirs.id]);
    expect(row.rows[0]).toEqual({ ativo: false, vagas: 1 });
  });

  it('refuses a provider the employee does not belong to, and takes either of the providers of someone in two', async () => {
    const where = tag();
    const refused = await call('POST', '/api/rides', 'emp', offer({ origem: where, id_empresa: B }));
    expect(refused.statusCode, refused.body).toBe(403);
    const { rows } = await t.db.query(`SELECT 1 FROM frota.carona WHERE origem = $1`, [where]);
    expect(rows).toHaveLength(0);
    expect((await call('POST', '/api/rides', 'both', offer({ origem: where, id_empresa: B }))).statusCode).toBe(201);
    const mine = await create('emp', offer({ origem: where }));
    // Nor moved there afterwards.
    expect((await call('PUT', `/api/rides/${mine.id}`, 'emp', { id_empresa: B })).statusCode).toBe(403);
  });

  it('refuses a date and time already past, on create and when an update moves it; other changes of a past offer go through', async () => {
    const where = tag();
    const past = await call('POST', '/api/rides', 'emp', offer({ origem: where, data_hora: new Date(Date.now() - 60_000).toISOString() }));
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json().errors).toEqual({ data_hora: RIDE_MSG.pastDate });
    expect(past.json().message).toBe(RIDE_MSG.pastDate);
    const mine = await create('emp', offer({ origem: where }));
    const moved = await call('PUT', `/api/rides/${mine.id}`, 'emp', { data_hora: new Date(Date.now() - DAY).toISOString() });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual({ data_hora: RIDE_MSG.pastDate });
    // The ride happened: the offerer still switches it off, sending back the record they read.
    await t.db.query(`UPDATE frota.carona SET data_hora = now() - interval '2 days' WHERE id = $1`, [mine.id]);
    const read = (await call('GET', `/api/rides/${mine.id}`, 'emp')).json();
    const off = await call('PUT', `/api/rides/${mine.id}`, 'emp', { ...read, ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    // Seats are 1 to 8.
    expect((await call('POST', '/api/rides', 'emp', offer({ origem: where, vagas: 9 }))).json().errors).toHaveProperty('vagas');
    expect((await call('POST', '/api/rides', 'emp', offer({ origem: where, vagas: 0 }))).json().errors).toHaveProperty('vagas');
  });
});

describe('the public board GET /v1/public/caronas', () => {
  it('answers without a token only what the offer shows: no name, no phone, no owner', async () => {
    const where = tag();
    const mine = await create('emp', offer({ origem: where, destino: 'Contagem', observacoes: 'Levo até 3.' }));
    const r = await publicBoard({ origem: where });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().total).toBe(1);
    const [found] = r.json().caronas as RideOffer[];
    expect(found).toEqual({
      id: mine.id,
      origem: where,
      destino: 'Contagem',
      data_hora: new Date(mine.data_hora).toISOString(),
      vagas: 3,
      observacoes: 'Levo até 3.',
      empresa: { id: A, nome: 'Bitcom' },
    });
    expect(r.body).not.toContain('98765');
    expect(r.body).not.toContain('Maria');
    // Unknown filters and malformed dates are refused, not answered 500.
    expect((await t.app.inject({ method: 'GET', url: '/v1/public/caronas?telefone=1', remoteAddress: nextIp() })).statusCode).toBe(400);
    expect((await publicBoard({ data: '2026-02-30' })).statusCode).toBe(400);
    expect((await publicBoard({ data: 'amanhã' })).statusCode).toBe(400);
  });

  it('lists the active offers from today on, nearest first, of active offerers only', async () => {
    const where = tag();
    const today = todayInSaoPaulo();
    const later = await create('emp', offer({ origem: where, data_hora: ahead(3) }));
    const soon = await create('emp2', offer({ origem: where, data_hora: ahead(1) }));
    const earlierToday = await create('emp', offer({ origem: where }));
    const yesterday = await create('emp', offer({ origem: where }));
    const inactive = await create('emp', offer({ origem: where, ativo: false }));
    const departed = await create('leaver', offer({ origem: where }));
    // Written as if offered before: one this morning (00:01 in São Paulo), one yesterday.
    await t.db.query(`UPDATE frota.carona SET data_hora = ($2::date::timestamp + interval '1 minute') AT TIME ZONE 'America/Sao_Paulo' WHERE id = $1`, [earlierToday.id, today]);
    await t.db.query(`UPDATE frota.carona SET data_hora = ($2::date::timestamp - interval '1 minute') AT TIME ZONE 'America/Sao_Paulo' WHERE id = $1`, [yesterday.id, today]);
    // The offerer left the company (user switched off): their offers leave the board.
    await t.db.query(`UPDATE auth.usuario SET ativo = false WHERE id = $1`, [users.leaver.id]);
    const r = await publicBoard({ origem: where });
    expect(ids(r)).toEqual([earlierToday.id, soon.id, later.id]);
    expect(ids(r)).not.toContain(yesterday.id);
    expect(ids(r)).not.toContain(inactive.id);
    expect(ids(r)).not.toContain(departed.id);
  });

  it('follows São Paulo’s day, not UTC’s: at 23:30 of 29 February in São Paulo the evening’s offers are still today’s', async () => {
    const where = tag();
    // Written straight to the table: the board's own rule is what is tested here.
    const insert = async (at: string) =>
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO frota.carona (id_empresa, id_usuario, nome, origem, destino, data_hora, vagas, telefone) VALUES ($1, $2, 'x', $3, 'Centro', $4, 2, '(31) 98765-4321') RETURNING id`,
          [A, users.emp.id, where, at],
        )
      ).rows[0].id;
    const evening = await insert('2028-02-29T20:00:00-03:00');
    const day1 = await insert('2028-03-01T08:00:00-03:00');
    const before = await insert('2028-02-28T23:00:00-03:00');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2028-02-29T23:30:00-03:00') });
    try {
      expect(todayInSaoPaulo()).toBe('2028-02-29');
      const r = await publicBoard({ origem: where });
      expect(ids(r)).toEqual([evening, day1]);
      expect(ids(r)).not.toContain(before);
      expect(ids(await publicBoard({ origem: where, data: '2028-02-29' }))).toEqual([evening]);
      expect(ids(await publicBoard({ origem: where, data: '2028-03-01' }))).toEqual([day1]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('searches origin and destination by a part of the text, without accents or case, and by day', async () => {
    const where = tag();
    const a = await create('emp', offer({ origem: `${where} São José`, destino: 'Praça da Liberdade', data_hora: ahead(2) }));
    const b = await create('emp', offer({ origem: `${where} Sao Jose do Vale`, destino: 'Pampulha', data_hora: ahead(4) }));
    await create('emp', offer({ origem: `${where} Contagem`, destino: 'Praça Sete', data_hora: ahead(2) }));
    expect(ids(await publicBoard({ origem: `${where} SAO JOSÉ` }))).toEqual([a.id, b.id]);
    expect(ids(await publicBoard({ origem: 'são josé do vale' }))).toEqual([b.id]);
    expect(ids(await publicBoard({ origem: where, destino: 'PRACA DA liberdade' }))).toEqual([a.id]);
    const dayOfB = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(b.data_hora));
    expect(ids(await publicBoard({ origem: where, data: dayOfB }))).toEqual([b.id]);
    // LIKE's wildcards are plain characters.
    expect(ids(await publicBoard({ origem: `${where}%` }))).toEqual([]);
  });

  it('is throttled per address with a pt-BR message', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await publicBoard({}, ip)).statusCode).toBe(200);
    const refused = await publicBoard({}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(RIDE_MSG.tooMany);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Another address is still answered.
    expect((await publicBoard()).statusCode).toBe(200);
  });
});

describe('the signed-in board GET /v1/caronas', () => {
  it('gives an employee the offerer’s first name and the phone, within their providers', async () => {
    const where = tag();
    const ofA = await create('emp', offer({ origem: where }));
    const ofB = await create('empB', offer({ origem: where, id_empresa: B, telefone: '(11) 97777-1234' }));
    expect((await t.app.inject({ method: 'GET', url: '/v1/caronas' })).statusCode).toBe(401);

    const r = await staffBoard('emp2', { origem: where });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().caronas).toEqual([expect.objectContaining({ id: ofA.id, nome: 'Maria', telefone: '(31) 98765-4321', empresa: { id: A, nome: 'Bitcom' } })]);
    expect(ids(await staffBoard('empB', { origem: where }))).toEqual([ofB.id]);
    expect(ids(await staffBoard('both', { origem: where }))).toEqual([ofA.id, ofB.id].sort((x, y) => x - y));
    const admin = await call('GET', `/v1/caronas?${new URLSearchParams({ origem: where })}`, null);
    expect(admin.json().caronas.map((c: RideOffer) => c.telefone)).toEqual(['(31) 98765-4321', '(11) 97777-1234']);
    // A candidate, no employee, reads what visitors read.
    const candidate = await staffBoard('candidate', { origem: where });
    expect(candidate.statusCode).toBe(200);
    expect(candidate.json().caronas).toHaveLength(2);
    expect(candidate.body).not.toContain('telefone');
    expect(candidate.body).not.toContain('Maria');
  });

  it('GET /v1/caronas/provedores answers the providers the user may offer a ride in', async () => {
    const r = await staffBoard('both');
    expect(r.statusCode).toBe(200);
    const mine = await call('GET', '/v1/caronas/provedores', 'both');
    expect(mine.json()).toEqual({ provedores: [{ id: A, nome: 'Bitcom' }, { id: B, nome: 'Vetorial' }] });
    expect((await call('GET', '/v1/caronas/provedores', 'emp')).json()).toEqual({ provedores: [{ id: A, nome: 'Bitcom' }] });
  });
});
