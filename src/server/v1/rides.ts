// Rides (issue 33). The register is the engine's (schemas/frota/rides.json at /api/rides: an
// employee's own offers, the frota managers' all of their providers'); its rules are the hooks of
// src/server/rides/service.ts. These calls answer the board /ride-employee (list and
// search/{origem}/{destino}/{data}):
//   GET /v1/public/caronas?origem=&destino=&data=   no sign-in, throttled per address: the active
//                                                  offers from today on of every provider, with only
//                                                  what the offer shows (no person, no phone)
//   GET /v1/caronas?origem=&destino=&data=          signed in: the same offers of the caller's
//                                                  providers, with the offerer's first name and the
//                                                  phone for WhatsApp (a candidate reads what visitors read)
//   GET /v1/caronas/provedores                      the caller's active providers, for the offer form
//                                                  (employees hold no role that lists the providers register)
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { isStaffMember, isSuperadmin } from '../../domain/roles.js';
import { RIDE_MSG, RIDE_SEARCH_MAX } from '../../domain/rides.js';
import { requireUser } from '../auth/access.js';
import { HttpError } from '../errors.js';
import { readBoard, rideHooks, RIDES, type BoardFilter, type BoardReader } from '../rides/service.js';
import type { V1Module } from './index.js';

const BOARD_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    origem: { type: 'string', maxLength: RIDE_SEARCH_MAX, description: 'parte da origem, sem diferença de acentos e maiúsculas' },
    destino: { type: 'string', maxLength: RIDE_SEARCH_MAX, description: 'parte do destino, sem diferença de acentos e maiúsculas' },
    data: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'AAAA-MM-DD: só as caronas desse dia (horário de Brasília)' },
  },
} as const;

const OFFER = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    origem: { type: 'string' },
    destino: { type: 'string' },
    data_hora: { type: 'string', format: 'date-time' },
    vagas: { type: 'integer' },
    observacoes: { type: ['string', 'null'] },
    empresa: { type: 'object', properties: { id: { type: 'integer' }, nome: { type: 'string' } } },
  },
} as const;

const board = (contact: boolean) => ({
  type: 'object',
  properties: {
    caronas: {
      type: 'array',
      items: contact ? { ...OFFER, properties: { ...OFFER.properties, nome: { type: ['string', 'null'] }, telefone: { type: ['string', 'null'] } } } : OFFER,
    },
    total: { type: 'integer' },
  },
});

/** The filters of a board read; a date that is no real day is 400 'Data inválida'. */
function filterOf(query: BoardFilter): BoardFilter {
  const data = query.data || undefined;
  if (data) {
    const d = new Date(`${data}T12:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== data) throw new HttpError(400, MSG.badRequest, { data: RIDE_MSG.invalidDate });
  }
  return { origem: query.origem?.trim() || undefined, destino: query.destino?.trim() || undefined, data };
}

const ridesRoutes: V1Module = async (app, { db, service, config }) => {
  service.hooks.set(RIDES, rideHooks());
  const readsPerMinute = Math.max(1, Number((config as Record<string, unknown>).ridesReadsPerMinute) || 120);

  app.get<{ Querystring: BoardFilter }>(
    '/v1/public/caronas',
    {
      schema: {
        tags: ['Caronas'],
        summary: 'As caronas oferecidas, de hoje em diante, sem dados pessoais',
        description: `Sem login; no máximo ${readsPerMinute} consultas por minuto de cada endereço (429 depois). As caronas ativas de hoje em diante (dia de São Paulo), das mais próximas às mais distantes, de todos os provedores: origem, destino, data e hora, vagas, observações e o provedor; nem o nome de quem oferece nem o telefone.`,
        security: [],
        querystring: BOARD_QUERY,
        response: { 200: board(false) },
      },
      config: { public: true, throttle: { kind: 'caronas:leitura', limit: readsPerMinute, windowSeconds: 60, message: RIDE_MSG.tooMany } },
    },
    async (request) => readBoard(db, { kind: 'public' }, filterOf(request.query)),
  );

  /** A signed-in reader: the superadmin every provider, an employee theirs, anyone else (a candidate) what visitors read. */
  const readerOf = (request: FastifyRequest): BoardReader => {
    const user = requireUser(request);
    if (isSuperadmin(user.roles)) return { kind: 'staff', providerIds: null };
    if (!isStaffMember(user.roles, user.employee)) return { kind: 'public' };
    return { kind: 'staff', providerIds: user.providerIds };
  };

  app.get<{ Querystring: BoardFilter }>(
    '/v1/caronas',
    {
      config: { access: { resource: RIDES, operation: 'list' } },
      schema: {
        tags: ['Caronas'],
        summary: 'As caronas oferecidas nos provedores do usuário, com o contato',
        description:
          'Colaboradores: as caronas ativas de hoje em diante dos seus provedores (o superadministrador, de todos), com o primeiro nome de quem oferece e o telefone para o WhatsApp. Quem não é colaborador (um candidato) recebe o mesmo que a chamada pública. Filtros como na chamada pública.',
        security: [{ bearerAuth: [] }],
        querystring: BOARD_QUERY,
        response: { 200: board(true) },
      },
    },
    async (request) => readBoard(db, readerOf(request), filterOf(request.query)),
  );

  app.get(
    '/v1/caronas/provedores',
    {
      config: { access: { resource: RIDES, operation: 'create' } },
      schema: {
        tags: ['Caronas'],
        summary: 'Os provedores em que o usuário pode oferecer carona',
        description: 'Os provedores ativos do usuário (o superadministrador, todos), por nome: as opções do campo Provedor do cadastro de carona.',
        security: [{ bearerAuth: [] }],
        response: { 200: { type: 'object', properties: { provedores: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, nome: { type: 'string' } } } } } } },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const all = isSuperadmin(user.roles);
      const { rows } = await db.query<{ id: number; nome: string }>(
        `SELECT id, nome FROM rh.empresa WHERE ativo${all ? '' : ' AND id = ANY ($1::int[])'} ORDER BY nome, id`,
        all ? [] : [user.providerIds],
      );
      return { provedores: rows };
    },
  );
};

export default ridesRoutes;
