// v1/admin: the audit history of an item (foundation document, section 7).
import { MSG } from '../../domain/messages.js';
import { actorFor } from '../auth/access.js';
import { HttpError } from '../errors.js';
import type { V1Module } from './index.js';

const adminRoutes: V1Module = async (app, { registry, service }) => {
  // POST v1/admin/log/history { tabelas, id_item, limit, offset }: the same entries as /api/<resource>/<id>/history.
  app.post(
    '/v1/admin/log/history',
    {
      config: { access: { module: 'users', right: 'user' } },
      schema: {
        tags: ['Histórico'],
        summary: 'Histórico de um item (mais recentes primeiro, no máximo 100)',
        body: {
          type: 'object',
          required: ['tabelas', 'id_item'],
          properties: {
            tabelas: { type: 'string', minLength: 1, description: 'tabela (rh.departamento, rh_departamento) ou recurso (departments)' },
            id_item: { type: ['string', 'integer'] },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const body = request.body as { tabelas: string; id_item: string | number; limit: number; offset: number };
      const def = registry.byTable.get(body.tabelas) ?? registry.get(body.tabelas) ?? registry.resources.find((r) => r.gqlName === body.tabelas);
      if (!def) throw new HttpError(400, MSG.badRequest, { tabelas: MSG.option });
      // As GET /api/<resource>/<id>/history: only where the schema keeps history, the same readers.
      if (!def.block.history) throw new HttpError(404, MSG.notFound);
      // The resource comes with the body: its schema's right is checked here, as GET /api/<resource>/<id>/history does.
      return service.history(def, String(body.id_item), actorFor(request, def, 'get'), body);
    },
  );
};

export default adminRoutes;
