// /api/<resource>: ra-data-simple-rest's protocol, one set of routes per schema.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';
import { apiWriteRefusal, type ResourceDef } from '../schemas/registry.js';
import { isPlainObject } from '../schemas/validation.js';
import { openApiRoute } from '../docs/openapi.js';
import type { ListParams, ResourceService } from './service.js';

function parseJsonParam(query: Record<string, unknown>, name: string): unknown {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new HttpError(400, MSG.badQuery(name));
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, MSG.badQuery(name));
  }
}

/** sort=["field","ASC"], range=[0,19] (or the Range header "resource=0-19"), filter={...}. */
export function parseListQuery(request: FastifyRequest, def: ResourceDef): ListParams {
  const query = (request.query ?? {}) as Record<string, unknown>;
  // The admin's tables show references by their labels, and sort them so.
  const params: ListParams = { sortByLabel: true };
  const sort = parseJsonParam(query, 'sort');
  if (sort !== undefined) {
    if (!Array.isArray(sort) || sort.length !== 2 || typeof sort[0] !== 'string' || !/^(asc|desc)$/i.test(String(sort[1]))) {
      throw new HttpError(400, MSG.badQuery('sort'));
    }
    params.sort = { field: sort[0], order: String(sort[1]).toUpperCase() };
  }
  let range = parseJsonParam(query, 'range');
  if (range === undefined && typeof request.headers.range === 'string') {
    const m = /^(?:[\w-]+=)?(\d+)-(\d+)?$/.exec(request.headers.range.trim());
    if (!m) throw new HttpError(400, MSG.badQuery('Range'));
    range = [Number(m[1]), m[2] === undefined ? -1 : Number(m[2])];
  }
  if (range !== undefined) {
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n)) || range[0] < 0) {
      throw new HttpError(400, MSG.badQuery('range'));
    }
    params.range = [range[0], range[1]];
  }
  const filter = parseJsonParam(query, 'filter');
  if (filter !== undefined) {
    if (!isPlainObject(filter)) throw new HttpError(400, MSG.badQuery('filter'));
    params.filter = filter;
  }
  return params;
}

export function contentRange(def: ResourceDef, start: number, count: number, total: number) {
  return count ? `${def.name} ${start}-${start + count - 1}/${total}` : `${def.name} */${total}`;
}

/** The routes of every schema; each declares its operation's right (openApiRoute), checked before it runs (request.actor). */
export async function resourceRoutes(app: FastifyInstance, opts: { service: ResourceService }) {
  const { service } = opts;
  for (const def of service.registry.resources) {
    const base = `/api/${def.name}`;
    const docs = openApiRoute(def);
    const offers = (operation: 'create' | 'update' | 'delete') => !apiWriteRefusal(def, operation);
    const allow = { base: ['GET', 'HEAD', ...(offers('create') ? ['POST'] : [])], item: ['GET', 'HEAD', ...(offers('update') ? ['PUT'] : []), ...(offers('delete') ? ['DELETE'] : [])] };
    /**
     * A write the generic API does not offer (apiWriteRefusal: an internal table, the outbox) answers
     * 405 with the reason and an Allow header, before the body is read; the caller's right is checked
     * first (the route's access), so who lacks it is told so (401/403) as on any write.
     */
    const refusing = (operation: 'create' | 'update' | 'delete', path: 'base' | 'item') => {
      const reason = apiWriteRefusal(def, operation);
      if (!reason) return {};
      return {
        preParsing: async (_request: FastifyRequest, reply: FastifyReply) => {
          reply.header('allow', allow[path].join(', '));
          throw new HttpError(405, reason);
        },
      };
    };

    app.get(base, docs.list, async (request, reply: FastifyReply) => {
      const params = parseListQuery(request, def);
      const result = await service.list(def, params, request.actor);
      reply.header('Content-Range', contentRange(def, result.start, result.rows.length, result.total));
      if (result.estimated) reply.header('X-Total-Estimated', 'true');
      return result.rows;
    });

    app.get(`${base}/:id`, docs.get, async (request) =>
      service.getOne(def, (request.params as { id: string }).id, request.actor),
    );

    app.post(base, { ...docs.create, ...refusing('create', 'base') }, async (request, reply) => {
      const row = await service.create(def, request.body, request.actor);
      reply.code(201);
      return row;
    });

    app.put(`${base}/:id`, { ...docs.update, ...refusing('update', 'item') }, async (request) =>
      service.update(def, (request.params as { id: string }).id, request.body, request.actor),
    );
    // No resource is patched; one whose updates the generic API refuses says so (405) rather than 404.
    if (!offers('update')) app.patch(`${base}/:id`, { ...docs.update, ...refusing('update', 'item') }, async () => undefined);

    app.delete(`${base}/:id`, { ...docs.delete, ...refusing('delete', 'item') }, async (request) =>
      service.delete(def, (request.params as { id: string }).id, request.actor),
    );

    app.get(`${base}/:id/history`, docs.history, async (request) => {
      if (!def.block.history) throw new HttpError(404, MSG.notFound);
      const query = request.query as Record<string, unknown>;
      return service.history(def, (request.params as { id: string }).id, request.actor, {
        limit: Number(query.limit ?? 100),
        offset: Number(query.offset ?? 0),
      });
    });
  }
}
