// v1 calls about places (foundation document, sections 3, 4 and 7): the built-in municipality list,
// the CEP lookup on the configurable address service, POST /v1/createCity, and the provider cities
// (rh.cidade_provedor): POST v1/delete/insert/cidades/provedor replaces a provider's cities in one
// audited transaction, POST v1/cidade/provedor adds one.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { isUf, searchKey, searchMunicipalities } from '../../domain/municipalities.js';
import { actorFor, forbidden } from '../auth/access.js';
import type { Queryable } from '../db/index.js';
import { lookupCep } from '../geo/cep.js';
import { addressCityHooks, assertMunicipality, canonicalCity, cityHooks, cityName, CITY_MSG, findCity } from '../geo/cities.js';

export { CITY_MSG };
import { insertRow, updateRow, type Actor } from '../resources/service.js';
import { isPlainObject, validateRecord, ValidationError, type FieldErrors } from '../schemas/validation.js';
import { refuseUnknownFields, wrapperOf, type V1Module } from './index.js';

const MAX_OBJECTS = 6_000;
const MAX_LIMIT = 6_000;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1 && v <= 2_147_483_647;

async function providerExists(q: Queryable, id: number) {
  return (await q.query('SELECT 1 FROM rh.empresa WHERE id = $1', [id])).rows.length > 0;
}

const inScope = (actor: Actor, id: number) => actor.providerIds === null || actor.providerIds.includes(id);

const docs = (tags: string, summary: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: [tags], summary, security: [{ bearerAuth: [] }], ...extra },
});

const citiesRoutes: V1Module = async (app, { db, service, registry, config }) => {
  const cities = registry.get('cities');
  if (!cities) throw new Error('schema "cities" ausente');
  service.hooks.set('cities', cityHooks);
  service.hooks.set('contracting-companies', addressCityHooks);
  const cepOptions = () => ({ url: config.cepServiceUrl ?? 'https://viacep.com.br/ws/{cep}/json/' });

  /**
   * The provider a call is about: the one sent (it must be in the caller's scope), else the user's
   * first provider; 400 when there is none (a superadmin linked to no provider must say which).
   */
  const providerFor = async (request: FastifyRequest, actor: Actor, sent: unknown): Promise<number> => {
    let id: number | undefined;
    if (sent !== undefined && sent !== null && sent !== '') {
      const n = typeof sent === 'string' && /^\d{1,10}$/.test(sent) ? Number(sent) : sent;
      if (!isId(n)) throw new ValidationError({ id_empresa: MSG.integer });
      if (!inScope(actor, n)) throw forbidden();
      id = n;
    } else {
      id = request.auth?.providerIds[0];
      if (id === undefined) throw new ValidationError({ id_empresa: MSG.required });
    }
    if (!(await providerExists(db, id))) throw new ValidationError({ id_empresa: MSG.referenceMissing }, MSG.referenceMissing);
    return id;
  };

  // GET /v1/municipios?q=&uf=&ibge=&limit=&offset=: the built-in municipality list (any signed-in user).
  app.get(
    '/v1/municipios',
    {
      config: { access: { module: 'rh', right: 'user' } },
      ...docs('Localidades', 'Lista de municípios (IBGE), por estado e nome', {
        querystring: {
          type: 'object',
          properties: {
            q: { type: 'string', maxLength: 120, description: 'busca por nome, sem acentos e sem diferenciar maiúsculas' },
            uf: { type: 'string', maxLength: 2 },
            ibge: { type: 'string', maxLength: 8000, pattern: '^\\d{7}(,\\d{7})*$', description: 'códigos IBGE separados por vírgula' },
            limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 100 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
      }),
    },
    async (request) => {
      const q = request.query as { q?: string; uf?: string; ibge?: string; limit: number; offset: number };
      const uf = q.uf ? q.uf.toUpperCase() : undefined;
      if (uf !== undefined && !isUf(uf)) throw new ValidationError({ uf: MSG.option }, MSG.badQuery('uf'));
      const ibge = q.ibge ? q.ibge.split(',').map(Number) : undefined;
      return searchMunicipalities({ q: q.q, uf, ibge, limit: q.limit, offset: q.offset });
    },
  );

  // GET /v1/cep/{cep}?id_empresa=: the address of a CEP, and the id of its city among the provider's
  // cities (city_id, null when the provider does not have it yet: POST /v1/createCity adds it).
  app.get(
    '/v1/cep/:cep',
    {
      config: { access: { module: 'rh', right: 'user' } },
      ...docs('Localidades', 'Endereço de um CEP (serviço de endereços configurável)', {
        querystring: { type: 'object', properties: { id_empresa: { type: 'string', maxLength: 12 } } },
      }),
    },
    async (request) => {
      const { actor } = request;
      const address = await lookupCep((request.params as { cep: string }).cep, cepOptions());
      const sent = (request.query as { id_empresa?: string }).id_empresa;
      let provider: number | undefined = request.auth?.providerIds[0];
      if (sent !== undefined && sent !== '') {
        if (!/^\d{1,10}$/.test(sent) || !isId(Number(sent))) throw new ValidationError({ id_empresa: MSG.integer }, MSG.badQuery('id_empresa'));
        provider = inScope(actor, Number(sent)) ? Number(sent) : undefined;
      }
      const cidade = cityName(address);
      const city = provider === undefined ? null : await findCity(db, provider, cidade, address.estado);
      return { ...address, cidade, city_id: city?.id ?? null };
    },
  );

  // POST /v1/createCity { cep, id_empresa? } -> { criaCidade: { address, code, district, state, city, city_id } }:
  // looks the CEP up and makes sure its city is among the provider's cities (created when missing).
  app.post('/v1/createCity', { config: { access: { resource: 'cities', operation: 'get' } }, ...docs('Localidades', 'Cidade de um CEP, criada entre as cidades do provedor quando falta') }, async (request) => {
    const readActor = request.actor;
    const body = request.body;
    if (!isPlainObject(body)) throw new ValidationError({ cep: MSG.required }, MSG.badRequest);
    refuseUnknownFields(body, ['cep', 'id_empresa']);
    if (body.cep === undefined || body.cep === null || body.cep === '') throw new ValidationError({ cep: MSG.required });
    const address = await lookupCep(body.cep, cepOptions());
    const provider = await providerFor(request, readActor, body.id_empresa);
    const nome = cityName(address);
    let city = await findCity(db, provider, nome, address.estado);
    if (!city) {
      city = await service.create(cities, { nome, uf: address.estado, id_empresa: provider, ativo: true }, actorFor(request, cities, 'create'));
    }
    return {
      criaCidade: {
        address: address.endereco,
        code: address.cep,
        district: address.bairro,
        state: address.estado,
        city: city.nome,
        city_id: city.id,
      },
    };
  });

  // POST v1/cidade/provedor { nome, uf, id_empresa, ativo? } (or { object: {...} }) -> { insert_rh_cidade_provedor_one }.
  app.post('/v1/cidade/provedor', { config: { access: { resource: 'cities', operation: 'create' } }, ...docs('Organização', 'Adiciona uma cidade a um provedor') }, async (request) => {
    const { actor } = request;
    wrapperOf(request.body, ['object']);
    const raw = isPlainObject(request.body) && isPlainObject(request.body.object) ? request.body.object : request.body;
    if (!isPlainObject(raw)) throw new ValidationError({}, MSG.badRequest);
    // Validated first (400 before 403); the canonical name and the duplicate check are the cities hook's.
    validateRecord(cities, raw, 'create');
    return { insert_rh_cidade_provedor_one: await service.create(cities, raw, actor) };
  });

  // POST v1/delete/insert/cidades/provedor { id_empresa, objects: [{ nome, uf, ativo? }] }: the provider's
  // cities become exactly these, in one transaction. Cities kept keep their id (records that point to
  // them stay valid); the others are deleted, the new ones inserted; every change is audited.
  app.post(
    '/v1/delete/insert/cidades/provedor',
    {
      config: {
        access: [
          { resource: 'cities', operation: 'create' },
          { resource: 'cities', operation: 'delete' },
        ],
      },
      ...docs('Organização', 'Substitui as cidades de um provedor'),
    },
    async (request) => {
      const { actor } = request;
      const body = request.body;
      if (!isPlainObject(body)) throw new ValidationError({ id_empresa: MSG.required, objects: MSG.required });
      refuseUnknownFields(body, ['id_empresa', 'objects']);
      const errors: FieldErrors = {};
      if (body.id_empresa === undefined || body.id_empresa === null) errors.id_empresa = MSG.required;
      else if (!isId(body.id_empresa)) errors.id_empresa = MSG.integer;
      if (!Array.isArray(body.objects)) errors.objects = body.objects === undefined || body.objects === null ? MSG.required : MSG.list;
      else if (body.objects.length > MAX_OBJECTS) errors.objects = CITY_MSG.tooMany(MAX_OBJECTS);
      if (Object.keys(errors).length) throw new ValidationError(errors);
      const idEmpresa = body.id_empresa as number;
      if (!inScope(actor, idEmpresa)) throw forbidden();
      if (!(await providerExists(db, idEmpresa))) throw new ValidationError({ id_empresa: MSG.referenceMissing }, MSG.referenceMissing);

      // Each object is checked as a city of this provider; errors are named objects.<i>.<field>.
      const wanted = new Map<string, Record<string, unknown>>();
      (body.objects as unknown[]).forEach((object, i) => {
        if (!isPlainObject(object)) {
          errors[`objects.${i}`] = MSG.invalid;
          return;
        }
        if (object.id_empresa !== undefined && object.id_empresa !== idEmpresa) {
          errors[`objects.${i}.id_empresa`] = MSG.option;
          return;
        }
        try {
          const values = validateRecord(cities, { ...object, nome: canonicalCity(object.nome, object.uf), id_empresa: idEmpresa }, 'create');
          assertMunicipality(values.nome, values.uf);
          wanted.set(`${searchKey(values.nome as string)}|${values.uf}`, values);
        } catch (e) {
          if (!(e instanceof ValidationError)) throw e;
          for (const [field, message] of Object.entries(e.errors)) errors[`objects.${i}.${field}`] = message;
        }
      });
      if (Object.keys(errors).length) throw new ValidationError(errors);

      return service.write(
        actor,
        async (tx) => {
          const { rows: current } = await tx.query(`SELECT * FROM rh.cidade_provedor WHERE id_empresa = $1 ORDER BY id FOR UPDATE`, [idEmpresa]);
          const kept = new Set<string>();
          const deleteIds: number[] = [];
          for (const row of current) {
            const key = `${searchKey(row.nome)}|${row.uf}`;
            const want = wanted.get(key);
            if (!want || kept.has(key)) {
              deleteIds.push(row.id);
              continue;
            }
            kept.add(key);
            const changes: Record<string, unknown> = {};
            if (row.ativo !== want.ativo) changes.ativo = want.ativo;
            if (row.nome !== want.nome) changes.nome = want.nome;
            if (Object.keys(changes).length) await updateRow(tx, cities, row.id, changes);
          }
          const deleted = deleteIds.length
            ? (await tx.query('DELETE FROM rh.cidade_provedor WHERE id = ANY($1::int[]) RETURNING id', [deleteIds])).rows.length
            : 0;
          const inserted = [];
          for (const [key, values] of wanted) if (!kept.has(key)) inserted.push(await insertRow(tx, cities, values));
          const { rows: final } = await tx.query('SELECT * FROM rh.cidade_provedor WHERE id_empresa = $1 ORDER BY nome, id', [idEmpresa]);
          return {
            delete_rh_cidade_provedor: { affected_rows: deleted },
            insert_rh_cidade_provedor: { affected_rows: inserted.length, returning: inserted },
            rh_cidade_provedor: final,
          };
        },
        // A city still referenced elsewhere cannot go: 409 'Este registro está em uso...'.
        'delete',
      );
    },
  );
};

export default citiesRoutes;
