// v1 calls of the communication scale's dispatcher (src/server/communication):
//   GET  /v1/campanha/agendamento/:id/previa   the preview of a campaign's active rules
//   GET  /v1/campanha/regras/:id/previa        the preview of one rule
//   GET  /v1/campanha/agendamento/:id/envios   the campaign's send log, filtered and paged
//   POST /v1/campanha/disparo                  runs a shift now and answers its counts
//
// Rights are the communication schemas' (area regua_comunicacao): the previews and the log need read
// (leitor and up) on the campaign or rule, within the caller's providers (another provider's is a
// 404); the run needs manage (regua_comunicacao:gestor, or the superadmin), and runs only the
// caller's providers' rules. Parameters are checked after the rights: an unknown one is a 400
// 'Campo não permitido', a malformed one a 400 on its field.
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { addDaysTo, businessDate, daysBetween, isCalendarDate, TURNOS, type Turno } from '../../domain/communicationDates.js';
import { rulesById } from '../communication/dispatcher.js';
import { previewRules } from '../communication/preview.js';
import { CHANNELS } from '../communication/select.js';
import { badField, isObject, toId, toInt } from './helpers/payload.js';
import { refuseUnknownFields, type V1Module } from './index.js';

export const PREVIEW_DEFAULT_DAYS = 7;
export const PREVIEW_MAX_DAYS = 60;
const LOG_DEFAULT_LIMIT = 50;
const LOG_MAX_LIMIT = 500;
const STATUSES = ['pendente', 'enviado', 'falhou', 'ignorado'] as const;
const MOTIVOS = ['restrito', 'sem_endereco'] as const;
const ROLE_DOC = 'Cabeçalho X-Intranet-Role: um papel da área regua_comunicacao';
const SEND_FIELDS =
  'id, created_at, updated_at, campanha_id, regra_id, id_empresa, cod_cliente, nome_razaosocial, canal, dia, turno, destino, status, motivo, tentativas, erro, assunto, conteudo, enviado_em';

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Régua de comunicação'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});
const idParam = { params: { type: 'object', properties: { id: { type: 'string', maxLength: 20 } } } };
const PREVIEW_DOC = `Parâmetros: dias (1 a ${PREVIEW_MAX_DAYS}, padrão ${PREVIEW_DEFAULT_DAYS}) e inicio (AAAA-MM-DD; padrão: hoje em São Paulo). Resposta { inicio, fim, dias: [{ dia, turno, regra_id, situacao, canais, enviados, motivo }] (cada dia em que a regra envia, por dia e turno), primeiros: [{ dia, regra_id, nome_razaosocial, cod_cliente, canais }] (os 20 primeiros por nome, dos turnos por vir), ignorados: [{ dia, regra_id, nome_razaosocial, cod_cliente, canal, motivo: restrito | sem_endereco }] (os 50 primeiros por nome, dos turnos por vir) }. situacao: a_enviar (o horário do turno, em São Paulo, ainda não passou pelo relógio do servidor: canais: { whatsapp, email, sms: { enviar, restritos, sem_endereco } ou null quando o canal está desligado }); registrado (turno passado com envios no registro: enviados: { whatsapp, email, sms: { total, enviados, falharam, pendentes, restritos, sem_endereco } ou null }); nao_enviado (turno passado sem nada no registro; motivo: regra_posterior, a regra foi cadastrada depois do turno; sem_clientes, nenhum cliente selecionado no dia; aguardando, o turno começou há menos de 15 minutos; nao_executado, o disparo não rodou para a regra nesse turno). Nos turnos passados canais vem com os três canais null. Nada é enviado nem registrado.`;

const textParam = (query: Record<string, unknown>, name: string): string | undefined => {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw badField(name, MSG.invalid);
  return v;
};
const dateParam = (query: Record<string, unknown>, name: string) => {
  const v = textParam(query, name);
  if (v !== undefined && !isCalendarDate(v)) throw badField(name, MSG.date);
  return v;
};
const enumParam = <T extends string>(query: Record<string, unknown>, name: string, values: readonly T[]): T | undefined => {
  const v = textParam(query, name);
  if (v !== undefined && !values.includes(v as T)) throw badField(name, MSG.option);
  return v as T | undefined;
};

const communicationDispatchRoutes: V1Module = async (app, { db, service }) => {
  const campaigns = service.get('communication-campaigns');
  const rules = service.get('communication-rules');
  const today = () => businessDate(app.communication.now());

  /** The days of a preview: inicio (default today) and dias after it. */
  const previewDays = (request: FastifyRequest) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    refuseUnknownFields(query, ['dias', 'inicio']);
    const dias = toInt(query.dias, 'dias', { min: 1, max: PREVIEW_MAX_DAYS, fallback: PREVIEW_DEFAULT_DAYS });
    const inicio = dateParam(query, 'inicio') ?? today();
    const fim = addDaysTo(inicio, dias - 1);
    return { inicio, fim, days: daysBetween(inicio, fim) };
  };

  app.get(
    '/v1/campanha/agendamento/:id/previa',
    {
      config: { access: { resource: 'communication-campaigns', operation: 'get' } },
      ...docs('Prévia de uma campanha de comunicação: quem recebe o quê, quando', `${ROLE_DOC}, leitor ou acima. As regras ativas da campanha. ${PREVIEW_DOC}`, idParam),
    },
    async (request) => {
      const campaign = await service.getOne(campaigns, (request.params as { id: string }).id, request.actor);
      const { inicio, fim, days } = previewDays(request);
      const list = await rulesById(db, { campaignId: campaign.id as number, activeOnly: true });
      return { inicio, fim, ...(await previewRules(db, list, days, app.communication.now())) };
    },
  );

  app.get(
    '/v1/campanha/regras/:id/previa',
    {
      config: { access: { resource: 'communication-rules', operation: 'get' } },
      ...docs('Prévia de uma regra de comunicação: quem recebe o quê, quando', `${ROLE_DOC}, leitor ou acima. A regra, ativa ou não. ${PREVIEW_DOC}`, idParam),
    },
    async (request) => {
      const rule = await service.getOne(rules, (request.params as { id: string }).id, request.actor);
      const { inicio, fim, days } = previewDays(request);
      const list = await rulesById(db, { ruleId: rule.id as number });
      return { inicio, fim, ...(await previewRules(db, list, days, app.communication.now())) };
    },
  );

  app.get(
    '/v1/campanha/agendamento/:id/envios',
    {
      config: {
        access: [
          { resource: 'communication-campaigns', operation: 'get' },
          { resource: 'communication-sends', operation: 'list' },
        ],
      },
      ...docs(
        'Registro de envios de uma campanha de comunicação (campanha_envio)',
        `${ROLE_DOC}, leitor ou acima. Filtros: status (${STATUSES.join(', ')}), canal (${CHANNELS.join(', ')}), motivo (${MOTIVOS.join(', ')}), regra_id, dia_inicio e dia_fim (AAAA-MM-DD, inclusive); limit (padrão ${LOG_DEFAULT_LIMIT}, máximo ${LOG_MAX_LIMIT}) e offset. Resposta { campanha_envio: [{ ${SEND_FIELDS} }], total }, do dia mais recente ao mais antigo.`,
        idParam,
      ),
    },
    async (request) => {
      const campaign = await service.getOne(campaigns, (request.params as { id: string }).id, request.actor);
      const query = (request.query ?? {}) as Record<string, unknown>;
      refuseUnknownFields(query, ['status', 'canal', 'motivo', 'regra_id', 'dia_inicio', 'dia_fim', 'limit', 'offset']);
      const filters = {
        status: enumParam(query, 'status', STATUSES) ?? null,
        canal: enumParam(query, 'canal', CHANNELS) ?? null,
        motivo: enumParam(query, 'motivo', MOTIVOS) ?? null,
        regra: query.regra_id === undefined || query.regra_id === '' ? null : toId(query.regra_id, 'regra_id'),
        from: dateParam(query, 'dia_inicio') ?? null,
        to: dateParam(query, 'dia_fim') ?? null,
      };
      const limit = toInt(query.limit, 'limit', { min: 1, max: LOG_MAX_LIMIT, fallback: LOG_DEFAULT_LIMIT });
      const offset = toInt(query.offset, 'offset', { min: 0, max: 1_000_000, fallback: 0 });
      const where = `campanha_id = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR canal = $3) AND ($4::text IS NULL OR motivo = $4)
        AND ($5::int IS NULL OR regra_id = $5) AND ($6::date IS NULL OR dia >= $6) AND ($7::date IS NULL OR dia <= $7)`;
      const params = [campaign.id, filters.status, filters.canal, filters.motivo, filters.regra, filters.from, filters.to];
      const [{ rows }, { rows: count }] = await Promise.all([
        db.query(`SELECT ${SEND_FIELDS} FROM campanha.envio WHERE ${where} ORDER BY dia DESC, id DESC LIMIT $8 OFFSET $9`, [...params, limit, offset]),
        db.query<{ total: number }>(`SELECT count(*) AS total FROM campanha.envio WHERE ${where}`, params),
      ]);
      return { campanha_envio: rows, total: Number(count[0]?.total ?? 0) };
    },
  );

  app.post(
    '/v1/campanha/disparo',
    {
      config: { access: { module: 'regua_comunicacao', right: 'manage' } },
      ...docs(
        'Executa agora um turno da régua de comunicação (campanha_disparo)',
        `${ROLE_DOC}, gestor, ou o superadmin. Corpo { turno: M | T | N, dia?: AAAA-MM-DD (padrão: hoje em São Paulo) }. Avalia as regras ativas das campanhas ativas desse turno (só dos provedores do usuário), registra e envia o que ainda não foi registrado: executar de novo o mesmo dia e turno não envia nada duas vezes. Resposta { campanha_disparo: { dia, turno, regras, registrados, enviados, falharam, ignorados } }; as falhas são tentadas de novo pela fila, com espera crescente.`,
        { body: { type: 'object', description: '{ turno, dia? }' } },
      ),
    },
    async (request) => {
      const { actor } = request;
      const body = request.body ?? {};
      if (!isObject(body)) throw badField('turno', MSG.required);
      refuseUnknownFields(body, ['dia', 'turno']);
      if (body.turno === undefined || body.turno === null || body.turno === '') throw badField('turno', MSG.required);
      if (typeof body.turno !== 'string' || !TURNOS.includes(body.turno as Turno)) throw badField('turno', MSG.option);
      if (body.dia !== undefined && body.dia !== null && !isCalendarDate(body.dia)) throw badField('dia', MSG.date);
      const dia = (body.dia as string | undefined | null) ?? today();
      const result = await app.communication.dispatcher.runShift({ dia, turno: body.turno as Turno, providerIds: actor.providerIds });
      return { campanha_disparo: result };
    },
  );
};

export default communicationDispatchRoutes;
