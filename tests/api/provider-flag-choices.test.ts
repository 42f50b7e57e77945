// One rule for every register that names a sales campaign or channel (x-intranet.references with
// providerFlag: leads, campaign results, lead imports, tracking links): the option must be active
// and carry the record's provider's flag, as the forms offer them, checked by the server on every
// write that newly names one or moves the record to another provider; an option the record already
// holds stays (a record whose campaign was paused later still saves).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { loadRegistry } from '../../src/server/schemas/registry.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { recordMaker } from '../helpers/records.js';

const CAMPAIGN_REFUSED = 'A campanha precisa estar ativa e ser usada por este provedor.';
const CHANNEL_REFUSED = 'O canal precisa estar ativo e ser usado por este provedor.';

let t: TestApp;
let make: ReturnType<typeof recordMaker>;
let bitcom: number;
let vetorial: number;
const campaign: Record<string, number> = {};
const channel: Record<string, number> = {};

async function post(url: string, payload: object) {
  const r = await t.inject({ method: 'POST', url, payload });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

beforeAll(async () => {
  t = await testApp();
  make = recordMaker(t);
  bitcom = await post('/api/providers', { nome: 'Bitcom', site: 'https://bitcom.com.br/' });
  vetorial = await post('/api/providers', { nome: 'Vetorial', site: 'https://vetorial.net/' });
  const every = { bitcom: true, razao: true, vetorial: true };
  campaign.ok = await post('/api/sales-campaigns', { nome: 'Campanha de todos', ...every, ativo: true });
  campaign.paused = await post('/api/sales-campaigns', { nome: 'Campanha pausada', ...every, ativo: false });
  campaign.vetorialOnly = await post('/api/sales-campaigns', { nome: 'Campanha da Vetorial', bitcom: false, razao: false, vetorial: true, ativo: true });
  channel.ok = await post('/api/sales-channels', { nome: 'Canal de todos', ...every, ativo: true });
  channel.paused = await post('/api/sales-channels', { nome: 'Canal pausado', ...every, ativo: false });
  channel.vetorialOnly = await post('/api/sales-channels', { nome: 'Canal da Vetorial', bitcom: false, razao: false, vetorial: true, ativo: true });
});
afterAll(() => t?.close());

const registry = loadRegistry(SCHEMAS_DIR);
/** The registers naming a campaign and a channel offered by the provider's flag. */
const registers = registry.resources.filter((def) => Object.values(def.block.references ?? {}).some((r) => r.providerFlag));

/** A valid record of the register in the provider, with the good campaign and channel. */
async function valuesOf(name: string, provider: number) {
  return { ...(await make.values(name, provider)), id_empresa: provider, id_campanha: campaign.ok, id_canal: channel.ok };
}

describe('a campaign and a channel: active, and used by the record\'s provider', () => {
  it('covers every register that names them', () => {
    expect(registers.map((d) => d.name).sort()).toEqual(['campaign-results', 'lead-imports', 'leads', 'tracking-links']);
  });

  it.each(registers.map((d) => [d.name]))('%s: a paused option or one of another provider is refused on its field; the right ones are taken', async (name) => {
    const create = (payload: object) => t.inject({ method: 'POST', url: `/api/${name}`, payload });
    for (const [field, id, message] of [
      ['id_campanha', campaign.paused, CAMPAIGN_REFUSED],
      ['id_campanha', campaign.vetorialOnly, CAMPAIGN_REFUSED],
      ['id_canal', channel.paused, CHANNEL_REFUSED],
      ['id_canal', channel.vetorialOnly, CHANNEL_REFUSED],
    ] as const) {
      const r = await create({ ...(await valuesOf(name, bitcom)), [field]: id });
      expect(r.statusCode, `${field}=${id}: ${r.body}`).toBe(400);
      expect(r.json().errors[field]).toBe(message);
    }
    // The Vetorial's own campaign and channel are Vetorial's to use.
    const theirs = await create({ ...(await valuesOf(name, vetorial)), id_campanha: campaign.vetorialOnly, id_canal: channel.vetorialOnly });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const ok = await create(await valuesOf(name, bitcom));
    expect(ok.statusCode, ok.body).toBe(201);
    // Moving the Vetorial's record to Bitcom with the Vetorial's campaign is naming it for Bitcom.
    // (A lead import is never changed once made: 409, as always.)
    const moved = await t.inject({ method: 'PUT', url: `/api/${name}/${theirs.json().id}`, payload: { id_empresa: bitcom } });
    if (name === 'lead-imports') expect(moved.statusCode, moved.body).toBe(409);
    else {
      expect(moved.statusCode, moved.body).toBe(400);
      expect(moved.json().errors).toMatchObject({ id_campanha: CAMPAIGN_REFUSED, id_canal: CHANNEL_REFUSED });
    }
  });

  it('a record whose campaign was paused later still saves its other changes, but cannot be given the paused one again', async () => {
    const later = await post('/api/sales-campaigns', { nome: 'Campanha que vai pausar', bitcom: true, ativo: true });
    const lead = await post('/api/leads', { ...(await valuesOf('leads', bitcom)), id_campanha: later });
    expect((await t.inject({ method: 'PUT', url: `/api/sales-campaigns/${later}`, payload: { ativo: false } })).statusCode).toBe(200);
    const edited = await t.inject({ method: 'PUT', url: `/api/leads/${lead}`, payload: { nome: 'Nome corrigido' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ nome: 'Nome corrigido', id_campanha: later });
    const other = await post('/api/leads', await valuesOf('leads', bitcom));
    const named = await t.inject({ method: 'PUT', url: `/api/leads/${other}`, payload: { id_campanha: later } });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors.id_campanha).toBe(CAMPAIGN_REFUSED);
  });

  it('the v1 calls follow the same rule: a lead import, a tracking link', async () => {
    const file = (await make.values('lead-imports', bitcom)).id_file;
    const imported = await t.inject({ method: 'POST', url: '/v1/lead/dados/importacao', payload: { id_file: file, id_campanha: campaign.paused, id_canal: channel.ok, id_empresa: bitcom } });
    expect(imported.statusCode, imported.body).toBe(400);
    expect(imported.json().errors.id_campanha).toBe(CAMPAIGN_REFUSED);
    const link = await t.inject({ method: 'POST', url: '/v1/vendas/tracking/url', payload: { params: { cmp: campaign.ok, chn: channel.vetorialOnly }, id_empresa: bitcom } });
    expect(link.statusCode, link.body).toBe(400);
    expect(link.json().errors.id_canal).toBe(CHANNEL_REFUSED);
  });
});
