// Unique rules (x-intranet.unique): a write repeating a combination a rule names is refused with the
// rule's own text, as the top-level message and on its field, through REST, GraphQL and the service
// path the v1 calls write through. The contracting companies' rule: a CNPJ once per provider, the
// same CNPJ typed masked or as digits being the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/errors.js';
import { SYSTEM } from '../../src/server/resources/service.js';
import { qs, testApp, type TestApp } from '../helpers/app.js';

const DUPLICATE_CNPJ = 'Este CNPJ já está cadastrado como empresa contratante deste provedor.';

let t: TestApp;
let A: number;
let B: number;

beforeAll(async () => {
  t = await testApp();
  A = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom' } })).json().id;
  B = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Vetorial' } })).json().id;
});
afterAll(() => t?.close());

const company = (cnpj: string, id_empresa: number, nome = 'Fibra Norte') => ({ razao_social: `${nome} Ltda`, nome_fantasia: nome, cnpj, id_empresa });
const post = (payload: object) => t.inject({ method: 'POST', url: '/api/contracting-companies', payload });
const companiesOf = async (id_empresa: number) => (await t.inject(`/api/contracting-companies?${qs({ filter: { id_empresa } })}`)).json() as { id: number; cnpj: string }[];

describe('a CNPJ is a contracting company of a provider once', () => {
  it('REST: the same CNPJ again in the same provider, masked or as digits, answers 409 with the rule\'s text on cnpj', async () => {
    const first = await post(company('11.222.333/0001-81', A));
    expect(first.statusCode, first.body).toBe(201);
    for (const cnpj of ['11.222.333/0001-81', '11222333000181']) {
      const again = await post(company(cnpj, A, 'Outra'));
      expect(again.statusCode, cnpj).toBe(409);
      expect(again.json()).toEqual({ message: DUPLICATE_CNPJ, errors: { cnpj: DUPLICATE_CNPJ } });
    }
    expect((await companiesOf(A)).map((c) => c.cnpj)).toEqual(['11.222.333/0001-81']);
  });

  it('another provider may register the same CNPJ', async () => {
    const other = await post(company('11222333000181', B));
    expect(other.statusCode, other.body).toBe(201);
  });

  it('an update that makes a second company of the provider repeat the CNPJ is refused the same way', async () => {
    const second = await post(company('45.723.174/0001-10', A, 'Segunda'));
    expect(second.statusCode, second.body).toBe(201);
    const moved = await t.inject({ method: 'PUT', url: `/api/contracting-companies/${second.json().id}`, payload: { cnpj: '11222333000181' } });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: DUPLICATE_CNPJ, errors: { cnpj: DUPLICATE_CNPJ } });
    expect((await t.inject(`/api/contracting-companies/${second.json().id}`)).json().cnpj).toBe('45.723.174/0001-10');
  });

  it('GraphQL answers the same text and field error', async () => {
    const r = await t.inject({
      method: 'POST',
      url: '/v1/graphql',
      payload: { query: 'mutation ($o: rh_empresa_contratante_insert_input!) { insert_rh_empresa_contratante_one(object: $o) { id } }', variables: { o: company('11.222.333/0001-81', A, 'Pela API') } },
    });
    expect(r.json().data?.insert_rh_empresa_contratante_one ?? null).toBeNull();
    expect(r.json().errors[0]).toMatchObject({ message: DUPLICATE_CNPJ, extensions: { code: 'CONFLICT', statusCode: 409, errors: { cnpj: DUPLICATE_CNPJ } } });
  });

  it('the service\'s write path (the one the v1 calls take), even with its own SQL, answers it too', async () => {
    const error = await t.app.resources
      .write(SYSTEM, (tx) =>
        tx.query(`INSERT INTO rh.empresa_contratante (razao_social, nome_fantasia, cnpj, id_empresa) VALUES ('Direta Ltda', 'Direta', '11222333000181', $1)`, [A]),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 409, message: DUPLICATE_CNPJ, errors: { cnpj: DUPLICATE_CNPJ } });
    expect(await companiesOf(A)).toHaveLength(2);
  });

  it('a duplicate no rule names keeps the generic text', async () => {
    const r = await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'bitcom' } });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ message: 'Já existe um registro com estes dados.', errors: { nome: 'Já existe um registro com estes dados.' } });
  });
});
