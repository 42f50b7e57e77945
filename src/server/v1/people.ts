// The employee's header buttons (foundation spec, section 2): Contatos (/contacts/list/{nome?}/{empresa?},
// /contacts/profile/{id}) and Calendário (/calendar). GET v1/company/users is the shared reference
// read of section 7; GET v1/company/users/{id} one contact; GET v1/calendario a month's holidays and
// colleagues' birthdays.
//
// Who may read: employees (employee flag) and staff (any module role, or the superadmin); candidates
// and guests are refused. Everyone but the superadmin sees only the people of their own providers,
// and only work data: name, e-mails, position, sector, department, providers, LinkedIn, photo and the
// birthday as day and month (never the year, the CPF, the address or the documents).
import type { FastifyRequest } from 'fastify';
import { holidayFallsOn, type HolidayRecord } from '../../domain/holidays.js';
import { municipalityByIbge } from '../../domain/municipalities.js';
import { isStaffMember, isSuperadmin } from '../../domain/roles.js';
import { forbidden, requireUser } from '../auth/access.js';
import { notFound } from '../errors.js';
import type { V1Module } from './index.js';

/** The providers a contacts/calendar read covers (null: all), or 403 for candidates and guests. */
function peopleScope(request: FastifyRequest): number[] | null {
  const user = requireUser(request);
  if (isSuperadmin(user.roles)) return null;
  if (!isStaffMember(user.roles, user.employee)) throw forbidden();
  return user.providerIds;
}

const CONTACT_COLUMNS = `
  u.id, COALESCE(NULLIF(u.nome, ''), p.nome) AS nome, u.email, p.email_corp, p.linkedin,
  c.nome AS cargo, s.nome AS setor, d.nome AS departamento,
  (SELECT COALESCE(array_agg(e.nome ORDER BY e.nome), '{}') FROM rh.empresa e WHERE e.id = ANY (u.id_empresas)) AS empresas,
  u.id_empresas, p.genero, to_char(p.data_nascimento, 'MM-DD') AS aniversario,
  (p.image_data IS NOT NULL) AS tem_foto`;

const CONTACT_FROM = `
  FROM auth.usuario u
  LEFT JOIN rh.perfil_funcionario p ON p.id_usuario = u.id
  LEFT JOIN rh.cargo c ON c.id = u.id_cargo
  LEFT JOIN rh.setor s ON s.id = c.id_setor
  LEFT JOIN rh.departamento d ON d.id = s.id_departamento
  WHERE u.ativo AND u.funcionario AND ($1::int[] IS NULL OR u.id_empresas && $1::int[])`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const MONTH = { type: 'integer', minimum: 1, maximum: 12 };

const peopleRoutes: V1Module = async (app, { db }) => {
  app.get<{ Querystring: { nome?: string; empresa?: number; limit?: number; offset?: number } }>(
    '/v1/company/users',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: ['Contatos'],
        summary: 'Contatos: os colaboradores ativos dos provedores do usuário (busca por nome e provedor)',
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          properties: {
            nome: { type: 'string', maxLength: 120 },
            empresa: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 60 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const scope = peopleScope(request);
      const { nome = '', empresa, limit = 60, offset = 0 } = request.query;
      // eslint-disable-next-line no-control-regex
      const search = nome.replace(/[\u0000-\u001f]/g, '').trim();
      const params: unknown[] = [scope];
      let where = '';
      if (search) {
        params.push(`%${likeEscape(search)}%`);
        where += ` AND public.f_unaccent(COALESCE(NULLIF(u.nome, ''), p.nome, '')) ILIKE public.f_unaccent($${params.length})`;
      }
      if (empresa !== undefined) {
        params.push(empresa);
        where += ` AND $${params.length}::int = ANY (u.id_empresas)`;
      }
      const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${CONTACT_FROM}${where}`, params);
      params.push(limit, offset);
      const { rows } = await db.query(
        `SELECT ${CONTACT_COLUMNS} ${CONTACT_FROM}${where} ORDER BY public.f_unaccent(lower(COALESCE(NULLIF(u.nome, ''), p.nome))) NULLS LAST, u.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      // The providers of the search's select: those of the caller's scope.
      const providers = await db.query<{ id: number; nome: string }>(
        `SELECT id, nome FROM rh.empresa WHERE ativo AND ($1::int[] IS NULL OR id = ANY ($1::int[])) ORDER BY nome`,
        [scope],
      );
      return { total: total.rows[0].n, usuarios: rows, empresas: providers.rows };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/v1/company/users/:id',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: ['Contatos'],
        summary: 'Um contato, com a foto do perfil de funcionário (image_data, image_format)',
        security: [{ bearerAuth: [] }],
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'] },
      },
    },
    async (request) => {
      const scope = peopleScope(request);
      const { rows } = await db.query(`SELECT ${CONTACT_COLUMNS}, p.image_data, p.image_format ${CONTACT_FROM} AND u.id = $2`, [scope, request.params.id]);
      if (!rows[0]) throw notFound();
      return { usuario: rows[0] };
    },
  );

  app.get<{ Querystring: { ano: number; mes: number } }>(
    '/v1/calendario',
    {
      config: { access: { module: 'rh', right: 'user' } },
      schema: {
        tags: ['Contatos'],
        summary: 'Calendário do mês: feriados (com o lugar) e aniversários dos colegas (dia e mês)',
        security: [{ bearerAuth: [] }],
        querystring: {
          type: 'object',
          properties: { ano: { type: 'integer', minimum: 1900, maximum: 2200 }, mes: MONTH },
          required: ['ano', 'mes'],
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const scope = peopleScope(request);
      const { ano, mes } = request.query;
      const mm = String(mes).padStart(2, '0');
      const holidays = await db.query<HolidayRecord & { id: number; nome: string }>(
        `SELECT id, nome, data, tipo, uf, municipio, ativo, recorrencia_anual, ano, created_at FROM rh.feriado WHERE ativo AND data LIKE $1 ORDER BY data, nome`,
        [`${mm}-%`],
      );
      const feriados = holidays.rows
        // The date rules of the holidays module, each holiday at its own place.
        .filter((h) => holidayFallsOn(h, `${ano}-${h.data}`, { uf: h.uf, ibge: h.municipio?.[0] ?? null }))
        .map((h) => ({
          id: h.id,
          nome: h.nome,
          data: `${ano}-${h.data}`,
          tipo: h.tipo,
          uf: h.uf ?? null,
          cidades: (h.municipio ?? []).map((code) => municipalityByIbge(code)?.label).filter(Boolean),
        }));
      const birthdays = await db.query<{ id: number; nome: string; dia: string }>(
        `SELECT u.id, COALESCE(NULLIF(u.nome, ''), p.nome) AS nome, to_char(p.data_nascimento, 'DD') AS dia
           ${CONTACT_FROM} AND p.data_nascimento IS NOT NULL AND extract(month FROM p.data_nascimento) = $2
          ORDER BY 3, 2`,
        [scope, mes],
      );
      const aniversarios = birthdays.rows
        // 29 February outside a leap year: the 28th.
        .map((b) => ({ id: b.id, nome: b.nome, data: `${ano}-${mm}-${mm === '02' && b.dia === '29' && !isLeap(ano) ? '28' : b.dia}` }));
      return { ano, mes, feriados, aniversarios };
    },
  );
};

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export default peopleRoutes;
