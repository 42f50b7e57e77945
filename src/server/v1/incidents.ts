// Incidents and compliments (issue 18): the shared reads of the foundation document (section 7)
//   GET v1/incidente/categoria    the active incident categories the caller may read (incidentes_categoria)
//   GET v1/elogios                the compliments the caller may read, newest first (rh_elogio); ?id_usuario=
//                                 narrows to those a user received
// and the incident screens' own calls
//   GET v1/incidente/departamentos  the active departments of the caller's providers, for the incident
//                                   form (employees, who hold no module role, report too)
//   GET v1/incidente/dashboard      counts by category, department and month (?de, ?ate, ?id_empresa)
// The registers are the engine's (schemas/incidentes/*.json, schemas/rh/compliment*.json); their
// rules and notifications are the hooks of src/server/incidents/service.ts. Every read keeps the
// register's own scope (actorFor): one's own rows, the categories one manages, or the providers'.
import { isSuperadmin, isStaffMember } from '../../domain/roles.js';
import { forbidden, requireUser } from '../auth/access.js';
import { IncidentService } from '../incidents/service.js';
import { ValidationError } from '../schemas/validation.js';
import { listAll } from './reference.js';
import type { V1Module } from './index.js';

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' };

const docs = (summary: string, querystring?: Record<string, unknown>) => ({
  schema: {
    tags: ['Incidentes e elogios'],
    summary,
    security: [{ bearerAuth: [] }],
    ...(querystring ? { querystring: { type: 'object', properties: querystring, additionalProperties: false } } : {}),
  },
});

const validDay = (s: string | undefined) => s === undefined || !Number.isNaN(Date.parse(`${s}T12:00:00Z`));

const incidentRoutes: V1Module = async (app, { db, service }) => {
  const incidents = new IncidentService(service);
  service.hooks.set('incident-categories', incidents.categoryHooks());
  service.hooks.set('incidents', incidents.incidentHooks());
  service.hooks.set('compliments', incidents.complimentHooks());
  const categories = service.get('incident-categories');
  const compliments = service.get('compliments');

  app.get('/v1/incidente/categoria', { config: { access: { resource: 'incident-categories', operation: 'list' } }, ...docs('Categorias de incidentes ativas (incidentes_categoria)', { id_empresa: ID }) }, async (request) => {
    const q = request.query as { id_empresa?: number };
    const rows = await listAll(service, categories, request.actor, { ativo: true, id_empresa: q.id_empresa });
    return { incidentes_categoria: rows };
  });

  app.get(
    '/v1/elogios',
    {
      config: { access: { resource: 'compliments', operation: 'list' } },
      ...docs('Elogios (rh_elogio): os que o usuário escreveu ou recebeu; o RH vê todos dos seus provedores', {
        id_usuario: { ...ID, description: 'só os elogios recebidos por este usuário' },
        limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
        offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
      }),
    },
    async (request) => {
      const q = request.query as { id_usuario?: number; limit?: number; offset?: number };
      const limit = q.limit ?? 100;
      const offset = q.offset ?? 0;
      const result = await service.list(
        compliments,
        { filter: q.id_usuario !== undefined ? { id_elogiado: q.id_usuario } : {}, sort: { field: 'created_at', order: 'DESC' }, range: [offset, offset + limit - 1] },
        request.actor,
      );
      return { rh_elogio: result.rows, total: result.total };
    },
  );

  app.get('/v1/incidente/departamentos', { config: { access: { module: 'incidentes', right: 'user' } }, ...docs('Departamentos ativos dos provedores do usuário, para relatar um incidente') }, async (request) => {
    const user = requireUser(request);
    if (!isStaffMember(user.roles, user.employee) && !isSuperadmin(user.roles)) throw forbidden();
    const scope = isSuperadmin(user.roles) ? null : user.providerIds;
    const { rows } = await db.query(
      `SELECT d.id, d.nome, d.id_empresa, e.nome AS empresa FROM rh.departamento d JOIN rh.empresa e ON e.id = d.id_empresa
        WHERE d.ativo AND ($1::int[] IS NULL OR d.id_empresa = ANY ($1::int[])) ORDER BY e.nome, d.nome`,
      [scope],
    );
    return { rh_departamento: rows };
  });

  app.get('/v1/incidente/dashboard', { config: { access: { resource: 'incidents', operation: 'list' } }, ...docs('Painel de incidentes: totais por categoria, departamento e mês', { de: DAY, ate: DAY, id_empresa: ID }) }, async (request) => {
    const { actor } = request;
    const q = request.query as { de?: string; ate?: string; id_empresa?: number };
    if (!validDay(q.de)) throw new ValidationError({ de: 'Data inválida' });
    if (!validDay(q.ate)) throw new ValidationError({ ate: 'Data inválida' });
    if (q.de && q.ate && q.de > q.ate) throw new ValidationError({ ate: 'A data inicial não pode ser maior que a data final!' });
    const counts = await incidents.dashboard(db, actor, q);
    const providers = await listAll(service, service.get('providers'), { userId: actor.userId, providerIds: actor.providerIds }, { ativo: true });
    return { ...counts, empresas: providers.map((p) => ({ id: p.id, nome: p.nome })) };
  });
};

export default incidentRoutes;
