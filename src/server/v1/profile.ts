// The user profile and the employee profile (foundation document, sections 3 and 5): the rules of
// the employee-profiles resource no schema can say (hooks, so REST, GraphQL and these calls agree),
// and the calls of the profile screen (/users/profile/{id}) and of the header avatar:
//
//   GET /v1/profile/me        -> { usuarioId, nome, genero, image_data, image_format } (header avatar)
//   GET /v1/profile/{id}      -> { usuario: {...}, perfil: {...} | null, permissions: { edit, self } }
//   PUT /v1/profile/{id}      { nome?, perfil? } -> same as GET, in one audited transaction
//
// Who: one's own profile always; someone else's with a manager role of the rh or users area (or the
// superadmin), for users sharing one of the caller's providers (the role header picks the area).
// Renaming someone else is editing their user record: the users rules apply (auth/escalation.ts).
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../domain/messages.js';
import { applyMask, MASKS } from '../../domain/format.js';
import { municipalityByIbge } from '../../domain/municipalities.js';
import {
  CNH_NUMBER_INVALID,
  cnhNumberRequired,
  IMAGE_REJECTED,
  imageTypeOfBytes,
  isBase64,
  isCnhNumber,
  isFileReference,
  base64Size,
  MAX_UPLOAD_BYTES,
  normalizeImageFormat,
  parseImageData,
  PROFILE_PHOTO_BUCKET,
  regenderMaritalStatus,
  type EmployeeProfile,
  type Gender,
} from '../../domain/profile.js';
import { ROLE_HEADER } from '../../domain/roles.js';
import { allows, authorize, forbidden, requireUser } from '../auth/access.js';
import { assertMayAdminister } from '../auth/escalation.js';
import type { Queryable } from '../db/index.js';
import { fileRefusal, readerOf, storedFiles, type FileReader, type FileRule } from '../files/access.js';
import { notFound } from '../errors.js';
import { insertRow, updateRow, type Actor, type ResourceHooks } from '../resources/service.js';
import { isPlainObject, validateRecord, ValidationError, type FieldErrors } from '../schemas/validation.js';
import type { V1Module } from './index.js';

export const PROFILE_RESOURCE = 'employee-profiles';
export const PROFILE_MSG = {
  cpfTaken: 'Este CPF já está cadastrado em outro perfil.',
  userHasProfile: 'Este usuário já tem um perfil.',
} as const;

/** Role areas whose managers see and edit others' profiles (the schema's module and alsoModules). */
const MANAGER_AREAS = ['rh', 'users'] as const;
/** A 10 MB image in base64 is about 14 MB of JSON. */
const PROFILE_BODY_LIMIT = 15 * 1024 * 1024;

const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A photo given as a file id: a PNG or JPEG of the perfil bucket its writer may download (the engine's file rule). */
const PHOTO_RULE: FileRule = { bucket: PROFILE_PHOTO_BUCKET, accept: ['.png', '.jpg', '.jpeg'], message: IMAGE_REJECTED };

/** Checks image_data (file reference or base64) and answers its MIME type and the value to store. */
async function checkImage(q: Queryable, data: string, writer: FileReader): Promise<{ data: string; format: string }> {
  if (isFileReference(data)) {
    const id = data.trim().toLowerCase();
    const file = (await storedFiles(q, [id])).get(id);
    if (!file || fileRefusal(writer, file, PHOTO_RULE) || file.tamanho > MAX_UPLOAD_BYTES) throw new ValidationError({ image_data: IMAGE_REJECTED }, IMAGE_REJECTED);
    return { data: id, format: file.tipo };
  }
  const { format: declared, base64 } = parseImageData(data);
  if (declared !== null && !normalizeImageFormat(declared)) throw new ValidationError({ image_data: IMAGE_REJECTED }, IMAGE_REJECTED);
  if (!base64 || !isBase64(base64) || base64Size(base64) > MAX_UPLOAD_BYTES) throw new ValidationError({ image_data: IMAGE_REJECTED }, IMAGE_REJECTED);
  const bytes = Buffer.from(base64, 'base64');
  const format = imageTypeOfBytes(bytes);
  if (!format || bytes.length === 0 || bytes.length > MAX_UPLOAD_BYTES) throw new ValidationError({ image_data: IMAGE_REJECTED }, IMAGE_REJECTED);
  return { data: base64.replace(/\s/g, ''), format };
}

/**
 * The employee profile's rules, on every write: CPF kept masked and unique; marital status gendered
 * by the gender (re-gendered when the gender changes); CNH number required unless 'Não Possui'
 * (then cleared); city a known IBGE code; one profile per user; the image PNG or JPEG of at most
 * 10 MB, its format taken from its content.
 */
export function profileHooks(): ResourceHooks {
  return {
    async beforeWrite({ tx, values, existing, operation, actor }) {
      if (!values || operation === 'delete') return;
      const merged: Record<string, any> = { ...(existing ?? {}), ...values };
      const errors: FieldErrors = {};
      if (typeof values.cpf === 'string') values.cpf = applyMask(MASKS.cpf, values.cpf);
      if (has(values, 'genero') || has(values, 'estado_civil')) {
        const gendered = regenderMaritalStatus(merged.estado_civil, merged.genero as Gender);
        if (gendered && gendered !== merged.estado_civil) values.estado_civil = gendered;
      }
      if (has(values, 'cnh_categoria') || has(values, 'cnh_numero')) {
        if (cnhNumberRequired(merged.cnh_categoria)) {
          const numero = typeof merged.cnh_numero === 'string' ? merged.cnh_numero.trim() : '';
          if (!numero) errors.cnh_numero = MSG.required;
          else if (!isCnhNumber(numero)) errors.cnh_numero = CNH_NUMBER_INVALID;
        } else if (merged.cnh_numero !== null && merged.cnh_numero !== undefined) {
          values.cnh_numero = null;
        }
      }
      if (values.id_cidade !== null && values.id_cidade !== undefined && !municipalityByIbge(Number(values.id_cidade))) errors.id_cidade = MSG.option;
      if (has(values, 'image_data')) {
        if (values.image_data === null) values.image_format = null;
        else if (isFileReference(values.image_data) && String(values.image_data).trim().toLowerCase() === existing?.image_data) {
          // The photo already on the profile stays, whoever may read its file now.
          values.image_data = existing.image_data;
          values.image_format = existing.image_format;
        } else {
          try {
            const image = await checkImage(tx, String(values.image_data), actor);
            values.image_data = image.data;
            values.image_format = image.format;
          } catch (e) {
            if (!(e instanceof ValidationError)) throw e;
            Object.assign(errors, e.errors);
          }
        }
      } else if (has(values, 'image_format')) {
        // The format follows the image's content.
        delete values.image_format;
      }
      const id = existing?.id ?? 0;
      if (typeof values.cpf === 'string' && !errors.cpf) {
        const { rows } = await tx.query('SELECT 1 FROM rh.perfil_funcionario WHERE cpf = $1 AND id <> $2', [values.cpf, id]);
        if (rows.length) errors.cpf = PROFILE_MSG.cpfTaken;
      }
      if (has(values, 'id_usuario') && values.id_usuario !== existing?.id_usuario) {
        const { rows } = await tx.query('SELECT 1 FROM rh.perfil_funcionario WHERE id_usuario = $1 AND id <> $2', [values.id_usuario, id]);
        if (rows.length) errors.id_usuario = PROFILE_MSG.userHasProfile;
      }
      if (Object.keys(errors).length) throw new ValidationError(errors);
    },
  };
}

interface Access {
  actor: Actor;
  self: boolean;
}

/**
 * Whether the caller may see and edit user `id`'s profile: their own, or as a manager of the rh or
 * users area (the area of the role header, else the first where they manage) of a user sharing one
 * of their providers. Others' profiles answer 404, as rows outside one's scope do.
 */
async function accessTo(request: FastifyRequest, q: Queryable, id: number): Promise<Access> {
  const user = requireUser(request);
  // Oneself: one's own providers still bound the files the profile may name (a photo).
  if (user.id === id) return { self: true, actor: { ...readerOf(user), ownerId: user.id } };
  const header = request.headers[ROLE_HEADER];
  const headerArea = typeof header === 'string' && header.includes(':') ? header.split(':')[0] : null;
  const area = headerArea && (MANAGER_AREAS as readonly string[]).includes(headerArea) ? headerArea : MANAGER_AREAS.find((a) => allows(request, a, 'manage'));
  if (!area) throw forbidden();
  const actor = { ...authorize(request, area, 'manage'), ownerId: null };
  const { rows } = await q.query(
    `SELECT 1 FROM auth.usuario WHERE id = $1 AND ($2::int[] IS NULL OR id_empresas && $2::int[])`,
    [id, actor.providerIds],
  );
  if (!rows.length) throw notFound();
  return { self: false, actor };
}

function userId(raw: unknown): number {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw) || Number(raw) > 2_147_483_647 || Number(raw) < 1) throw notFound();
  return Number(raw);
}

/** The user part of the profile: identity, roles, providers, and department, sector and position of id_cargo. */
async function readUser(q: Queryable, id: number) {
  const { rows } = await q.query<Record<string, any>>(
    `SELECT u.id, u.user_id, u.nome, u.email, u.papeis, u.id_empresas, u.funcionario, u.ativo, u.id_cargo,
            c.nome AS cargo_nome, s.id AS setor_id, s.nome AS setor_nome, d.id AS departamento_id, d.nome AS departamento_nome,
            COALESCE((SELECT json_agg(json_build_object('id', e.id, 'nome', e.nome) ORDER BY e.nome)
                        FROM rh.empresa e WHERE e.id = ANY(u.id_empresas)), '[]'::json) AS provedores
       FROM auth.usuario u
       LEFT JOIN rh.cargo c ON c.id = u.id_cargo
       LEFT JOIN rh.setor s ON s.id = c.id_setor
       LEFT JOIN rh.departamento d ON d.id = s.id_departamento
      WHERE u.id = $1`,
    [id],
  );
  const u = rows[0];
  if (!u) throw notFound();
  const provedores = typeof u.provedores === 'string' ? JSON.parse(u.provedores) : u.provedores;
  return {
    usuarioId: u.id as number,
    userId: u.user_id as string,
    nome: u.nome as string | null,
    email: u.email as string,
    roles: u.papeis as string[],
    employee: u.funcionario ? 'true' : 'false',
    ativo: u.ativo as boolean,
    provider: provedores as { id: number; nome: string }[],
    cargo: u.id_cargo ? { id: u.id_cargo as number, nome: u.cargo_nome as string } : null,
    setor: u.setor_id ? { id: u.setor_id as number, nome: u.setor_nome as string } : null,
    departamento: u.departamento_id ? { id: u.departamento_id as number, nome: u.departamento_nome as string } : null,
  };
}

async function readProfile(q: Queryable, id: number) {
  const { rows } = await q.query<EmployeeProfile>('SELECT * FROM rh.perfil_funcionario WHERE id_usuario = $1', [id]);
  return rows[0] ?? null;
}

const docs = (summary: string, description: string, extra: Record<string, unknown> = {}) => ({
  schema: { tags: ['Perfil'], summary, description, security: [{ bearerAuth: [] }], ...extra },
});

const profileRoutes: V1Module = async (app, { db, service, registry }) => {
  const def = registry.get(PROFILE_RESOURCE);
  const users = registry.get('users');
  if (!def || !users) throw new Error(`schema "${PROFILE_RESOURCE}" ou "users" ausente`);
  const hooks = profileHooks();
  service.hooks.set(PROFILE_RESOURCE, hooks);

  const answer = async (q: Queryable, id: number, access: Access) => ({
    usuario: await readUser(q, id),
    perfil: await readProfile(q, id),
    permissions: { edit: true, self: access.self },
  });

  app.get(
    '/v1/profile/me',
    {
      config: { access: 'signedIn' },
      ...docs('Dados do usuário para o cabeçalho', 'Qualquer usuário autenticado. Resposta { usuarioId, nome, genero (F, M, O ou null), image_data, image_format } (image_data: id de arquivo de /v1/files/ ou base64).'),
    },
    async (request) => {
      const user = requireUser(request);
      const { rows } = await db.query<Record<string, any>>(
        `SELECT u.id, u.nome, p.genero, p.image_data, p.image_format
           FROM auth.usuario u LEFT JOIN rh.perfil_funcionario p ON p.id_usuario = u.id WHERE u.id = $1`,
        [user.id],
      );
      const r = rows[0];
      if (!r) throw notFound();
      return { usuarioId: r.id, nome: r.nome, genero: r.genero ?? null, image_data: r.image_data ?? null, image_format: r.image_format ?? null };
    },
  );

  app.get(
    '/v1/profile/:id',
    {
      config: { access: { module: MANAGER_AREAS, right: 'user' } },
      ...docs(
        'Perfil do usuário e do funcionário',
        'O próprio usuário, ou um gestor das áreas rh ou users (cabeçalho X-Intranet-Role) de um usuário dos seus provedores. Resposta { usuario: { usuarioId, userId, nome, email, roles, employee, ativo, provider: [{ id, nome }], cargo, setor, departamento }, perfil: { campos de employee-profiles } | null, permissions: { edit, manager } }.',
      ),
    },
    async (request) => {
      const id = userId((request.params as { id: string }).id);
      const access = await accessTo(request, db, id);
      return answer(db, id, access);
    },
  );

  app.put(
    '/v1/profile/:id',
    {
      config: { access: { module: MANAGER_AREAS, right: 'user' } },
      bodyLimit: PROFILE_BODY_LIMIT,
      ...docs(
        'Grava o nome do usuário e o perfil do funcionário',
        'Corpo { nome?, perfil?: { nome, cpf, rg, genero, estado_civil, data_nascimento, nacionalidade, email_corp, cep, rua, numero, complemento, bairro, id_cidade, cnh_categoria, cnh_numero, linkedin, viagem, image_data, image_format } }: o perfil é criado na primeira vez e alterado depois, numa só transação com o nome. Erros 400 { message, errors: { campo: mensagem } } com os textos da especificação.',
        { body: { type: 'object' } },
      ),
    },
    async (request) => {
      const id = userId((request.params as { id: string }).id);
      const access = await accessTo(request, db, id);
      const body = request.body;
      if (!isPlainObject(body)) throw new ValidationError({}, MSG.badRequest);
      const unknown = Object.keys(body).filter((k) => k !== 'nome' && k !== 'perfil');
      if (unknown.length) throw new ValidationError(Object.fromEntries(unknown.map((k) => [k, MSG.unknownField])));
      if (body.perfil !== undefined && !isPlainObject(body.perfil)) throw new ValidationError({ perfil: MSG.invalid });
      return service.write(access.actor, async (tx) => {
        const errors: FieldErrors = {};
        const target = (await tx.query<Record<string, any>>('SELECT * FROM auth.usuario WHERE id = $1 FOR UPDATE', [id])).rows[0];
        if (!target) throw notFound();
        let userValues: Record<string, unknown> | null = null;
        if (body.nome !== undefined) {
          // Everyone renames themselves; someone else's user record under the users rules (users.ts):
          // only who may administer all of it (every role and provider; a superadmin's: the superadmin).
          if (!access.self) await assertMayAdminister(tx, access.actor, target as { papeis: string[]; id_empresas: number[] });
          try {
            userValues = validateRecord(users, { nome: body.nome }, 'update', target);
            if (userValues.nome === null) throw new ValidationError({ nome: MSG.required });
          } catch (e) {
            if (!(e instanceof ValidationError)) throw e;
            Object.assign(errors, e.errors);
          }
        }
        let profileWrite: (() => Promise<unknown>) | null = null;
        if (isPlainObject(body.perfil)) {
          const existing = await readProfile(tx, id);
          const input = body.perfil as Record<string, unknown>;
          const operation = existing ? 'update' : 'create';
          try {
            const values = validateRecord(def, input, operation, existing ?? undefined);
            // id_usuario is read-only in the schema (the owner): the profile is the user's of the URL.
            if (!existing) values.id_usuario = id;
            await hooks.beforeWrite!({ tx, def, actor: access.actor, operation, existing, values });
            profileWrite = () => (existing ? updateRow(tx, def, existing.id, values) : insertRow(tx, def, values));
          } catch (e) {
            if (!(e instanceof ValidationError)) throw e;
            Object.assign(errors, e.errors);
          }
        }
        if (Object.keys(errors).length) throw new ValidationError(errors);
        if (userValues && Object.keys(userValues).length) await updateRow(tx, users, id, userValues);
        if (profileWrite) await profileWrite();
        return answer(tx, id, access);
      });
    },
  );
};

export default profileRoutes;
