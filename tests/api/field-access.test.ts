// Fields only some may change (x-intranet.fieldAccess): a provider's site, where every tracking link
// without a destination of its own leads, is the superadmin's to set, whoever else manages the provider.
// Refused with 403 through REST, GraphQL and the service alike; the superadmin's change is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let bitcom: number;
let hrManager: Record<string, string>;

const SITE_REFUSED = 'Este usuário não tem autorização para realizar esta operação. O campo "Site" só pode ser alterado pelo superadministrador.';

beforeAll(async () => {
  t = await testApp();
  bitcom = (await t.inject({ method: 'POST', url: '/api/providers', payload: { nome: 'Bitcom', site: 'https://bitcom.com.br/' } })).json().id;
  hrManager = bearer(await t.userToken({ papeis: ['rh:gestor'], id_empresas: [bitcom] }), 'rh:gestor');
});
afterAll(() => t?.close());

const provider = async () => (await t.inject(`/api/providers/${bitcom}`)).json();

describe("a provider's site", () => {
  it('an HR manager of the provider cannot change it (REST), and the site stays', async () => {
    const r = await t.app.inject({ method: 'PUT', url: `/api/providers/${bitcom}`, headers: hrManager, payload: { site: 'https://golpe.example/' } });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json().message).toBe(SITE_REFUSED);
    const cleared = await t.app.inject({ method: 'PUT', url: `/api/providers/${bitcom}`, headers: hrManager, payload: { site: null } });
    expect(cleared.statusCode, cleared.body).toBe(403);
    expect((await provider()).site).toBe('https://bitcom.com.br/');
  });

  it('nor through GraphQL', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/v1/graphql',
      headers: hrManager,
      payload: { query: `mutation { update_rh_empresa_by_pk(pk_columns: { id: ${bitcom} }, _set: { site: "https://golpe.example/" }) { id site } }` },
    });
    expect(r.json().errors?.[0]?.message).toBe(SITE_REFUSED);
    expect((await provider()).site).toBe('https://bitcom.com.br/');
  });

  it('the rest of the record is still theirs to edit, the unchanged site sent along', async () => {
    const current = await provider();
    const r = await t.app.inject({ method: 'PUT', url: `/api/providers/${bitcom}`, headers: hrManager, payload: { ...current, id: undefined, created_at: undefined, nome: 'Bitcom Telecom' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ nome: 'Bitcom Telecom', site: 'https://bitcom.com.br/' });
  });

  it('the superadmin changes it, and the change is in the history with who made it', async () => {
    const r = await t.inject({ method: 'PUT', url: `/api/providers/${bitcom}`, payload: { site: 'https://www.bitcom.com.br/' } });
    expect(r.statusCode, r.body).toBe(200);
    const history = (await t.inject(`/api/providers/${bitcom}/history`)).json() as { old_data: any; new_data: any; id_usuario: number | null }[];
    const change = history.find((h) => h.new_data?.site === 'https://www.bitcom.com.br/');
    expect(change).toMatchObject({ old_data: { site: 'https://bitcom.com.br/' } });
    const me = (await t.inject('/v1/auth/me')).json();
    expect(change!.id_usuario).toBe(me.user?.usuarioId ?? me.usuarioId);
  });
});
