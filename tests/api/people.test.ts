// Contacts and the calendar of the employee's header (foundation document, sections 2 and 7):
// GET /v1/company/users (search by name and provider, the caller's providers only, work data only),
// GET /v1/company/users/{id}, GET /v1/calendario (the month's holidays by the holidays' rules and the
// colleagues' birthdays as day and month); candidates and calls without a token are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let A: number;
let B: number;
const who: Record<string, { token: string; id: number }> = {};

async function person(name: string, providers: number[], opts: { funcionario?: boolean; papeis?: string[]; cargo?: number; nascimento?: string } = {}) {
  const token = await t.userToken({ papeis: opts.papeis ?? ['user'], id_empresas: providers, funcionario: opts.funcionario ?? true, nome: name });
  const id = (await t.app.inject({ url: '/v1/auth/me', headers: bearer(token) })).json().usuarioId as number;
  if (opts.cargo) expect((await t.inject({ method: 'PUT', url: `/api/users/${id}`, payload: { id_cargo: opts.cargo } })).statusCode).toBe(200);
  if (opts.nascimento) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/employee-profiles',
      headers: bearer(token, 'user'),
      payload: { nome: name, cpf: validCpf(Object.keys(who).length), genero: 'F', estado_civil: 'SOLTEIRO', data_nascimento: opts.nascimento, email_corp: `${name.split(' ')[0].normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}@empresa.com.br` },
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  who[name] = { token, id };
  return who[name];
}

/** A valid, masked CPF made from an index. */
function validCpf(n: number): string {
  const d = String(123456780 + n).padStart(9, '0').split('').map(Number);
  const digit = (len: number) => {
    const r = (d.slice(0, len).reduce((s, x, i) => s + x * (len + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  d.push(digit(9));
  d.push(digit(10));
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

const get = (name: string, url: string) => t.app.inject({ url, headers: bearer(who[name].token) });

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
  const department = (await t.inject({ method: 'POST', url: '/api/departments', payload: { nome: 'Suporte', id_empresa: A } })).json().id;
  const sector = (await t.inject({ method: 'POST', url: '/api/sectors', payload: { nome: 'Atendimento', id_departamento: department } })).json().id;
  const cargo = (await t.inject({ method: 'POST', url: '/api/positions', payload: { nome: 'Técnico de Campo', id_setor: sector } })).json().id;
  await person('Ângela Souza', [A], { cargo, nascimento: '1991-03-08' });
  await person('Bruno Lima', [A], { nascimento: '1985-07-21' });
  await person('Vera Dias', [B], { nascimento: '1990-03-15' });
  await person('Carlos Candidato', [], { funcionario: false });
  await person('Inês Inativa', [A]);
  expect((await t.inject({ method: 'PUT', url: `/api/users/${who['Inês Inativa'].id}`, payload: { ativo: false } })).statusCode).toBe(200);
  for (const [nome, data, tipo, extra] of [
    ['Carnaval', '03-03', 'Nacional', {}],
    ['Data Magna de SP', '03-09', 'Estadual', { uf: 'SP' }],
    ['Aniversário de Belo Horizonte', '03-12', 'Municipal', { uf: 'MG', municipio: [3106200] }],
    ['Feriado antigo', '03-20', 'Nacional', { recorrencia_anual: false }],
    ['Tiradentes', '04-21', 'Nacional', {}],
  ] as const) {
    const r = await t.inject({ method: 'POST', url: '/api/holidays', payload: { nome, data, tipo, ...extra } });
    expect(r.statusCode, r.body).toBe(201);
  }
});

afterAll(async () => {
  await t?.close();
});

describe('contacts', () => {
  it("lists the active employees of the caller's providers with their work data, by name", async () => {
    const r = await get('Bruno Lima', '/v1/company/users');
    expect(r.statusCode, r.body).toBe(200);
    const { total, usuarios } = r.json();
    expect(usuarios.map((u: { nome: string }) => u.nome)).toEqual(['Ângela Souza', 'Bruno Lima']);
    expect(total).toBe(2);
    // The providers of the search's select: the caller's.
    expect(r.json().empresas).toEqual([{ id: A, nome: 'Bitcom' }]);
    expect(usuarios[0]).toMatchObject({ cargo: 'Técnico de Campo', setor: 'Atendimento', departamento: 'Suporte', empresas: ['Bitcom'], email_corp: 'angela@empresa.com.br', aniversario: '03-08' });
    // Work data only: nothing of the documents or the address.
    for (const key of ['cpf', 'rg', 'rua', 'cep', 'data_nascimento', 'cnh_numero', 'image_data']) expect(usuarios[0]).not.toHaveProperty(key);
    // Accent-insensitive search; LIKE wildcards are plain text.
    expect((await get('Bruno Lima', `/v1/company/users?nome=${encodeURIComponent('angela')}`)).json().usuarios.map((u: { nome: string }) => u.nome)).toEqual(['Ângela Souza']);
    expect((await get('Bruno Lima', '/v1/company/users?nome=%25')).json().usuarios).toEqual([]);
  });

  it("never shows another provider's people, even when asked for that provider", async () => {
    expect((await get('Bruno Lima', `/v1/company/users?empresa=${B}`)).json().usuarios).toEqual([]);
    expect((await get('Vera Dias', '/v1/company/users')).json().usuarios.map((u: { nome: string }) => u.nome)).toEqual(['Vera Dias']);
    expect((await get('Vera Dias', `/v1/company/users/${who['Ângela Souza'].id}`)).statusCode).toBe(404);
    // The superadmin sees everyone active.
    const all = (await t.inject({ url: '/v1/company/users' })).json().usuarios.map((u: { nome: string }) => u.nome);
    expect(all).toEqual(expect.arrayContaining(['Ângela Souza', 'Bruno Lima', 'Vera Dias']));
    expect(all).not.toContain('Inês Inativa');
    expect(all).not.toContain('Carlos Candidato');
  });

  it('one contact, with the photo fields', async () => {
    const r = await get('Bruno Lima', `/v1/company/users/${who['Ângela Souza'].id}`);
    expect(r.statusCode).toBe(200);
    expect(r.json().usuario).toMatchObject({ id: who['Ângela Souza'].id, nome: 'Ângela Souza', cargo: 'Técnico de Campo', image_data: null, tem_foto: false });
  });

  it('refuses candidates, calls without a token and malformed queries', async () => {
    expect((await get('Carlos Candidato', '/v1/company/users')).statusCode).toBe(403);
    expect((await get('Carlos Candidato', '/v1/calendario?ano=2026&mes=3')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v1/company/users' })).statusCode).toBe(401);
    expect((await get('Bruno Lima', '/v1/company/users?limit=5000')).statusCode).toBe(400);
    expect((await get('Bruno Lima', '/v1/company/users/abc')).statusCode).toBe(400);
    expect((await get('Bruno Lima', '/v1/calendario?ano=2026&mes=13')).statusCode).toBe(400);
    expect((await get('Bruno Lima', '/v1/calendario')).statusCode).toBe(400);
  });
});

describe('calendar', () => {
  it("answers the month's holidays with their place and the colleagues' birthdays of the caller's providers", async () => {
    const r = await get('Bruno Lima', '/v1/calendario?ano=2026&mes=3');
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.feriados.map((f: { nome: string; data: string }) => [f.data, f.nome])).toEqual([
      ['2026-03-03', 'Carnaval'],
      ['2026-03-09', 'Data Magna de SP'],
      ['2026-03-12', 'Aniversário de Belo Horizonte'],
      // Not yearly: only in the year it was registered (this year).
      ...(new Date().getUTCFullYear() === 2026 ? [['2026-03-20', 'Feriado antigo']] : []),
    ]);
    expect(body.feriados[2]).toMatchObject({ tipo: 'Municipal', uf: 'MG', cidades: ['Belo Horizonte'] });
    // Vera (another provider) is not among Bruno's birthdays.
    expect(body.aniversarios).toEqual([{ id: who['Ângela Souza'].id, nome: 'Ângela Souza', data: '2026-03-08' }]);
    const later = (await get('Bruno Lima', '/v1/calendario?ano=2031&mes=3')).json();
    expect(later.feriados.map((f: { nome: string }) => f.nome)).not.toContain('Feriado antigo');
    expect((await get('Bruno Lima', '/v1/calendario?ano=2026&mes=7')).json().aniversarios.map((a: { nome: string }) => a.nome)).toEqual(['Bruno Lima']);
  });
});
