// The demo customers: the three demo providers' systems and ~3,000 customers, deterministic, valid
// documents, written once (a second run adds nothing), with birth, activation and contract dates on
// every one of the 366 month-days in every system, so each communication rule has customers any day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCnpj, isCpf } from '../../src/domain/validators.js';
import { customerDirectoryFor } from '../../src/server/customers/index.js';
import { DEMO_CUSTOMERS_PER_SYSTEM, fixedCustomers, seedCustomers } from '../../src/server/customers/seed.js';
import { SYSTEM } from '../../src/server/resources/service.js';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const seed = () => t.app.resources.write(SYSTEM, (tx) => seedCustomers(tx));

beforeAll(async () => {
  t = await testApp();
  for (const nome of ['Bitcom', 'RazãoInfo', 'Vetorial']) expect((await t.inject({ method: 'POST', url: '/api/providers', payload: { nome } })).statusCode).toBe(201);
});
afterAll(() => t?.close());

describe('seedCustomers', () => {
  it('creates the systems and the customers once', async () => {
    const fixed = fixedCustomers().length;
    expect(await seed()).toBe(3 * DEMO_CUSTOMERS_PER_SYSTEM + fixed);
    expect(await seed()).toBe(0);
    const { rows } = await t.db.query<{ nome: string; erp: string; empresa: string }>(
      'SELECT s.nome, s.erp, e.nome AS empresa FROM relacionamento.sistema s JOIN rh.empresa e ON e.id = s.id_empresa ORDER BY s.nome',
    );
    expect(rows).toEqual([
      { nome: 'BITCOM', erp: 'MK Solutions', empresa: 'Bitcom' },
      { nome: 'RAZAOINFO', erp: 'IXC Soft', empresa: 'RazãoInfo' },
      { nome: 'VETORIAL', erp: 'SGP', empresa: 'Vetorial' },
    ]);
  });

  it('covers all 366 month-days of each date in every system, contracts before activations', async () => {
    const { rows } = await t.db.query(
      `SELECT sistema,
              count(DISTINCT relacionamento.month_day(data_nascimento))::int AS nascimento,
              count(DISTINCT relacionamento.month_day(data_ativacao))::int AS ativacao,
              count(DISTINCT relacionamento.month_day(data_contratacao))::int AS contratacao,
              count(*) FILTER (WHERE data_contratacao > data_ativacao)::int AS contrato_depois
         FROM relacionamento.dados_pessoas GROUP BY sistema ORDER BY sistema`,
    );
    for (const sistema of ['BITCOM', 'RAZAOINFO', 'VETORIAL']) {
      expect(rows.find((r) => r.sistema === sistema)).toEqual({ sistema, nascimento: 366, ativacao: 366, contratacao: 366, contrato_depois: 0 });
    }
  });

  it('gives every customer a valid CPF or CNPJ, the three situations and some overdue days', async () => {
    const { rows } = await t.db.query<{ cpf: string | null; cnpj: string | null; situacao: string; dias_atraso: number }>(
      'SELECT cpf, cnpj, situacao, dias_atraso FROM relacionamento.dados_pessoas',
    );
    expect(rows.filter((r) => !(r.cpf ? isCpf(r.cpf) : r.cnpj && isCnpj(r.cnpj)))).toEqual([]);
    const share = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length / rows.length;
    expect(share((r) => r.situacao === 'ativo')).toBeGreaterThan(0.75);
    expect(share((r) => r.situacao === 'suspenso')).toBeGreaterThan(0.03);
    expect(share((r) => r.situacao === 'cancelado')).toBeGreaterThan(0.03);
    expect(share((r) => r.dias_atraso > 0)).toBeGreaterThan(0.1);
    expect(share((r) => r.cnpj !== null)).toBeGreaterThan(0.03);
  });

  it('the fixed customers are found as the README lists them', async () => {
    const directory = customerDirectoryFor(t.db);
    const all = { providerIds: null };
    expect((await directory.find({ cpf: '111.444.777-35' }, all)).map((c) => [c.sistema, c.cod_cliente, c.nome_razaosocial])).toEqual([
      ['BITCOM', '1001', 'Maria Aparecida da Silva'],
    ]);
    expect((await directory.find({ sistema: 'BITCOM', codpessoa: '1002' }, all)).map((c) => [c.cod_cliente, c.situacao])).toEqual([
      ['1002', 'ativo'],
      ['1003', 'cancelado'],
    ]);
    expect((await directory.find({ cpf: '333.666.999-57' }, all))[0]).toMatchObject({ sistema: 'RAZAOINFO', situacao: 'suspenso', dias_atraso: 45 });
    expect((await directory.find({ cnpj: '11.222.333/0001-81' }, all))[0]).toMatchObject({ sistema: 'VETORIAL', cod_cliente: '3001' });
    expect((await directory.find({ cpf: '444.777.000-83' }, all))[0]).toMatchObject({ sistema: 'VETORIAL', cod_cliente: '3002', dias_atraso: 10 });
  });
});
