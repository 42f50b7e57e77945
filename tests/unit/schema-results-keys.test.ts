// The schema keys the campaign results brought to the engine (schemas/README.md): scope.optional,
// scope.titleParent, scope.parentList / allList, an alias's own scope parameters and returnTo,
// form.saveAndContinue and messages.required's {campos}. The campaign results schema declares them;
// each malformed use is refused, naming the problem; the admin reads them into its routes.
import { describe, expect, it } from 'vitest';
import { SCHEMAS_DIR } from '../../src/server/app.js';
import { createRegistry, loadMetaSchema, loadRegistry, loadSchemaFiles, type EntitySchema } from '../../src/server/schemas/registry.js';
import { aliasConfig, buildConfigs, editPathOf, listPathOf, registerPathOf, scopeValueOf, withoutScope, withScope } from '../../src/admin/core/schemas.js';
import { missingFieldTitles } from '../../src/admin/generator/ResourceForm.js';

const meta = loadMetaSchema(SCHEMAS_DIR);
const files = loadSchemaFiles(SCHEMAS_DIR);
const RESULTS = 'vendas/campaign-results.json';
type Block = Record<string, any>;
const block = (s: EntitySchema) => s['x-intranet'] as unknown as Block;

const changed = (mutate: (b: Block) => void) => {
  const all = files.map((f) => (f.file === RESULTS ? { schema: JSON.parse(JSON.stringify(f.schema)) as EntitySchema, file: f.file } : f));
  mutate(block(all.find((f) => f.file === RESULTS)!.schema));
  return () => createRegistry(all, meta);
};

const config = () => {
  const f = files.find((x) => x.file === RESULTS)!;
  return buildConfigs({ [`/schemas/${RESULTS}`]: f.schema, ...Object.fromEntries(files.map((x) => [`/schemas/${x.file}`, x.schema])) }).find((c) => c.resource === 'campaign-results')!;
};

describe('the campaign results schema', () => {
  it('declares the keys, and the server loads them', () => {
    const results = loadRegistry(SCHEMAS_DIR).get('campaign-results')!.block as Block;
    expect(results.form.saveAndContinue).toBe(true);
    expect(results.scope).toMatchObject({ field: 'id_campanha', param: 'idCampaign', in: 'query', optional: true, titleParent: true });
    expect(results.aliases[0]).toMatchObject({ path: '/marketing/results-campaigns-report', scope: { param: 'id_campanha', idParam: 'id_result', listParam: 'idCampaign' } });
    expect(results.messages.required).toBe('Preencha os seguintes campos obrigatórios: {campos}');
  });

  it('refuses malformed uses, naming the problem', () => {
    expect(changed((b) => (b.scope.allList = { columns: ['nada'] }))).toThrow(/scope.allList.columns names unknown field "nada"/);
    expect(changed((b) => (b.scope.parentList = { expand: ['nada'] }))).toThrow(/scope.parentList.expand names unknown field "nada"/);
    expect(changed((b) => delete b.scope.optional)).toThrow(/allList needs optional/);
    expect(changed((b) => (b.aliases[0].scope = { param: 'x', idParam: 'x' }))).toThrow(/is the same as its param/);
    expect(changed((b) => (b.aliases[0].scope = { nada: 1 }))).toThrow(/additional/);
    expect(changed((b) => (b.form.saveAndContinue = 'sim'))).toThrow(/saveAndContinue/);
    expect(changed((b) => (b.scope.optional = 1))).toThrow(/optional/);
  });
});

describe('the admin reads them', () => {
  it('routes: the global list, one campaign, the report alias', () => {
    const c = config();
    expect(c.saveAndContinue).toBe(true);
    expect(withoutScope(c).list.columns).toContain('id_campanha');
    expect(withoutScope(c).list.expand).toEqual(['impressoes', 'cliques', 'total_leads', 'total_vendas', 'conversas_iniciadas', 'investimento']);
    const one = withScope(c, '1');
    expect(one.list.expand).toEqual(['impressoes', 'cliques', 'total_leads', 'total_vendas']);
    expect(listPathOf(one)).toBe('/marketing/results-campaigns/list?idCampaign=1');
    expect(registerPathOf(one)).toBe('/marketing/results-campaigns/register?idCampaign=1');
    // The list of every campaign opens a record by its own address.
    expect(editPathOf(c, 5, { id: 5, id_campanha: 1 })).toBe('/marketing/results-campaigns/edit/5');
    const report = aliasConfig(c, c.aliases[0]);
    expect(report.returnTo).toBe('/marketing/results-campaigns-report/report');
    expect(editPathOf(withScope(report, '1'), 5)).toBe('/marketing/results-campaigns-report/edit?id_campanha=1&id_result=5');
    expect(listPathOf(withScope(report, '1'))).toBe('/marketing/results-campaigns-report/list?idCampaign=1');
    expect(scopeValueOf(report, {}, new URLSearchParams('idCampaign=3'))).toBe('3');
    expect(scopeValueOf(report, {}, new URLSearchParams('id_campanha=4&id_result=5'))).toBe('4');
  });

  it('{campos}: the missing fields by title, a period once by its own', () => {
    const c = config();
    const required = { message: '@@react-admin@@"Campo obrigatório"' };
    expect(missingFieldTitles(c, { id_empresa: required, periodo_inicio: required, periodo_fim: required }, { id_campanha: 1 })).toEqual(['Provedor', 'Período', 'Canal']);
  });
});
