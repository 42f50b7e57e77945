// The list's partial text filter (`<field>_contains`): the generated screens send it for a text filter
// on a field of the schema's `search` (the restrictions' name and CPF, ...): a part of the text,
// accent- and case-insensitive, with LIKE's wildcards taken literally; not on other column types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qs, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let provider: number;

beforeAll(async () => {
  t = await testApp();
  provider = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Provedor do Filtro Parcial' } })).json().id;
  for (const nome of ['Atendimento ao Cliente', 'Financeiro e Cobrança', 'COBRANÇA Judicial', 'Taxa 100% fibra']) {
    const r = await t.inject({ method: 'POST', url: '/api/departments', payload: { nome, id_empresa: provider } });
    expect(r.statusCode, r.body).toBe(201);
  }
});
afterAll(() => t?.close());

const names = async (filter: Record<string, unknown>) => {
  const r = await t.inject({ url: `/api/departments?${qs({ filter: { id_empresa: provider, ...filter }, sort: ['nome', 'ASC'] })}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().map((d: { nome: string }) => d.nome);
};

describe('<field>_contains', () => {
  it('matches a part of the text whatever its accents and case', async () => {
    expect(await names({ nome_contains: 'cobranca' })).toEqual(['COBRANÇA Judicial', 'Financeiro e Cobrança']);
    expect(await names({ nome_contains: 'CLIENTE' })).toEqual(['Atendimento ao Cliente']);
    // The plain field stays an exact match.
    expect(await names({ nome: 'cobranca' })).toEqual([]);
  });

  it("takes LIKE's wildcards literally, and an empty text filters nothing", async () => {
    expect(await names({ nome_contains: '100%' })).toEqual(['Taxa 100% fibra']);
    expect(await names({ nome_contains: '_' })).toEqual([]);
    expect(await names({ nome_contains: '  ' })).toHaveLength(4);
  });

  it('answers 400, not 500, on a field that is not text or a value that is not one', async () => {
    for (const filter of [{ id_empresa_contains: '1' }, { nome_contains: { a: 1 } }, { nome_contains: ['x'] }]) {
      const r = await t.inject({ url: `/api/departments?${qs({ filter })}` });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toEqual(expect.any(String));
    }
  });
});
