// References across providers: a write by someone scoped to some providers may only point a
// reference (x-intranet.references) at a row they could read. Without this, a manager of one
// provider could link a record to another provider's position, department or user, and then see it
// named on their side. Likewise a file field may only name a stored file its writer could download:
// otherwise a record (a roulette's public background, a news cover) would hand it to others.
import { MSG } from '../../domain/messages.js';
import { flagOfProvider } from '../../domain/salesFlags.js';
import type { Queryable } from '../db/index.js';
import { fileRefusal, storedFiles, type FileReader, type FileRule } from '../files/access.js';
import { ValidationError, type FieldErrors } from '../schemas/validation.js';
import { fileFieldsOf, quoteIdent, type Registry, type ResourceDef } from '../schemas/registry.js';
import { Params, scopeCondition, type Scope } from './query.js';

const idsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined);

/**
 * A read-only owner column (x-intranet.owner: a resume entry's id_usuario) holds the row's author,
 * written by the server, never by the caller: nothing to check (a candidate, in no provider, is not
 * in their own providers' scope). A writable one (a notification's recipient) is checked as any.
 */
const isAuthorColumn = (def: ResourceDef, field: string) => field === def.block.owner && def.columnByName.get(field)?.property.readOnly === true;

/**
 * Refuses (400 on the field, as a reference to no row: whether the row exists elsewhere is not told)
 * a write whose references newly name rows of a provider-scoped resource outside the actor's
 * providers. References the record already held are left alone; the superadmin and system work
 * (no provider scope) are not checked.
 */
export async function assertReferencesInScope(
  tx: Queryable,
  registry: Registry,
  def: ResourceDef,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  actor: Scope,
) {
  if (actor.providerIds === null) return;
  // The field that places the row itself in a provider is checked as the row's scope (403 after the write).
  const own = typeof def.block.provider === 'string' ? def.block.provider : def.block.provider?.column;
  const errors: FieldErrors = {};
  for (const [field, ref] of Object.entries(def.block.references ?? {})) {
    if (!(field in values) || field === own || isAuthorColumn(def, field)) continue;
    const target = registry.get(ref.resource);
    if (!target?.block.provider) continue;
    const before = new Set(idsOf(existing?.[field]).map(String));
    const added = [...new Set(idsOf(values[field]).filter((id) => !before.has(String(id))))];
    if (!added.length) continue;
    const p = new Params();
    // The provider scope alone: an owner scope of the written resource says nothing about the target.
    const scope = scopeCondition(registry, target, { providerIds: actor.providerIds }, p);
    const idType = target.columnByName.get('id')!.sqlTypes[0];
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${target.sqlTable} WHERE "id" = ANY(${p.add(added)}::${idType}[])${scope ? ` AND ${scope}` : ''}`,
      p.values,
    );
    if (rows[0].n < added.length) errors[field] = MSG.referenceMissing;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, MSG.referenceMissing);
}

/**
 * Refuses (400 on the field) a write whose file fields (format file, or lists of them) newly name a
 * stored file the actor may not download (GET /v1/files/{id}'s rule), of another bucket than the
 * field's, or of a type the field does not take (x-intranet.files; the type read from the content at
 * upload). Files the record already held are left alone, as for references: an editor may save a
 * record whose file someone else (the superadmin) attached. The superadmin and system work read
 * every file, so only the bucket and the type bind them (the demo seed attaches its files as the
 * system).
 */
export async function assertFileReferences(tx: Queryable, def: ResourceDef, values: Record<string, unknown>, existing: Record<string, unknown> | null, actor: FileReader) {
  const added: { field: string; ids: string[]; rule: FileRule }[] = [];
  for (const { field, rule } of fileFieldsOf(def)) {
    if (!(field in values)) continue;
    const before = new Set(idsOf(existing?.[field]).map((id) => String(id).toLowerCase()));
    const ids = [...new Set(idsOf(values[field]).map((id) => String(id).toLowerCase()))].filter((id) => !before.has(id));
    if (ids.length) added.push({ field, ids, rule });
  }
  if (!added.length) return;
  const files = await storedFiles(tx, added.flatMap((a) => a.ids));
  const errors: FieldErrors = {};
  for (const { field, ids, rule } of added) {
    const refusal = ids.map((id) => fileRefusal(actor, files.get(id), rule)).find((r) => r !== null);
    if (refusal) errors[field] = refusal;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
}

/**
 * The options a provider uses (x-intranet.references.<field>.providerFlag: a campaign or channel of
 * the sales area, which carries one flag per provider of the group): a write that newly names one, or
 * moves the record to another provider, must name an active option carrying that provider's flag (a
 * provider without a flag: any active one), as the forms offer them; else 400 on the field ('A
 * campanha precisa estar ativa e ser usada por este provedor.'). One rule for every register that
 * references them (leads, campaign results, lead imports, tracking links), whoever writes, the system
 * included. An option the record already holds under the same provider is left alone, so a record
 * whose campaign was paused later still saves.
 */
export async function assertProviderFlagChoices(tx: Queryable, registry: Registry, def: ResourceDef, values: Record<string, unknown>, existing: Record<string, unknown> | null) {
  const errors: FieldErrors = {};
  for (const [field, ref] of Object.entries(def.block.references ?? {})) {
    if (!ref.providerFlag || !ref.dependsOn) continue;
    const providerField = ref.dependsOn;
    if (!(field in values) && !(providerField in values)) continue;
    const record = { ...(existing ?? {}), ...values };
    const option = record[field];
    const provider = record[providerField];
    if (option === null || option === undefined || provider === null || provider === undefined) continue;
    if (existing && String(existing[field]) === String(option) && String(existing[providerField]) === String(provider)) continue;
    const target = registry.get(ref.resource)!;
    const providers = registry.get(def.block.references![providerField]!.resource)!;
    const label = def.block.references![providerField]!.label;
    const { rows } = await tx.query<{ nome: string | null; opcao: Record<string, unknown> | null }>(
      `SELECT (SELECT p.${quoteIdent(label)}::text FROM ${providers.sqlTable} p WHERE p."id" = $1) AS nome,
              (SELECT to_jsonb(o) FROM ${target.sqlTable} o WHERE o."id" = $2) AS opcao`,
      [provider, option],
    );
    const { nome, opcao } = rows[0] ?? {};
    // A missing provider or option is the database's refusal (a reference to no row), in its own words.
    if (!opcao || nome === null || nome === undefined) continue;
    const flag = flagOfProvider(nome);
    const active = !('ativo' in opcao) || opcao.ativo === true;
    const flagged = flag === null || !(flag in opcao) || opcao[flag] === true;
    if (!active || !flagged) errors[field] = MSG.optionNotAllowed(target.block.labels.singular, target.block.gender ?? 'm');
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
}


/**
 * The SQL test that a row (alias `t`) of `def` belongs to the provider `$provider` (an int param,
 * possibly null) or to no provider at all (a group-shared row: an empty provider column, or no row
 * up the `via` chain): its provider column equals it, its list of providers (a user's) holds it, or
 * the row it reaches through `via` does.
 */
function belongsTo(registry: Registry, def: ResourceDef, alias: string, provider: string, depth = 0): string {
  const rule = def.block.provider;
  if (!rule || depth > 5) return 'true';
  if (typeof rule === 'string') {
    const column = `${alias}.${quoteIdent(rule)}`;
    return def.columnByName.get(rule)!.sqlTypes[0].startsWith('_')
      ? `coalesce(${provider} = ANY(${column}), false)`
      : `(${column} IS NULL OR ${column} = ${provider})`;
  }
  const via = registry.get(rule.via)!;
  const next = `v${depth}`;
  return `(${alias}.${quoteIdent(rule.column)} IS NULL OR EXISTS (SELECT 1 FROM ${via.sqlTable} ${next} WHERE ${next}."id" = ${alias}.${quoteIdent(rule.column)} AND ${belongsTo(registry, via, next, provider, depth + 1)}))`;
}

/**
 * x-intranet.references.<campo>.sameProvider: a write that names such a reference, or moves the
 * record to another provider, must leave every row it references of the record's provider, or of
 * none (a group-shared row serves every provider); else 400 on the field ('Departamento deve ser do
 * mesmo provedor do registro.'). One rule for every write (REST, GraphQL, v1, the system's own),
 * whoever writes: the superadmin too. A reference to no row is the database's to refuse.
 */
export async function assertSameProvider(tx: Queryable, registry: Registry, def: ResourceDef, values: Record<string, unknown>, existing: Record<string, unknown> | null) {
  const own = def.block.provider;
  if (typeof own !== 'string') return;
  const errors: FieldErrors = {};
  for (const [field, ref] of Object.entries(def.block.references ?? {})) {
    if (!ref.sameProvider || (!(field in values) && !(own in values))) continue;
    const record = { ...(existing ?? {}), ...values };
    const ids = [...new Set(idsOf(record[field]).map(String))];
    if (!ids.length) continue;
    const target = registry.get(ref.resource)!;
    const p = new Params();
    const provider = `${p.add(record[own] ?? null)}::int`;
    const idType = target.columnByName.get('id')!.sqlTypes[0];
    const { rows } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${target.sqlTable} t WHERE t."id" = ANY(${p.add(ids)}::${idType}[]) AND NOT ${belongsTo(registry, target, 't', provider)}`,
      p.values,
    );
    if (rows[0].n > 0) errors[field] = MSG.sameProvider(def.columnByName.get(field)?.property.title ?? field);
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
}
