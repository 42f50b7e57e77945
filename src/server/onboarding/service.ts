// Server logic of HR onboarding (HR document, sections 2 to 9): onboardings with their ordered
// trails, trails with their ordered contents, the employee's reading (start, completion, next
// content, next trail, refusal of a content ahead) and the reports. Writes go through the resource
// service's transactions, so every change is validated, scoped to the caller's providers and audited
// under the caller's name; the reading order itself is decided by src/domain/onboarding.ts.
import { MSG } from '../../domain/messages.js';
import {
  completion,
  mayOpen,
  nextTrail,
  nextContentInTrail,
  frontier,
  ONBOARDING_MSG,
  REPORT_PAGE_SIZE,
  type PlanTrail,
  type ProgressMark,
} from '../../domain/onboarding.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError, notFound } from '../errors.js';
import type { OnboardingProgress, Stored } from '../../generated/entities.js';
import { Params, whereClause } from '../resources/query.js';
import { insertRow, type Actor, type ResourceService } from '../resources/service.js';
import type { ResourceDef } from '../schemas/registry.js';
import { validateRecord, ValidationError } from '../schemas/validation.js';
import { refuseUnknownFields } from '../v1/index.js';
import { managesOnboarding, reportLimitedToDepartment, type AreaActor } from './access.js';
import { badField, filterConditions, isObject, toId, toIds, toInt, type FilterKind } from '../v1/helpers/payload.js';

export const PRIORITY_TAKEN_TRAIL = 'Já existe uma trilha nesta posição do onboarding.';
export const PRIORITY_TAKEN_CONTENT = 'Já existe um conteúdo nesta posição da trilha.';
export const REPORT_MAX_LIMIT = 100;

const forbiddenWrite = () => new HttpError(403, 'Este usuário não tem autorização para realizar esta operação.');

/** Where the employee screens go after a content (HR document, section 2). */
export const EMPLOYEE_ROUTE = '/human-resources/onboarding/employee';
export const contentRoute = (idOnboarding: number, idTrail: number, idContent?: number) =>
  `${EMPLOYEE_ROUTE}/content?idOnboarding=${idOnboarding}&idTrail=${idTrail}${idContent === undefined ? '' : `&idContent=${idContent}`}`;

/** What a locked content answers instead of its text and images. */
const LOCKED = { texto: null, id_imagem_capa: null, id_imagens_auxiliares: [] as string[] };

/** An onboarding the employee takes part in, with the names that make its hashtags. */
interface Membership {
  id: number;
  titulo: string;
  id_empresa: number;
  empresa: string;
  departamento: string;
  cargo: string;
}

export type ProgressRow = ProgressMark & Pick<Stored<OnboardingProgress>, 'data_inicio' | 'data_fim'>;

const ONBOARDING_FIELDS: Record<string, [string, FilterKind]> = {
  id: ['o.id', 'id'],
  titulo: ['o.titulo', 'text'],
  status: ['o.status', 'boolean'],
  id_empresa: ['o.id_empresa', 'id'],
  id_departamento: ['o.id_departamento', 'id'],
  id_cargo: ['o.id_cargo', 'id'],
};

const TRAIL_FIELDS: Record<string, [string, FilterKind]> = {
  id: ['t.id', 'id'],
  nome: ['t.nome', 'text'],
};

const VACANCY_FIELDS: Record<string, [string, FilterKind]> = {
  id: ['v.id', 'id'],
  id_empresa: ['v.id_empresa', 'id'],
  ativo: ['v.ativo', 'boolean'],
  titulo_vaga: ['v.titulo_vaga', 'text'],
  cidade: ['v.cidade', 'text'],
  gestor_vaga: ['v.gestor_vaga', 'text'],
  data_inicio: ['v.data_inicio', 'date'],
};

/** One onboarding as the screens read it: the row, its provider, department and position, its trails in order. */
const ONBOARDING_SELECT = `
  SELECT o.id, o.titulo, o.status, o.id_empresa, o.id_departamento, o.id_cargo, o.created_at,
         json_build_object('id', e.id, 'nome', e.nome) AS empresa,
         json_build_object('id', d.id, 'nome', d.nome) AS departamento,
         json_build_object('id', c.id, 'nome', c.nome, 'id_setor', c.id_setor) AS cargo,
         COALESCE((SELECT json_agg(json_build_object('id', ot.id, 'id_onboarding', ot.id_onboarding, 'id_trilha', ot.id_trilha,
                                                     'prioridade', ot.prioridade, 'trilha', json_build_object('id', t.id, 'nome', t.nome))
                                   ORDER BY ot.prioridade, ot.id)
                     FROM onboarding.onboarding_trilha ot JOIN onboarding.trilha t ON t.id = ot.id_trilha
                    WHERE ot.id_onboarding = o.id), '[]'::json) AS onboarding_trilhas
    FROM onboarding.onboarding o
    JOIN rh.empresa e ON e.id = o.id_empresa
    JOIN rh.departamento d ON d.id = o.id_departamento
    JOIN rh.cargo c ON c.id = o.id_cargo`;

const TRAIL_SELECT = `
  SELECT t.id, t.nome, t.created_at,
         COALESCE((SELECT json_agg(json_build_object('id', tc.id, 'id_trilha', tc.id_trilha, 'id_conteudo', tc.id_conteudo, 'prioridade', tc.prioridade,
                                                     'conteudo', json_build_object('id', c.id, 'titulo', c.titulo))
                                   ORDER BY tc.prioridade, tc.id)
                     FROM onboarding.trilha_conteudo tc JOIN onboarding.conteudo c ON c.id = tc.id_conteudo
                    WHERE tc.id_trilha = t.id), '[]'::json) AS trilha_conteudos
    FROM onboarding.trilha t`;

/** An onboarding (alias o) with something to read: a trail holding at least one content. Employees see no other. */
const HAS_CONTENT = `EXISTS (SELECT 1 FROM onboarding.onboarding_trilha ht JOIN onboarding.trilha_conteudo hc ON hc.id_trilha = ht.id_trilha WHERE ht.id_onboarding = o.id)`;

const providerScope = (actor: Actor, column: string, p: Params) =>
  actor.providerIds === null ? null : `${column} = ANY(${p.add(actor.providerIds)}::int[])`;

/** A body problem of a write (the 400s of v1/helpers/payload.ts) answered as the REST API answers one: 400 with the fields. */
function asValidation<T>(read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 400 && e.errors) throw new ValidationError(e.errors);
    throw e;
  }
}

/** The body of a write: { object: {...} }, { objects: [{...}] } (first), { _set: {...} } or the fields themselves. */
export function recordOf(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw new HttpError(400, MSG.badRequest);
  if (isObject(body.object)) return body.object;
  if (isObject(body._set)) return body._set;
  if (Array.isArray(body.objects)) {
    if (body.objects.length !== 1 || !isObject(body.objects[0])) throw badField('objects', MSG.invalid);
    return body.objects[0];
  }
  return body;
}

export class OnboardingService {
  readonly onboardings: ResourceDef;
  readonly links: ResourceDef;
  readonly trailContents: ResourceDef;

  constructor(
    private db: Database,
    private resources: ResourceService,
  ) {
    this.onboardings = resources.get('onboardings');
    this.links = resources.get('onboarding-trails');
    this.trailContents = resources.get('trail-contents');
  }

  /** Rules no schema can say, for REST and GraphQL writes as well as the v1 calls. */
  installHooks() {
    this.resources.hooks.set('onboardings', {
      beforeWrite: async ({ tx, operation, values, existing }) => {
        if (operation === 'delete') {
          // Deleting an onboarding first unlinks its trails (and drops its employees' progress), in the same transaction.
          await tx.query('DELETE FROM onboarding.funcionario_conteudo WHERE id_onboarding = $1', [existing!.id]);
          await tx.query('DELETE FROM onboarding.onboarding_trilha WHERE id_onboarding = $1', [existing!.id]);
          return;
        }
        await this.checkOrganisation(tx, { ...(existing ?? {}), ...(values ?? {}) });
      },
    });
    this.resources.hooks.set('onboarding-trails', {
      beforeWrite: async ({ tx, operation, values, existing }) => {
        if (operation === 'delete') return;
        const row = { ...(existing ?? {}), ...(values ?? {}) };
        await this.checkPriorityFree(tx, 'onboarding_trilha', 'id_onboarding', row.id_onboarding as number, row.prioridade as number, existing?.id ?? null);
      },
    });
    this.resources.hooks.set('trail-contents', {
      beforeWrite: async ({ tx, actor, operation, values, existing }) => {
        const row = { ...(existing ?? {}), ...(values ?? {}) };
        await this.assertSharedWritable(tx, actor, { trails: [existing?.id_trilha, row.id_trilha].filter((id): id is number => typeof id === 'number') });
        if (operation === 'delete') return;
        await this.checkPriorityFree(tx, 'trilha_conteudo', 'id_trilha', row.id_trilha as number, row.prioridade as number, existing?.id ?? null);
      },
    });
    this.resources.hooks.set('trails', {
      beforeWrite: async ({ tx, def, actor, operation, existing }) => {
        if (operation !== 'create') await this.assertSharedWritable(tx, actor, { trails: [existing!.id] });
        if (operation !== 'delete') return;
        // A trail some onboarding uses stays (the refusal names those onboardings); one none uses
        // goes with its content links and the readings recorded in it, which no onboarding shows.
        const refusal = await this.resources.inUse(tx, def, existing!.id, actor, [this.links]);
        if (refusal) throw refusal;
        await tx.query('DELETE FROM onboarding.funcionario_conteudo WHERE id_trilha = $1', [existing!.id]);
        await tx.query('DELETE FROM onboarding.trilha_conteudo WHERE id_trilha = $1', [existing!.id]);
      },
    });
    this.resources.hooks.set('contents', {
      beforeWrite: async ({ tx, def, actor, operation, existing }) => {
        if (operation !== 'create') await this.assertSharedWritable(tx, actor, { content: existing!.id });
        if (operation === 'delete') {
          // A content some trail holds stays (the refusal names those trails); one none holds goes with its readings.
          const refusal = await this.resources.inUse(tx, def, existing!.id, actor, [this.trailContents]);
          if (refusal) throw refusal;
          await tx.query('DELETE FROM onboarding.funcionario_conteudo WHERE id_conteudo = $1', [existing!.id]);
          return;
        }
      },
    });
  }

  /**
   * Trails and contents are shared by every provider (provider: null), so changing one changes every
   * onboarding that uses it. Anyone with the right may create them, and change those that only their
   * own providers' onboardings use (or that none uses); one used by an onboarding of a provider outside
   * the caller's may be changed only by someone who administers that provider too (the superadmin).
   */
  private async assertSharedWritable(tx: Queryable, actor: Actor, what: { trails?: number[]; content?: number }) {
    if (actor.providerIds === null) return;
    const { rows } = await tx.query(
      `SELECT 1
         FROM onboarding.onboarding_trilha ot
         JOIN onboarding.onboarding o ON o.id = ot.id_onboarding
        WHERE (ot.id_trilha = ANY($1::int[]) OR ot.id_trilha IN (SELECT id_trilha FROM onboarding.trilha_conteudo WHERE id_conteudo = $2))
          AND NOT (o.id_empresa = ANY($3::int[]))
        LIMIT 1`,
      [what.trails ?? [], what.content ?? null, actor.providerIds],
    );
    if (rows.length) throw new HttpError(403, what.content === undefined ? ONBOARDING_MSG.trailOfOthers : ONBOARDING_MSG.contentOfOthers);
  }

  /** The department must be the provider's, and the position must be in a sector of the department. */
  private async checkOrganisation(tx: Queryable, row: Record<string, unknown>) {
    const { rows } = await tx.query<{ dep_empresa: number | null; cargo_departamento: number | null }>(
      `SELECT (SELECT id_empresa FROM rh.departamento WHERE id = $1) AS dep_empresa,
              (SELECT s.id_departamento FROM rh.cargo c JOIN rh.setor s ON s.id = c.id_setor WHERE c.id = $2) AS cargo_departamento`,
      [row.id_departamento, row.id_cargo],
    );
    const errors: Record<string, string> = {};
    if (rows[0].dep_empresa !== row.id_empresa) errors.id_departamento = MSG.option;
    if (rows[0].cargo_departamento !== row.id_departamento) errors.id_cargo = MSG.option;
    if (Object.keys(errors).length) throw new HttpError(400, MSG.failure, errors);
  }

  private async checkPriorityFree(tx: Queryable, table: string, parent: string, parentId: number, prioridade: number, selfId: number | null) {
    const { rows } = await tx.query(
      `SELECT 1 FROM onboarding.${table} WHERE ${parent} = $1 AND prioridade = $2 AND id <> $3 LIMIT 1`,
      [parentId, prioridade, selfId ?? 0],
    );
    if (rows.length) {
      const message = table === 'onboarding_trilha' ? PRIORITY_TAKEN_TRAIL : PRIORITY_TAKEN_CONTENT;
      throw new HttpError(409, message, { prioridade: message });
    }
  }

  // ---------------------------------------------------------------- onboardings (HR side)

  /** Onboardings in the caller's providers matching the filtro, with their trails; and how many match. */
  async listOnboardings(actor: Actor, filtro: Record<string, unknown>, page: { limit?: number; offset?: number } = {}) {
    const p = new Params();
    const where = whereClause([...filterConditions(filtro, ONBOARDING_FIELDS, p), providerScope(actor, 'o.id_empresa', p)]);
    const countValues = [...p.values];
    const limit = page.limit ?? 10_000;
    const { rows } = await this.db.query(`${ONBOARDING_SELECT} ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${p.add(limit)} OFFSET ${p.add(page.offset ?? 0)}`, p.values);
    const { rows: count } = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM onboarding.onboarding o ${where}`,
      countValues,
    );
    return { rows, total: count[0].n };
  }

  async createOnboarding(actor: Actor, body: unknown) {
    const record = { ...recordOf(body) };
    const trails = this.trailsOfCreate(record.onboarding_trilhas);
    delete record.onboarding_trilhas;
    const values = validateRecord(this.onboardings, record, 'create');
    return this.resources.write(actor, async (tx) => {
      if (actor.providerIds !== null && !actor.providerIds.includes(values.id_empresa as number)) throw forbiddenWrite();
      await this.checkOrganisation(tx, values);
      const row = await insertRow(tx, this.onboardings, values);
      for (const t of trails) {
        const link = validateRecord(this.links, { id_onboarding: row.id, id_trilha: t.id_trilha, prioridade: t.prioridade }, 'create');
        await this.checkPriorityFree(tx, 'onboarding_trilha', 'id_onboarding', row.id, link.prioridade as number, null);
        await insertRow(tx, this.links, link);
      }
      return row;
    });
  }

  /**
   * Trails given with a new onboarding: [{ id_trilha, prioridade? }] or Hasura's { data: [...] }; order =
   * position when no priority. Problems are named onboarding_trilhas.<i>.<campo>; other keys are refused.
   */
  private trailsOfCreate(raw: unknown): { id_trilha: number; prioridade: number }[] {
    if (raw === undefined || raw === null) return [];
    if (isObject(raw)) refuseUnknownFields(raw, ['data'], 'onboarding_trilhas.');
    const list = isObject(raw) ? raw.data : raw;
    if (!Array.isArray(list)) throw new ValidationError({ onboarding_trilhas: MSG.list });
    return asValidation(() =>
      list.map((item, i) => {
        const field = `onboarding_trilhas.${i}`;
        if (typeof item === 'number' || typeof item === 'string') return { id_trilha: toId(item, field), prioridade: i + 1 };
        if (!isObject(item)) throw badField(field, MSG.invalid);
        refuseUnknownFields(item, ['id_trilha', 'prioridade'], `${field}.`);
        return {
          id_trilha: toId(item.id_trilha, `${field}.id_trilha`),
          prioridade: item.prioridade === undefined ? i + 1 : toInt(item.prioridade, `${field}.prioridade`, { min: 1, max: 10_000 }),
        };
      }),
    );
  }

  updateOnboarding(actor: Actor, id: unknown, body: unknown) {
    return this.resources.update(this.onboardings, id, recordOf(body), actor);
  }

  /** Unlinks the trails, drops the progress and deletes the onboarding, all in one transaction (the hook above). */
  deleteOnboarding(actor: Actor, id: unknown) {
    return this.resources.delete(this.onboardings, id, actor);
  }

  /** The onboarding, inside the caller's providers, or 404. */
  private async onboardingInScope(q: Queryable, actor: Actor, id: number) {
    return this.resources.getOne(this.onboardings, id, actor, q);
  }

  // ---------------------------------------------------------------- trails of an onboarding

  async listTrails(filtro: Record<string, unknown>) {
    const p = new Params();
    const where = whereClause(filterConditions(filtro, TRAIL_FIELDS, p));
    return (await this.db.query(`${TRAIL_SELECT} ${where} ORDER BY t.nome, t.id`, p.values)).rows;
  }

  /** Trails not linked to the onboarding yet (sync-trail). */
  async unlinkedTrails(actor: Actor, filtro: Record<string, unknown>) {
    const idOnboarding = toId(filtro.id_onboarding, 'id_onboarding');
    await this.onboardingInScope(this.db, actor, idOnboarding);
    const p = new Params();
    const conditions = [
      ...filterConditions(filtro, TRAIL_FIELDS, p, ['id_onboarding']),
      `NOT EXISTS (SELECT 1 FROM onboarding.onboarding_trilha ot WHERE ot.id_trilha = t.id AND ot.id_onboarding = ${p.add(idOnboarding)})`,
    ];
    return (await this.db.query(`${TRAIL_SELECT} ${whereClause(conditions)} ORDER BY t.nome, t.id`, p.values)).rows;
  }

  /** Links trails ({ id_onboarding, id_trilha, prioridade } each), all or none; problems are named objects.<i>.<campo>. */
  async linkTrails(actor: Actor, body: unknown) {
    const b = isObject(body) ? body : {};
    const many = Array.isArray(b.objects);
    if (!many && b.objects !== undefined && b.objects !== null) throw new ValidationError({ objects: MSG.list });
    const objects = many ? (b.objects as unknown[]) : isObject(b.object) ? [b.object] : [];
    if (!objects.length) throw new ValidationError({ objects: MSG.required });
    if (objects.length > 1000) throw new ValidationError({ objects: MSG.maxItems(1000) });
    const errors: Record<string, string> = {};
    objects.forEach((object, i) => {
      const at = many ? `objects.${i}` : 'object';
      if (!isObject(object)) errors[at] = MSG.invalid;
      else {
        try {
          validateRecord(this.links, object, 'create');
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          for (const [field, message] of Object.entries(e.errors)) errors[`${at}.${field}`] = message;
        }
      }
    });
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return this.resources.createMany(this.links, objects, actor);
  }

  /** Unlinks the listed trails from the onboarding and closes the gaps in the order (1, 2, ...). */
  async unlinkTrails(actor: Actor, body: unknown) {
    const where = isObject(body) ? (isObject(body.object) ? body.object : isObject(body.filtro) ? body.filtro : isObject(body.where) ? body.where : body) : null;
    if (!where) throw new ValidationError({ id_onboarding: MSG.required, id_trilha: MSG.required });
    const { idOnboarding, trails } = asValidation(() => ({
      idOnboarding: toId(isObject(where.id_onboarding) ? where.id_onboarding._eq : where.id_onboarding, 'id_onboarding'),
      trails: toIds(where.id_trilha, 'id_trilha', { min: 1 }),
    }));
    return this.resources.write(actor, async (tx) => {
      await this.onboardingInScope(tx, actor, idOnboarding);
      const { rows } = await tx.query(
        'DELETE FROM onboarding.onboarding_trilha WHERE id_onboarding = $1 AND id_trilha = ANY($2::int[]) RETURNING *',
        [idOnboarding, trails],
      );
      await renumber(tx, 'onboarding_trilha', 'id_onboarding', idOnboarding);
      return rows;
    }, 'delete');
  }

  /** Makes the onboarding's trails exactly these, in this order (priorities 1..n), in one transaction. */
  async setOnboardingTrails(actor: Actor, idOnboarding: number, trailIds: number[]) {
    return this.resources.write(actor, async (tx) => {
      await this.onboardingInScope(tx, actor, idOnboarding);
      await this.assertExist(tx, 'trilha', trailIds, 'trilhas');
      await tx.query('DELETE FROM onboarding.onboarding_trilha WHERE id_onboarding = $1 AND NOT (id_trilha = ANY($2::int[]))', [idOnboarding, trailIds]);
      for (const [i, id] of trailIds.entries()) {
        await tx.query(
          `INSERT INTO onboarding.onboarding_trilha (id_onboarding, id_trilha, prioridade) VALUES ($1, $2, $3)
           ON CONFLICT (id_onboarding, id_trilha) DO UPDATE SET prioridade = EXCLUDED.prioridade
           WHERE onboarding.onboarding_trilha.prioridade <> EXCLUDED.prioridade`,
          [idOnboarding, id, i + 1],
        );
      }
      return (await tx.query('SELECT * FROM onboarding.onboarding_trilha WHERE id_onboarding = $1 ORDER BY prioridade, id', [idOnboarding])).rows;
    });
  }

  /** Makes the trail's contents exactly these, in this order (priorities 1..n), in one transaction. */
  async setTrailContents(actor: Actor, idTrail: number, contentIds: number[]) {
    return this.resources.write(actor, async (tx) => {
      await this.assertExist(tx, 'trilha', [idTrail], 'id');
      await this.assertSharedWritable(tx, actor, { trails: [idTrail] });
      await this.assertExist(tx, 'conteudo', contentIds, 'conteudos');
      await tx.query('DELETE FROM onboarding.trilha_conteudo WHERE id_trilha = $1 AND NOT (id_conteudo = ANY($2::int[]))', [idTrail, contentIds]);
      for (const [i, id] of contentIds.entries()) {
        await tx.query(
          `INSERT INTO onboarding.trilha_conteudo (id_trilha, id_conteudo, prioridade) VALUES ($1, $2, $3)
           ON CONFLICT (id_trilha, id_conteudo) DO UPDATE SET prioridade = EXCLUDED.prioridade
           WHERE onboarding.trilha_conteudo.prioridade <> EXCLUDED.prioridade`,
          [idTrail, id, i + 1],
        );
      }
      return (await tx.query('SELECT * FROM onboarding.trilha_conteudo WHERE id_trilha = $1 ORDER BY prioridade, id', [idTrail])).rows;
    });
  }

  private async assertExist(tx: Queryable, table: 'trilha' | 'conteudo', ids: number[], field: string) {
    if (!ids.length) return;
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM onboarding.${table} WHERE id = ANY($1::int[])`, [ids]);
    if (rows[0].n !== ids.length) {
      if (field === 'id') throw notFound();
      throw badField(field, MSG.referenceMissing);
    }
  }

  // ---------------------------------------------------------------- the employee's reading

  /**
   * The active onboardings of the employee's provider, department and position (one, when
   * idOnboarding is given). One without content (no trail, or only empty trails) is kept from
   * employees until it has some: it would show '0 de 0' and nothing to read.
   */
  async memberships(q: Queryable, idEmployee: number, idOnboarding?: number, scope?: Actor): Promise<Membership[]> {
    const p = new Params();
    const conditions = [
      'o.status',
      's.id_departamento = o.id_departamento',
      HAS_CONTENT,
      idOnboarding === undefined ? null : `o.id = ${p.add(idOnboarding)}`,
      scope ? providerScope(scope, 'o.id_empresa', p) : null,
    ];
    const { rows } = await q.query<Membership>(
      `SELECT o.id, o.titulo, o.id_empresa, e.nome AS empresa, d.nome AS departamento, c.nome AS cargo
         FROM onboarding.onboarding o
         JOIN rh.empresa e ON e.id = o.id_empresa
         JOIN rh.departamento d ON d.id = o.id_departamento
         JOIN rh.cargo c ON c.id = o.id_cargo
         JOIN rh.setor s ON s.id = c.id_setor
         JOIN auth.usuario u ON u.id = ${p.add(idEmployee)} AND u.funcionario AND u.id_cargo = o.id_cargo AND o.id_empresa = ANY(u.id_empresas)
        ${whereClause(conditions)}
        ORDER BY o.created_at, o.id`,
      p.values,
    );
    return rows;
  }

  /** The trails of the onboarding in order, each with its contents in order. */
  async plan(q: Queryable, idOnboarding: number): Promise<(PlanTrail & { nome: string })[]> {
    const { rows } = await q.query<{ id_trilha: number; prioridade: number; nome: string; id_conteudo: number | null; prioridade_conteudo: number | null }>(
      `SELECT ot.id_trilha, ot.prioridade, t.nome, tc.id_conteudo, tc.prioridade AS prioridade_conteudo
         FROM onboarding.onboarding_trilha ot
         JOIN onboarding.trilha t ON t.id = ot.id_trilha
         LEFT JOIN onboarding.trilha_conteudo tc ON tc.id_trilha = ot.id_trilha
        WHERE ot.id_onboarding = $1
        ORDER BY ot.prioridade, ot.id, tc.prioridade, tc.id`,
      [idOnboarding],
    );
    const trails = new Map<number, PlanTrail & { nome: string }>();
    for (const r of rows) {
      let t = trails.get(r.id_trilha);
      if (!t) trails.set(r.id_trilha, (t = { id_trilha: r.id_trilha, prioridade: r.prioridade, nome: r.nome, conteudos: [] }));
      if (r.id_conteudo !== null) t.conteudos.push({ id_conteudo: r.id_conteudo, prioridade: r.prioridade_conteudo! });
    }
    return [...trails.values()];
  }

  async progress(q: Queryable, idOnboarding: number, idEmployee: number): Promise<ProgressRow[]> {
    const { rows } = await q.query<ProgressRow>(
      'SELECT id_trilha, id_conteudo, finalizado, data_inicio, data_fim FROM onboarding.funcionario_conteudo WHERE id_onboarding = $1 AND id_funcionario = $2',
      [idOnboarding, idEmployee],
    );
    return rows;
  }

  /**
   * Who may look at an employee's reading: the employee; a manager of onboarding (gestor or
   * superadmin) may also look at an employee of their providers (never write it).
   */
  private async readerOf(actor: AreaActor, idEmployee: number, idOnboarding: number, q: Queryable = this.db) {
    const self = actor.userId === idEmployee;
    if (!self && !managesOnboarding(actor)) throw forbiddenWrite();
    const [membership] = await this.memberships(q, idEmployee, idOnboarding, self ? undefined : actor);
    if (!membership) throw new HttpError(404, ONBOARDING_MSG.notYours);
    return { membership, self };
  }

  /** The employee's onboardings with their trails, progress and where to continue. */
  async employeeOnboardings(actor: AreaActor, idEmployee: number) {
    if (actor.userId !== idEmployee && !managesOnboarding(actor)) throw forbiddenWrite();
    const memberships = await this.memberships(this.db, idEmployee, undefined, actor.userId === idEmployee ? undefined : actor);
    const out = [];
    for (const m of memberships) {
      const plan = await this.plan(this.db, m.id);
      const progress = await this.progress(this.db, m.id, idEmployee);
      const overall = completion(plan, progress);
      const next = frontier(plan, progress);
      const current = next?.id_trilha ?? null;
      const started = progress.map((p) => new Date(p.data_inicio).getTime());
      const finishedAt = progress.filter((p) => p.finalizado && p.data_fim).map((p) => new Date(p.data_fim!).getTime());
      let reachedCurrent = false;
      out.push({
        id: m.id,
        titulo: m.titulo,
        empresa: m.empresa,
        departamento: m.departamento,
        cargo: m.cargo,
        total: overall.total,
        finalizados: overall.finished,
        status: overall.percent,
        concluido: overall.done,
        inicio: started.length ? new Date(Math.min(...started)).toISOString() : null,
        conclusao: overall.done && finishedAt.length ? new Date(Math.max(...finishedAt)).toISOString() : null,
        proximo: next ? { id_trilha: next.id_trilha, id_conteudo: next.id_conteudo, rota: contentRoute(m.id, next.id_trilha, next.id_conteudo) } : null,
        onboarding_trilhas: plan.map((t) => {
          const c = completion([t], progress);
          const isCurrent = t.id_trilha === current;
          // Trails up to the one in progress may be opened; later ones are locked.
          const liberada = !reachedCurrent;
          if (isCurrent) reachedCurrent = true;
          return {
            id_trilha: t.id_trilha,
            prioridade: t.prioridade,
            trilha: { id: t.id_trilha, nome: t.nome },
            total: c.total,
            finalizados: c.finished,
            status: c.percent,
            concluida: c.total > 0 && c.finished === c.total,
            em_andamento: isCurrent,
            liberada,
            rota: contentRoute(m.id, t.id_trilha),
          };
        }),
      });
    }
    return out;
  }

  /** Contents of a trail of an onboarding as the employee sees them (with their progress and whether they may open them). */
  private async employeeContents(
    q: Queryable,
    membership: Membership,
    idEmployee: number,
    idTrail: number,
    only: { id_conteudo?: number; afterPriority?: number } = {},
  ) {
    const p = new Params();
    const conditions = [
      `tc.id_trilha = ${p.add(idTrail)}`,
      only.id_conteudo === undefined ? null : `tc.id_conteudo = ${p.add(only.id_conteudo)}`,
      only.afterPriority === undefined ? null : `tc.prioridade > ${p.add(only.afterPriority)}`,
    ];
    const onboarding = p.add(membership.id);
    const employee = p.add(idEmployee);
    const { rows } = await q.query(
      `SELECT tc.id_conteudo, ${onboarding}::int AS id_onboarding, tc.id_trilha, ${employee}::int AS id_funcionario,
              c.titulo AS titulo_conteudo, c.resumo, c.texto, c.id_imagem_capa, c.id_imagens_auxiliares, c.hashtags AS hashtags_conteudo,
              fc.data_inicio, fc.data_fim, COALESCE(fc.finalizado, false) AS finalizado, tc.prioridade
         FROM onboarding.trilha_conteudo tc
         JOIN onboarding.conteudo c ON c.id = tc.id_conteudo
         LEFT JOIN onboarding.funcionario_conteudo fc
                ON fc.id_conteudo = tc.id_conteudo AND fc.id_trilha = tc.id_trilha AND fc.id_onboarding = ${onboarding} AND fc.id_funcionario = ${employee}
        ${whereClause(conditions)}
        ORDER BY tc.prioridade, tc.id
        ${only.afterPriority === undefined ? '' : 'LIMIT 1'}`,
      p.values,
    );
    const plan = await this.plan(q, membership.id);
    const progress = await this.progress(q, membership.id, idEmployee);
    const trailPriority = plan.find((t) => t.id_trilha === idTrail)?.prioridade ?? null;
    return rows.map(({ hashtags_conteudo, ...r }) => {
      const liberado = mayOpen(plan, progress, r.id_trilha as number, r.id_conteudo as number) === 'ok';
      const row = {
        ...r,
        prioridade_trilha: trailPriority,
        // The content's hashtags: the position, department and provider names, then its own.
        hashtags: [...new Set([membership.cargo, membership.departamento, membership.empresa, ...(hashtags_conteudo as string[])])],
        liberado,
      };
      // A content the employee may not open yet shows as a locked card: its title, summary and
      // order, never its text or images (nobody reads ahead through the API either).
      return liberado ? row : { ...row, ...LOCKED };
    });
  }

  /** The content cards of a trail (POST v1/onboarding/trilha/conteudos/funcionario). */
  async trailContentsOf(actor: AreaActor, idEmployee: number, idOnboarding: number, idTrail: number) {
    const { membership } = await this.readerOf(actor, idEmployee, idOnboarding);
    const plan = await this.plan(this.db, idOnboarding);
    if (!plan.some((t) => t.id_trilha === idTrail)) throw new HttpError(404, ONBOARDING_MSG.notYours);
    return this.employeeContents(this.db, membership, idEmployee, idTrail);
  }

  /** One content for the reading view; refused when it is ahead of the employee's reading. */
  async contentOf(actor: AreaActor, idEmployee: number, idOnboarding: number, idTrail: number, idContent: number) {
    const { membership, self } = await this.readerOf(actor, idEmployee, idOnboarding);
    if (self) await this.assertMayOpen(this.db, idOnboarding, idEmployee, idTrail, idContent);
    const rows = await this.employeeContents(this.db, membership, idEmployee, idTrail, { id_conteudo: idContent });
    if (!rows.length) throw new HttpError(404, ONBOARDING_MSG.notYours);
    return rows;
  }

  private async assertMayOpen(q: Queryable, idOnboarding: number, idEmployee: number, idTrail: number, idContent: number) {
    const plan = await this.plan(q, idOnboarding);
    const progress = await this.progress(q, idOnboarding, idEmployee);
    const decision = mayOpen(plan, progress, idTrail, idContent);
    if (decision === 'not-in-plan') throw new HttpError(404, ONBOARDING_MSG.notYours);
    if (decision === 'ahead') throw new HttpError(403, ONBOARDING_MSG.ahead, undefined, 'CONTEUDO_A_FRENTE');
    return plan;
  }

  /** Records the start of a content (once; opening it again changes nothing). Only the employee records their reading. */
  async start(actor: AreaActor, ids: { idEmployee: number; idOnboarding: number; idTrail: number; idContent: number }) {
    if (actor.userId !== ids.idEmployee) throw forbiddenWrite();
    return this.resources.write(actor, async (tx) => {
      const [membership] = await this.memberships(tx, ids.idEmployee, ids.idOnboarding);
      if (!membership) throw new HttpError(404, ONBOARDING_MSG.notYours);
      await this.assertMayOpen(tx, ids.idOnboarding, ids.idEmployee, ids.idTrail, ids.idContent);
      const inserted = await tx.query(
        `INSERT INTO onboarding.funcionario_conteudo (id_conteudo, id_onboarding, id_trilha, id_funcionario, data_inicio)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (id_funcionario, id_onboarding, id_trilha, id_conteudo) DO NOTHING RETURNING *`,
        [ids.idContent, ids.idOnboarding, ids.idTrail, ids.idEmployee],
      );
      if (inserted.rows.length) return { affected_rows: 1, returning: inserted.rows };
      return { affected_rows: 0, returning: await this.progressRow(tx, ids) };
    });
  }

  /** Records the completion of a content (the screen then asks the two next calls what follows). */
  async complete(actor: AreaActor, ids: { idEmployee: number; idOnboarding: number; idTrail: number; idContent: number }) {
    if (actor.userId !== ids.idEmployee) throw forbiddenWrite();
    return this.resources.write(actor, async (tx) => {
      const [membership] = await this.memberships(tx, ids.idEmployee, ids.idOnboarding);
      if (!membership) throw new HttpError(404, ONBOARDING_MSG.notYours);
      await this.assertMayOpen(tx, ids.idOnboarding, ids.idEmployee, ids.idTrail, ids.idContent);
      const { rows } = await tx.query(
        `INSERT INTO onboarding.funcionario_conteudo (id_conteudo, id_onboarding, id_trilha, id_funcionario, data_inicio, data_fim, finalizado)
         VALUES ($1, $2, $3, $4, now(), now(), true)
         ON CONFLICT (id_funcionario, id_onboarding, id_trilha, id_conteudo)
         DO UPDATE SET data_fim = now(), finalizado = true WHERE NOT onboarding.funcionario_conteudo.finalizado
         RETURNING *`,
        [ids.idContent, ids.idOnboarding, ids.idTrail, ids.idEmployee],
      );
      return rows.length ? { affected_rows: 1, returning: rows } : { affected_rows: 0, returning: await this.progressRow(tx, ids) };
    });
  }

  private async progressRow(q: Queryable, ids: { idEmployee: number; idOnboarding: number; idTrail: number; idContent: number }) {
    return (
      await q.query(
        'SELECT * FROM onboarding.funcionario_conteudo WHERE id_funcionario = $1 AND id_onboarding = $2 AND id_trilha = $3 AND id_conteudo = $4',
        [ids.idEmployee, ids.idOnboarding, ids.idTrail, ids.idContent],
      )
    ).rows;
  }

  /** The next content of the trail after a priority (empty when the trail has no more). */
  async nextContent(actor: AreaActor, idEmployee: number, idOnboarding: number, idTrail: number, prioridade: number) {
    const { membership } = await this.readerOf(actor, idEmployee, idOnboarding);
    const plan = await this.plan(this.db, idOnboarding);
    if (!plan.some((t) => t.id_trilha === idTrail)) throw new HttpError(404, ONBOARDING_MSG.notYours);
    const next = nextContentInTrail(plan, idTrail, prioridade);
    if (!next) return [];
    return this.employeeContents(this.db, membership, idEmployee, idTrail, { id_conteudo: next.id_conteudo });
  }

  /** The next trail of the onboarding after a priority, with its first content (empty: congratulations). */
  async nextTrailOf(actor: AreaActor, idEmployee: number, idOnboarding: number, prioridade: number) {
    await this.readerOf(actor, idEmployee, idOnboarding);
    const plan = await this.plan(this.db, idOnboarding);
    const next = nextTrail(plan, prioridade);
    if (!next) return [];
    const trail = plan.find((t) => t.id_trilha === next.id_trilha)!;
    const progress = await this.progress(this.db, idOnboarding, idEmployee);
    return [
      {
        id_onboarding: idOnboarding,
        id_trilha: next.id_trilha,
        prioridade: next.prioridade_trilha,
        trilha: { id: next.id_trilha, nome: trail.nome },
        id_conteudo: next.id_conteudo,
        prioridade_conteudo: next.prioridade,
        // The same rule as the cards: whether the employee may open that first content now.
        liberado: mayOpen(plan, progress, next.id_trilha, next.id_conteudo) === 'ok',
        rota: contentRoute(idOnboarding, next.id_trilha, next.id_conteudo),
      },
    ];
  }

  // ---------------------------------------------------------------- reports

  /** The department a report is narrowed to for onboarding:solicitante users (their position's sector's), or undefined. */
  private async reportDepartment(actor: AreaActor): Promise<number | null | undefined> {
    if (!reportLimitedToDepartment(actor)) return undefined;
    const { rows } = await this.db.query<{ id_departamento: number }>(
      'SELECT s.id_departamento FROM auth.usuario u JOIN rh.cargo c ON c.id = u.id_cargo JOIN rh.setor s ON s.id = c.id_setor WHERE u.id = $1',
      [actor.userId],
    );
    return rows[0]?.id_departamento ?? null;
  }

  /**
   * One row per employee and onboarding they take part in (active onboardings, or any they have
   * read in), inside the caller's providers and department. An onboarding without content is left
   * out, as its employees do not see it (memberships).
   */
  private async reportRows(actor: AreaActor, filtro: Record<string, unknown>) {
    const p = new Params();
    const conditions: (string | null)[] = ['s.id_departamento = o.id_departamento', providerScope(actor, 'o.id_empresa', p)];
    if (filtro.id_departamento !== undefined && filtro.id_departamento !== null && filtro.id_departamento !== '') {
      conditions.push(`o.id_departamento = ${p.add(toId(filtro.id_departamento, 'id_departamento'))}`);
    }
    if (filtro.id_empresa !== undefined && filtro.id_empresa !== null && filtro.id_empresa !== '') {
      conditions.push(`o.id_empresa = ${p.add(toId(filtro.id_empresa, 'id_empresa'))}`);
    }
    if (filtro.id_onboarding !== undefined && filtro.id_onboarding !== null && filtro.id_onboarding !== '') {
      conditions.push(`o.id = ${p.add(toId(filtro.id_onboarding, 'id_onboarding'))}`);
    }
    const own = await this.reportDepartment(actor);
    if (own === null) conditions.push('false');
    else if (own !== undefined) conditions.push(`o.id_departamento = ${p.add(own)}`);
    const sql = `
      WITH plan AS (
        SELECT ot.id_onboarding, ot.id_trilha, tc.id_conteudo
          FROM onboarding.onboarding_trilha ot JOIN onboarding.trilha_conteudo tc ON tc.id_trilha = ot.id_trilha
      ), totals AS (
        SELECT id_onboarding, count(*)::int AS total FROM plan GROUP BY id_onboarding
      ), reading AS (
        SELECT f.id_onboarding, f.id_funcionario, min(f.data_inicio) AS inicio,
               max(f.data_fim) FILTER (WHERE f.finalizado) AS ultimo_fim,
               (count(*) FILTER (WHERE f.finalizado))::int AS finalizados
          FROM onboarding.funcionario_conteudo f
          JOIN plan ON plan.id_onboarding = f.id_onboarding AND plan.id_trilha = f.id_trilha AND plan.id_conteudo = f.id_conteudo
         GROUP BY f.id_onboarding, f.id_funcionario
      ), members AS (
        SELECT o.id AS id_onboarding, o.titulo AS onboarding, o.id_departamento, o.id_empresa,
               u.id AS id_funcionario, COALESCE(u.nome, u.email) AS funcionario,
               COALESCE(t.total, 0) AS total, COALESCE(r.finalizados, 0) AS finalizados, r.inicio, r.ultimo_fim
          FROM onboarding.onboarding o
          JOIN rh.cargo c ON c.id = o.id_cargo
          JOIN rh.setor s ON s.id = c.id_setor
          JOIN auth.usuario u ON u.funcionario AND u.ativo AND u.id_cargo = o.id_cargo AND o.id_empresa = ANY(u.id_empresas)
          LEFT JOIN totals t ON t.id_onboarding = o.id
          LEFT JOIN reading r ON r.id_onboarding = o.id AND r.id_funcionario = u.id
         ${whereClause(conditions)} AND (o.status OR r.inicio IS NOT NULL) AND COALESCE(t.total, 0) > 0
      )
      SELECT *, (total > 0 AND finalizados >= total) AS concluido FROM members`;
    return { sql, values: p.values };
  }

  async reportCounters(actor: AreaActor, filtro: Record<string, unknown>) {
    const { sql, values } = await this.reportRows(actor, filtro);
    const { rows } = await this.db.query<{ pendentes: number; concluidos: number }>(
      `SELECT (count(*) FILTER (WHERE NOT concluido))::int AS pendentes, (count(*) FILTER (WHERE concluido))::int AS concluidos FROM (${sql}) x`,
      values,
    );
    return rows[0];
  }

  async report(actor: AreaActor, filtro: Record<string, unknown>) {
    const concluido = filtro.concluido === undefined || filtro.concluido === null ? undefined : filtro.concluido === true || filtro.concluido === 'true' ? true : filtro.concluido === false || filtro.concluido === 'false' ? false : null;
    if (concluido === null) throw badField('concluido', MSG.boolean);
    const limit = toInt(filtro.limit, 'limit', { min: 1, max: REPORT_MAX_LIMIT, fallback: REPORT_PAGE_SIZE });
    const offset = toInt(filtro.offset, 'offset', { min: 0, fallback: 0 });
    const { sql, values } = await this.reportRows(actor, filtro);
    const p = values.length;
    const where = concluido === undefined ? '' : `WHERE concluido = $${p + 1}`;
    const params = concluido === undefined ? values : [...values, concluido];
    const { rows } = await this.db.query<Record<string, any>>(
      `SELECT * FROM (${sql}) x ${where} ORDER BY funcionario, onboarding, id_funcionario, id_onboarding LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    const { rows: count } = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x ${where}`, params);
    return {
      total: count[0].n,
      dados: rows.map((r) => ({
        id_funcionario: r.id_funcionario,
        funcionario: r.funcionario,
        id_onboarding: r.id_onboarding,
        onboarding: r.onboarding,
        id_departamento: r.id_departamento,
        id_empresa: r.id_empresa,
        inicio: r.inicio,
        conclusao: r.concluido ? r.ultimo_fim : null,
        total: r.total,
        finalizados: r.finalizados,
        status: r.total > 0 ? Math.round((100 * r.finalizados) / r.total) : 0,
        concluido: r.concluido,
      })),
    };
  }

  async vacancies(actor: AreaActor, filtro: Record<string, unknown>) {
    const p = new Params();
    const conditions = [...filterConditions(filtro, VACANCY_FIELDS, p), providerScope(actor, 'v.id_empresa', p)];
    // Open vacancies unless the filter says otherwise.
    if (!('ativo' in filtro)) conditions.push('v.ativo');
    const { rows } = await this.db.query(
      `SELECT v.id, v.titulo_vaga, v.vagas, v.cidade, v.gestor_vaga, v.data_inicio, v.ativo, v.id_empresa, e.nome AS empresa
         FROM rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa
        ${whereClause(conditions)}
        ORDER BY v.data_inicio DESC, v.id DESC
        LIMIT 10000`,
      p.values,
    );
    return rows;
  }

  // ---------------------------------------------------------------- users

  /** A user with providers, position, sector and department (GET v1/user/{userId}). */
  async user(id: number) {
    const { rows } = await this.db.query(
      `SELECT u.id, u.id AS "usuarioId", u.user_id AS "userId", u.email, u.nome, u.papeis, u.funcionario, u.ativo, u.id_empresas,
              COALESCE((SELECT json_agg(json_build_object('id', e.id, 'nome', e.nome) ORDER BY e.nome, e.id) FROM rh.empresa e WHERE e.id = ANY(u.id_empresas)), '[]'::json) AS empresas,
              u.id_cargo, s.id AS id_setor, d.id AS id_departamento,
              CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'nome', c.nome, 'id_setor', c.id_setor) END AS cargo,
              CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'nome', s.nome, 'id_departamento', s.id_departamento) END AS setor,
              CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'nome', d.nome, 'id_empresa', d.id_empresa) END AS departamento
         FROM auth.usuario u
         LEFT JOIN rh.cargo c ON c.id = u.id_cargo
         LEFT JOIN rh.setor s ON s.id = c.id_setor
         LEFT JOIN rh.departamento d ON d.id = s.id_departamento
        WHERE u.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}

/** Closes the gaps of an order after an unlink: 1, 2, 3, ... keeping the order. */
async function renumber(tx: Queryable, table: 'onboarding_trilha' | 'trilha_conteudo', parent: 'id_onboarding' | 'id_trilha', parentId: number) {
  await tx.query(
    `UPDATE onboarding.${table} x SET prioridade = r.n
       FROM (SELECT id, row_number() OVER (ORDER BY prioridade, id)::int AS n FROM onboarding.${table} WHERE ${parent} = $1) r
      WHERE x.id = r.id AND x.prioridade <> r.n`,
    [parentId],
  );
}
