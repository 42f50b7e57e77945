// The small registers of issue 34: the rules of the price list and of the resources' bookings
// (src/server/smallRegisters/service.ts), and the public financial page's one call:
//   GET /v1/public/financeiro   no sign-in, throttled per address: the active providers of the group
//                               with their site, for /financial/home (nothing else of a provider).
import { PRICING, RESOURCE_BOOKINGS, SMALL_REGISTERS_MSG } from '../../domain/smallRegisters.js';
import { composeHooks } from '../resources/service.js';
import { bookingHooks, pricingHooks, publicProviders } from '../smallRegisters/service.js';
import type { V1Module } from './index.js';

const smallRegistersRoutes: V1Module = async (app, { db, service, config }) => {
  service.hooks.set(PRICING, composeHooks(service.hooks.get(PRICING), pricingHooks()));
  service.hooks.set(RESOURCE_BOOKINGS, composeHooks(service.hooks.get(RESOURCE_BOOKINGS), bookingHooks()));
  const readsPerMinute = Math.max(1, Number((config as Record<string, unknown>).financialReadsPerMinute) || 60);

  app.get(
    '/v1/public/financeiro',
    {
      schema: {
        tags: ['Financeiro'],
        summary: 'Os provedores do grupo e seus canais, para a página pública do financeiro',
        description: `Sem login; no máximo ${readsPerMinute} consultas por minuto de cada endereço (429 depois). Os provedores ativos com o site de cada um; nenhum outro dado.`,
        security: [],
        response: {
          200: {
            type: 'object',
            properties: {
              provedores: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { id: { type: 'integer' }, nome: { type: 'string' }, site: { type: ['string', 'null'] } },
                  required: ['id', 'nome', 'site'],
                  additionalProperties: false,
                },
              },
            },
            required: ['provedores'],
            additionalProperties: false,
          },
        },
      },
      config: { public: true, throttle: { kind: 'financeiro:leitura', limit: readsPerMinute, windowSeconds: 60, message: SMALL_REGISTERS_MSG.tooMany } },
    },
    async () => ({ provedores: await publicProviders(db) }),
  );
};

export default smallRegistersRoutes;
