// Supplies (issue 34; foundation route map /supplies, /squads; role area suprimentos). The registers
// are the engine's (schemas/suprimentos/*.json: /api/supply-products, /api/squads, the movement
// registers /api/supply-receipts ... /api/supply-recycling, and the read-only supply-items,
// supply-balances, supply-movements); their rules are the hooks of src/server/supplies/service.ts,
// registered here. This file answers:
//   POST v1/suprimentos/retorno/atualizar/os/patrimonio   { id, os, patrimonio }: corrects a return's OS
//        and/or unit (the old unit goes back to the squad, the new one, which the squad must hold, into
//        the warehouse), in one transaction. 200 { message: 'OS e/ou Patrimônio editados com sucesso.',
//        update_suprimentos_retorno: { affected_rows: 1, returning: [row] } }; no row affected (unknown
//        id, another provider's return, nothing to change): 200 { message: 'Ops... Verifique os dados e
//        tente novamente!', update_suprimentos_retorno: { affected_rows: 0, returning: [] } }, as the
//        Hasura-style updates of the product answer (the screen tells the toast from affected_rows);
//        a refused move: 400 with its text; an unexpected failure: 500 'Erro ao editar OS e/ou Patrimônio'.
import { SUPPLIES_MSG } from '../../domain/supplies.js';
import { MSG } from '../../domain/messages.js';
import { HttpError } from '../errors.js';
import { isPlainObject, ValidationError } from '../schemas/validation.js';
import type { SuppliesService } from '../supplies/service.js';
import { refuseUnknownFields, type V1Module } from './index.js';

const MAX_ID = 2_147_483_647;
const FIELD_MAX = { os: 40, patrimonio: 60 } as const;

/** The body { id, os, patrimonio }: ids as numbers or numeric strings; os and patrimônio texts (or null); at least one of them. */
function readBody(body: unknown): { id: number; os?: string | null; patrimonio?: string | null } {
  if (!isPlainObject(body)) throw new ValidationError({ id: MSG.required }, MSG.requiredForm);
  refuseUnknownFields(body, ['id', 'os', 'patrimonio']);
  const errors: Record<string, string> = {};
  const raw = body.id;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,10}\s*$/.test(raw) ? Number(raw) : NaN;
  if (raw === undefined || raw === null || raw === '') errors.id = MSG.required;
  else if (!Number.isInteger(id) || id < 1 || id > MAX_ID) errors.id = 'Informe o número do retorno.';
  const out: { id: number; os?: string | null; patrimonio?: string | null } = { id };
  for (const field of ['os', 'patrimonio'] as const) {
    const v = body[field];
    if (v === undefined) continue;
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') errors[field] = 'Informe um texto.';
    else if (v !== null && String(v).length > FIELD_MAX[field]) errors[field] = `Utilize no máximo ${FIELD_MAX[field]} caracteres.`;
    else out[field] = v === null ? null : String(v);
  }
  if (!errors.os && !errors.patrimonio && out.os === undefined && out.patrimonio === undefined) errors.patrimonio = 'Informe a OS e/ou o patrimônio.';
  if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors).includes(MSG.required) ? MSG.requiredForm : Object.values(errors)[0]);
  return out;
}

const suppliesRoutes: V1Module = async (app) => {
  const { supplies } = app;
  supplies.registerHooks(() => app.communication.now());

  app.post(
    '/v1/suprimentos/retorno/atualizar/os/patrimonio',
    {
      config: { access: { resource: 'supply-returns', operation: 'update' } },
      schema: {
        tags: ['Suprimentos'],
        summary: 'Corrige a OS e/ou o patrimônio de um retorno de equipe (update_suprimentos_retorno)',
        description:
          'Papel suprimentos, solicitante ou acima. Corpo { id, os, patrimonio } (id número ou texto numérico; os e patrimonio textos ou null, ao menos um). ' +
          'Trocar o patrimônio desfaz o retorno do equipamento antigo (ele volta para a equipe, só se esse retorno ainda for a sua última movimentação) e aplica o retorno ao novo, que precisa estar com a mesma equipe, numa só transação. ' +
          `Resposta 200 { message: '${SUPPLIES_MSG.returnEdited}', update_suprimentos_retorno: { affected_rows: 1, returning: [retorno] } }; ` +
          `nenhuma linha afetada (retorno inexistente, de outro provedor, ou nada a mudar): 200 { message: '${SUPPLIES_MSG.noRowAffected}', update_suprimentos_retorno: { affected_rows: 0, returning: [] } }. ` +
          `Movimentação recusada: 400 { message, errors }. Falha inesperada: 500 '${SUPPLIES_MSG.returnEditError}'.`,
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const body = readBody(request.body);
      try {
        const row = await supplies.editReturn(request.actor, body.id, body);
        if (!row) return { message: SUPPLIES_MSG.noRowAffected, update_suprimentos_retorno: { affected_rows: 0, returning: [] } };
        return { message: SUPPLIES_MSG.returnEdited, update_suprimentos_retorno: { affected_rows: 1, returning: [row] } };
      } catch (e) {
        const status = (e as { statusCode?: number }).statusCode;
        if (e instanceof ValidationError) throw e;
        if (e instanceof HttpError && status === 404) return { message: SUPPLIES_MSG.noRowAffected, update_suprimentos_retorno: { affected_rows: 0, returning: [] } };
        if (e instanceof HttpError && status === 409) return reply.code(400).send({ message: e.message, ...(e.errors ? { errors: e.errors } : {}) });
        if (status !== undefined && status < 500) throw e;
        // The database's own refusals and absences are told by the error handler (4xx, 503).
        if (status === 503 || typeof (e as { code?: unknown }).code === 'string') throw e;
        request.log.error({ err: e }, 'retorno: erro ao editar OS e/ou patrimônio');
        return reply.code(500).send({ message: SUPPLIES_MSG.returnEditError });
      }
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    supplies: SuppliesService;
  }
}

export default suppliesRoutes;
