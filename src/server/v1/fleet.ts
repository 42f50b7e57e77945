// Fleet (foundation route map, /fleet/...; shared read v1/veiculos). The registers are the engine's
// (schemas/frota/vehicles.json at /api/vehicles, schemas/frota/vehicle-maintenance.json at
// /api/vehicle-maintenance); this file answers the foundation's shared read:
//   GET v1/veiculos?id_empresa=   the active vehicles of the caller's providers (frota readers and up),
//                                 by plate: { veiculos: [...] }
import { listAll } from './reference.js';
import type { V1Module } from './index.js';

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

const fleetRoutes: V1Module = async (app, { service }) => {
  const vehicles = service.get('vehicles');
  app.get(
    '/v1/veiculos',
    {
      config: { access: { resource: 'vehicles', operation: 'list' } },
      schema: {
        tags: ['Frota'],
        summary: 'Veículos ativos dos provedores do usuário (frota_veiculo), por placa',
        security: [{ bearerAuth: [] }],
        querystring: { type: 'object', properties: { id_empresa: ID }, additionalProperties: false },
      },
    },
    async (request) => {
      const q = request.query as { id_empresa?: number };
      const rows = await listAll(service, vehicles, request.actor, { ativo: true, id_empresa: q.id_empresa }, { field: 'placa', order: 'ASC' });
      return { veiculos: rows };
    },
  );
};

export default fleetRoutes;
