// Fleet requests (issue 33, /requests/...): the registers are the engine's (schemas/frota/
// vehicle-requests.json, vehicle-incident-requests.json, vehicle-maintenance-requests.json); their
// rules and notifications are the hooks of src/server/fleet/requests.ts, registered here with the
// fines' (the driver of a fine from the approved request covering it). The screens' own calls:
//   POST v1/solicitacoes/veiculo/{id}/cancelar   the requester (or a fleet manager) cancels a pending
//                                                or approved vehicle request
//   GET  v1/solicitacoes/veiculos                the active vehicles of the caller's providers, for the
//                                                incident and maintenance request forms (employees,
//                                                who hold no frota role, report too)
import { isSuperadmin, isStaffMember } from '../../domain/roles.js';
import { forbidden, requireUser } from '../auth/access.js';
import { createMailer } from '../auth/mailer.js';
import { FleetRequests } from '../fleet/requests.js';
import { composeHooks } from '../resources/service.js';
import type { V1Module } from './index.js';

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

const fleetRequestRoutes: V1Module = async (app, { db, service, config }) => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? 'Intranet <nao-responda@intranet.local>', log: (m) => app.log.info(m) });
  const requests = new FleetRequests(service, mailer, () => config.publicUrl);
  const hook = (name: string, hooks: ReturnType<FleetRequests['fineHooks']>) => service.hooks.set(name, composeHooks(service.hooks.get(name), hooks));
  hook('vehicle-requests', requests.vehicleRequestHooks());
  hook('vehicle-incident-requests', requests.reportHooks('sinistro'));
  hook('vehicle-maintenance-requests', requests.reportHooks('manutencao'));
  // The fines' driver is filled before the fleet's own fines rules (src/server/fleet/service.ts: the
  // driver of the vehicle's provider) check it: this one first, whatever the modules' order.
  service.hooks.set('fines', composeHooks(requests.fineHooks(), service.hooks.get('fines') ?? {}));

  app.post(
    '/v1/solicitacoes/veiculo/:id/cancelar',
    {
      config: { access: { resource: 'vehicle-requests', operation: 'update' } },
      schema: {
        tags: ['Frota'],
        summary: 'Cancela uma solicitação de veículo pendente ou aprovada (o solicitante, ou um gestor da frota)',
        security: [{ bearerAuth: [] }],
        params: { type: 'object', properties: { id: ID }, required: ['id'] },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return { solicitacao_veiculo: await requests.cancel(request.actor, id) };
    },
  );

  app.get(
    '/v1/solicitacoes/veiculos',
    {
      config: { access: { module: 'frota', right: 'user' } },
      schema: {
        tags: ['Frota'],
        summary: 'Veículos ativos dos provedores do usuário, para relatar um sinistro ou pedir uma manutenção',
        security: [{ bearerAuth: [] }],
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (!isStaffMember(user.roles, user.employee) && !isSuperadmin(user.roles)) throw forbidden();
      return { veiculos: await requests.vehiclesFor(db, isSuperadmin(user.roles) ? null : user.providerIds) };
    },
  );
};

export default fleetRequestRoutes;
