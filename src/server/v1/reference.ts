// v1 reference reads of the organisation (foundation document, section 7; HR document, section 7),
// answering with the spec's response names: companies, rh_departamento, rh_setor, rh_cargo,
// rh_categoria, rh_cidade_provedor, rh_microrregiao. Thin over the resource service, so every read
// keeps the caller's provider scope: a user of provider A never sees provider B's rows here.
//
// Who may read: these lists feed the selects of every area's forms (onboarding, marketing, sales,
// HR...), each calling with its own role header, so any role of any module (leitor and up) or the
// superadmin may read them (the right anyRole, as the providers' and cities' schemas give their
// reads); a role header must be one of the user's roles and is what counts: acting as user or guest,
// a module role held besides does not. Candidates (role user only), guests and calls without a token
// are refused.
import type { FastifyRequest } from 'fastify';
import { hasStaffRole, ROLE_HEADER } from '../../domain/roles.js';
import { forbidden } from '../auth/access.js';
import { holidayHooks } from '../geo/holidays.js';
import type { Actor, ResourceService } from '../resources/service.js';
import type { ResourceDef } from '../schemas/registry.js';
import type { Queryable } from '../db/index.js';
import type { V1Module } from './index.js';

/**
 * The provider named in a path, by id or by name (accent- and case-insensitive), inside the actor's
 * scope; null when there is none (the caller then gets an empty list, never another provider's rows).
 */
export async function resolveProvider(db: Queryable, raw: string, actor: Actor): Promise<number | null> {
  const value = raw.trim();
  // No provider has control characters (nor could PostgreSQL compare a NUL) in its name.
  if (!value || value.length > 200 || /[\u0000-\u001f]/.test(value)) return null;
  const params: unknown[] = [];
  let cond: string;
  if (/^\d{1,9}$/.test(value)) {
    params.push(Number(value));
    cond = 'id = $1';
  } else {
    params.push(value);
    cond = 'public.f_unaccent(nome) = public.f_unaccent($1)';
  }
  if (actor.providerIds !== null) {
    params.push(actor.providerIds);
    cond += ` AND id = ANY($${params.length}::int[])`;
  }
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM rh.empresa WHERE ${cond} ORDER BY id LIMIT 1`, params);
  return rows[0]?.id ?? null;
}

/** Every row of a resource matching the filter, in the given order, inside the actor's scope. */
export async function listAll(service: ResourceService, def: ResourceDef, actor: Actor, filter: Record<string, unknown> = {}, sort = def.block.list.sort) {
  const clean = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
  return (await service.list(def, { filter: clean, sort, range: [0, -1] }, actor)).rows;
}

const docs = (summary: string, querystring?: Record<string, unknown>, params?: Record<string, unknown>) => ({
  schema: {
    tags: ['Organização'],
    summary,
    security: [{ bearerAuth: [] }],
    ...(querystring ? { querystring: { type: 'object', properties: querystring } } : {}),
    ...(params ? { params: { type: 'object', properties: params } } : {}),
  },
});

/** The right of every read here (see above). */
const reads = { config: { access: { module: 'rh', right: 'anyRole' } } } as const;

/** The actor of a read, once a role header naming no module role (user, guest) is refused (see above). */
function readerOf(request: FastifyRequest): Actor {
  const header = request.headers[ROLE_HEADER];
  if (typeof header === 'string' && header !== '' && !hasStaffRole([header])) throw forbidden();
  return request.actor;
}

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const ATIVO = { type: 'boolean', description: 'só ativos (true) ou só inativos (false)' };
const BYNAME = { type: 'string', maxLength: 200, description: 'id ou nome do provedor' };

type Query = Record<string, number | boolean | undefined>;

const referenceRoutes: V1Module = async (app, { db, service, registry }) => {
  service.hooks.set('holidays', holidayHooks);
  const def = (name: string) => {
    const d = registry.get(name);
    if (!d) throw new Error(`schema "${name}" ausente`);
    return d;
  };
  const providers = def('providers');
  const departments = def('departments');
  const sectors = def('sectors');
  const positions = def('positions');
  const cities = def('cities');
  const microregions = def('microregions');
  const categories = def('categories');

  /** Departments of one provider (by id or name), or of every provider in scope. */
  const departmentsOf = async (actor: Actor, provider: string | undefined, q: Query) => {
    if (provider === undefined) return listAll(service, departments, actor, { id_empresa: q.id_empresa, ativo: q.ativo });
    const id = await resolveProvider(db, provider, actor);
    return id === null ? [] : listAll(service, departments, actor, { id_empresa: id, ativo: q.ativo });
  };

  /** Sectors of the departments above (id_departamento narrows them). */
  const sectorsOf = async (actor: Actor, provider: string | undefined, q: Query) => {
    if (provider === undefined && q.id_empresa === undefined) {
      return listAll(service, sectors, actor, { id_departamento: q.id_departamento, ativo: q.ativo });
    }
    const ids = (await departmentsOf(actor, provider, { id_empresa: q.id_empresa })).map((d) => d.id);
    const only = q.id_departamento === undefined ? ids : ids.filter((id) => id === q.id_departamento);
    return listAll(service, sectors, actor, { id_departamento: only, ativo: q.ativo });
  };

  // GET v1/companies: { companies: [{ id, nome, ativo }] }, the providers the user is linked to.
  app.get('/v1/companies', { ...reads, ...docs('Provedores do usuário (companies)', { ativo: ATIVO }) }, async (request) => {
    const actor = readerOf(request);
    const q = request.query as Query;
    const rows = await listAll(service, providers, actor, { ativo: q.ativo });
    return { companies: rows.map((r) => ({ id: r.id, nome: r.nome, ativo: r.ativo })) };
  });

  // GET v1/departamentos: { rh_departamento }, every department in scope.
  app.get('/v1/departamentos', { ...reads, ...docs('Departamentos (rh_departamento)', { id_empresa: ID, ativo: ATIVO }) }, async (request) => {
    return { rh_departamento: await departmentsOf(readerOf(request), undefined, request.query as Query) };
  });

  // GET v1/departamentos/empresa/{companyId} and v1/company/departamento/{company}: one provider's.
  app.get('/v1/departamentos/empresa/:company', { ...reads, ...docs('Departamentos de um provedor (rh_departamento)', { ativo: ATIVO }, { company: BYNAME }) }, async (request) => {
    const { company } = request.params as { company: string };
    return { rh_departamento: await departmentsOf(readerOf(request), company, request.query as Query) };
  });
  app.get('/v1/company/departamento/:company', { ...reads, ...docs('Departamentos de um provedor, por id ou nome (rh_departamento)', { ativo: ATIVO }, { company: BYNAME }) }, async (request) => {
    const { company } = request.params as { company: string };
    return { rh_departamento: await departmentsOf(readerOf(request), company, request.query as Query) };
  });

  // GET v1/setor and v1/setor/{provider name or id}: { rh_setor } (id, nome, ativo, id_departamento, id_usuario).
  const sectorQuery = { id_empresa: ID, id_departamento: ID, ativo: ATIVO };
  app.get('/v1/setor', { ...reads, ...docs('Setores (rh_setor)', sectorQuery) }, async (request) => {
    return { rh_setor: await sectorsOf(readerOf(request), undefined, request.query as Query) };
  });
  app.get('/v1/setor/:company', { ...reads, ...docs('Setores de um provedor, por id ou nome (rh_setor)', sectorQuery, { company: BYNAME }) }, async (request) => {
    const { company } = request.params as { company: string };
    return { rh_setor: await sectorsOf(readerOf(request), company, request.query as Query) };
  });

  // GET v1/company/cargo/{provider name or id}: { rh_cargo: [{ nome, id, id_setor, id_departamento, ativo, descricao }] }.
  app.get(
    '/v1/company/cargo/:company',
    {
      ...reads,
      ...docs('Cargos de um provedor, por id ou nome (rh_cargo)', { id_departamento: ID, id_setor: ID, ativo: ATIVO }, { company: BYNAME }),
    },
    async (request) => {
      const actor = readerOf(request);
      const { company } = request.params as { company: string };
      const q = request.query as Query;
      const sectorRows = await sectorsOf(actor, company, { id_departamento: q.id_departamento });
      const departmentOf = new Map(sectorRows.map((s) => [s.id as number, s.id_departamento as number]));
      const only = q.id_setor === undefined ? [...departmentOf.keys()] : [...departmentOf.keys()].filter((id) => id === q.id_setor);
      const rows = await listAll(service, positions, actor, { id_setor: only, ativo: q.ativo });
      return {
        rh_cargo: rows.map((r) => ({
          nome: r.nome,
          id: r.id,
          id_setor: r.id_setor,
          id_departamento: departmentOf.get(r.id_setor as number) ?? null,
          ativo: r.ativo,
          descricao: r.descricao,
        })),
      };
    },
  );

  // GET v1/categoria: { rh_categoria } (titulo, icone, color, ativo), shared by every provider.
  app.get('/v1/categoria', { ...reads, ...docs('Categorias das novidades (rh_categoria)', { ativo: ATIVO }) }, async (request) => {
    const q = request.query as Query;
    return { rh_categoria: await listAll(service, categories, readerOf(request), { ativo: q.ativo }) };
  });

  // GET v1/empresa/cidades: { rh_cidade_provedor } (nome, uf, id_empresa, ativo), ordered by name.
  app.get('/v1/empresa/cidades', { ...reads, ...docs('Cidades dos provedores (rh_cidade_provedor)', { id_empresa: ID, ativo: ATIVO }) }, async (request) => {
    const q = request.query as Query;
    const rows = await listAll(service, cities, readerOf(request), { id_empresa: q.id_empresa, ativo: q.ativo });
    return { rh_cidade_provedor: rows };
  });

  // GET v1/company/microrregiao: { rh_microrregiao }.
  app.get('/v1/company/microrregiao', { ...reads, ...docs('Microrregiões (rh_microrregiao)', { id_empresa: ID, ativo: ATIVO }) }, async (request) => {
    const q = request.query as Query;
    return { rh_microrregiao: await listAll(service, microregions, readerOf(request), { id_empresa: q.id_empresa, ativo: q.ativo }) };
  });
};

export default referenceRoutes;
