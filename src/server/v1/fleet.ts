// Fleet (foundation route map, /fleet/...; calls v1/veiculos, v1/motorista, v1/locadoras/veicular).
// The registers are the engine's (schemas/frota/*.json at /api/vehicles, /api/vehicle-maintenance,
// /api/drivers, /api/rental-companies, /api/rentals, /api/fines, /api/vehicle-incidents); their rules
// that no schema says are src/server/fleet/service.ts's hooks. This file answers:
//   GET v1/veiculos?id_empresa=      the active vehicles of the caller's providers (frota readers and up), by plate: { veiculos }
//   GET v1/motorista?id_empresa=     the active drivers of the caller's providers, by name: { motoristas }
//   GET v1/locadoras/veicular        the active rental companies (shared by the group), by name: { locadoras }
//   GET v1/frota/painel?id_empresa=  the fleet home's figures (src/server/fleet/service.ts, dashboard)
//   GET v1/multas/{id}/termo/{idMotorista}/{placa}       the fine responsibility term's data (the page /fleet/fines/term/...)
//   GET v1/multas/{id}/termo/{idMotorista}/{placa}/pdf   the same term as a PDF download
// and runs the daily job fleet-reminders (07:00 in São Paulo) when jobs are on.
import { businessDate } from '../../domain/communicationDates.js';
import { fineTermFileName } from '../../domain/fleet.js';
import { contentDisposition } from '../files/routes.js';
import type { FleetService } from '../fleet/service.js';
import { startFleetJobs } from '../jobs/fleet.js';
import { listAll } from './reference.js';
import type { V1Module } from './index.js';

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const PROVIDER_QUERY = { type: 'object', properties: { id_empresa: ID }, additionalProperties: false };
const TERM_PARAMS = {
  type: 'object',
  properties: { id: ID, idMotorista: ID, placa: { type: 'string', minLength: 7, maxLength: 8, pattern: '^[A-Za-z0-9-]+$' } },
  required: ['id', 'idMotorista', 'placa'],
};

const fleetRoutes: V1Module = async (app, { service }) => {
  const { fleet } = app;
  fleet.registerHooks();
  const now = () => app.communication.now();

  const vehicles = service.get('vehicles');
  const drivers = service.get('drivers');
  const rentalCompanies = service.get('rental-companies');
  app.get(
    '/v1/veiculos',
    {
      config: { access: { resource: 'vehicles', operation: 'list' } },
      schema: { tags: ['Frota'], summary: 'Veículos ativos dos provedores do usuário (frota_veiculo), por placa', security: [{ bearerAuth: [] }], querystring: PROVIDER_QUERY },
    },
    async (request) => {
      const q = request.query as { id_empresa?: number };
      return { veiculos: await listAll(service, vehicles, request.actor, { ativo: true, id_empresa: q.id_empresa }, { field: 'placa', order: 'ASC' }) };
    },
  );
  app.get(
    '/v1/motorista',
    {
      config: { access: { resource: 'drivers', operation: 'list' } },
      schema: { tags: ['Frota'], summary: 'Motoristas ativos dos provedores do usuário (frota_motorista), por nome, com a CNH', security: [{ bearerAuth: [] }], querystring: PROVIDER_QUERY },
    },
    async (request) => {
      const q = request.query as { id_empresa?: number };
      return { motoristas: await listAll(service, drivers, request.actor, { ativo: true, id_empresa: q.id_empresa }, { field: 'nome', order: 'ASC' }) };
    },
  );
  app.get(
    '/v1/locadoras/veicular',
    {
      config: { access: { resource: 'rental-companies', operation: 'list' } },
      schema: { tags: ['Frota'], summary: 'Locadoras de veículos ativas do grupo (frota_locadora), por nome', security: [{ bearerAuth: [] }] },
    },
    async (request) => ({ locadoras: await listAll(service, rentalCompanies, request.actor, { ativo: true }, { field: 'nome', order: 'ASC' }) }),
  );
  app.get(
    '/v1/frota/painel',
    {
      config: { access: { resource: 'vehicles', operation: 'list' } },
      schema: { tags: ['Frota'], summary: 'Os números da página inicial da frota: veículos disponíveis, em uso e na oficina, multas a pagar, CNHs e locações a vencer', security: [{ bearerAuth: [] }], querystring: PROVIDER_QUERY },
    },
    async (request) => {
      const q = request.query as { id_empresa?: number };
      const at = now();
      return fleet.dashboard(request.actor, businessDate(at), at, q.id_empresa);
    },
  );
  app.get(
    '/v1/multas/:id/termo/:idMotorista/:placa',
    {
      config: { access: { resource: 'fines', operation: 'get' } },
      schema: { tags: ['Frota'], summary: 'Os dados do termo de responsabilidade do motorista por uma multa', security: [{ bearerAuth: [] }], params: TERM_PARAMS },
    },
    async (request) => {
      const p = request.params as { id: number; idMotorista: number; placa: string };
      return fleet.term(request.actor, p.id, p.idMotorista, p.placa);
    },
  );
  app.get(
    '/v1/multas/:id/termo/:idMotorista/:placa/pdf',
    {
      config: { access: { resource: 'fines', operation: 'get' } },
      schema: { tags: ['Frota'], summary: 'O termo de responsabilidade do motorista por uma multa, em PDF', security: [{ bearerAuth: [] }], params: TERM_PARAMS },
    },
    async (request, reply) => {
      const p = request.params as { id: number; idMotorista: number; placa: string };
      const data = await fleet.term(request.actor, p.id, p.idMotorista, p.placa);
      const pdf = await fleet.termPdf(data, now());
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(fineTermFileName(data.multa.id, data.veiculo.placa)))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  const queue = app.communication.queue;
  if (queue) await startFleetJobs(queue, fleet, now, { info: (m) => app.log.info(m) });
};

declare module 'fastify' {
  interface FastifyInstance {
    fleet: FleetService;
  }
}

export default fleetRoutes;
