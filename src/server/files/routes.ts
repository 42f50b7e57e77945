// POST /v1/files/ (multipart file[] and bucket-id), GET /v1/files/{id} and GET /v1/files/names?id=..
// (the stored names of the files the user may download, for screens that list files by name).
//
// Who may download a file (mayRead, access.ts): its uploader, the superadmin, and the users sharing a
// provider with the uploader as they were at upload (storage.arquivo.id_empresas). A file the
// superadmin (or the system) uploaded is for every provider: any user linked to a provider reads it.
// So HR's onboarding images reach the employees of HR's providers, and an employee's photo the
// colleagues the contacts list shows (same providers); a candidate (no provider) reads only their own
// files. Anyone else gets 404, as for a file that does not exist. A field that names a file takes
// only one its writer may download, by the same rule (access.ts).
//
// Limits: 10 MB a file, 20 files and 30 MB a request, and a quota on the total a user has sent (by
// role, config.ts), counted while the body streams in: the first byte over any of them refuses the
// whole request, which stores nothing.
//
// A file is served with the type read from its bytes (never the sender's claim), a sandboxing CSP,
// and as an attachment unless it is an image the product shows (PNG, JPEG, GIF, WebP).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MSG } from '../../domain/messages.js';
import type { Database, Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import { requireUser } from '../auth/access.js';
import type { AuthUser } from '../auth/identity.js';
import { isStaffMember, isSuperadmin } from '../../domain/roles.js';
import { cleanFileName } from '../../domain/fileName.js';
import { DEFAULT_UPLOAD_QUOTA_CANDIDATE_MB, DEFAULT_UPLOAD_QUOTA_MB, type Config } from '../config.js';
import { mayRead, readerOf } from './access.js';
import type { FileStorage, StoredRef } from './storage.js';
import { detectType, MAX_FILE_BYTES } from './types.js';

const MB = 1024 * 1024;
export const MAX_FILES = 20;
/** The most files GET /v1/files/names answers at once. */
export const MAX_NAMES = 100;
export const MAX_REQUEST_BYTES = 3 * MAX_FILE_BYTES;
export const FILE_TOO_LARGE = 'O arquivo ultrapassa o limite de 10 MB.';
export const TOO_MANY_FILES = `Envie no máximo ${MAX_FILES} arquivos por vez.`;
export const REQUEST_TOO_LARGE = `Envie no máximo ${MAX_REQUEST_BYTES / MB} MB em arquivos por vez.`;
/** Every file response: a sandbox with nothing to run or fetch, whatever the browser makes of the bytes. */
export const FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";
/** The types the product shows in the page; every other file (SVG, PDF, text...) is an attachment. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const FILE_FIELDS = new Set(['file[]', 'file']);
const BUCKET = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** inline or attachment, with an ASCII fallback name and the exact name in RFC 5987 encoding. */
export function contentDisposition(name: string, inline = false) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface UploadQuotas {
  /** MB for employees and staff (any module role); 0 is no limit. */
  staffMb: number;
  /** MB for everyone else: candidates of the careers site (role user only) and guests. */
  candidateMb: number;
}

/** The bytes a user may have stored in all: Infinity for the superadmin or a quota of 0. */
export function quotaOf(user: AuthUser, quotas: UploadQuotas) {
  if (isSuperadmin(user.roles)) return Infinity;
  const mb = isStaffMember(user.roles, user.employee) ? quotas.staffMb : quotas.candidateMb;
  return mb > 0 ? Math.floor(mb * MB) : Infinity;
}

const megabytes = (bytes: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }).format(bytes / MB);

/** The refusal of an upload that would take the user past their quota. */
export function quotaExceeded(quota: number, used: number) {
  const free = quota - used;
  const message =
    free < 0.05 * MB
      ? `Você atingiu o limite de armazenamento de ${megabytes(quota)} MB para os arquivos que enviou. Para enviar outros, fale com o administrador do sistema.`
      : `Este envio ultrapassa o seu limite de armazenamento de ${megabytes(quota)} MB: restam ${megabytes(free)} MB livres.`;
  return new HttpError(413, message, { 'file[]': message });
}

const missingFile = () => new HttpError(400, MSG.fileMissing, { 'file[]': MSG.fileMissing });

/** The providers a new file is shared with: the uploader's, or null (every provider) for the superadmin. */
const uploadScope = (user: AuthUser | null) => (!user || isSuperadmin(user.roles) ? null : user.providerIds);

/** Every error met while reading the multipart body is the request's fault. */
function parseError(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, FILE_TOO_LARGE, { 'file[]': FILE_TOO_LARGE });
    case 'FST_FILES_LIMIT':
      return new HttpError(413, TOO_MANY_FILES, { 'file[]': TOO_MANY_FILES });
  }
  return new HttpError(400, MSG.badRequest);
}

async function drain(stream: AsyncIterable<unknown>) {
  try {
    for await (const _ of stream);
  } catch {
    // The error that matters comes out of the parts iterator.
  }
}

export interface Received {
  name: string;
  bytes: Buffer;
}

/** What a multipart form may carry besides the uploads' own fields (file[] and bucket-id). */
export interface MultipartOptions {
  /** Names of the file fields (default file[] and file). */
  fileFields?: ReadonlySet<string>;
  /** Text fields the form may send, collected into `fields` (first value of each); any other is refused. */
  textFields?: ReadonlySet<string>;
}

/**
 * Reads the whole body, keeping the first problem met, so that the answer comes after the request
 * has been read (a client still sending would otherwise see its connection reset, not the answer).
 * Without files it answers 400 (no file) unless the form has text fields (a form whose files are optional).
 */
export async function readMultipart(
  request: FastifyRequest,
  quota: number,
  used: number,
  options: MultipartOptions = {},
): Promise<{ files: Received[]; bucket: string; fields: Record<string, string> }> {
  const fileFields = options.fileFields ?? FILE_FIELDS;
  if (!request.isMultipart()) throw missingFile();
  const files: Received[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  let bucket: string | undefined;
  let failure: HttpError | null = null;
  const fail = (e: HttpError) => {
    failure ??= e;
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (options.textFields?.has(part.fieldname)) {
          if (part.valueTruncated) fail(new HttpError(400, MSG.badRequest, { [part.fieldname]: MSG.invalid }));
          else if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
        } else if (part.fieldname === 'bucket-id' && bucket === undefined && !options.textFields) bucket = part.valueTruncated ? '' : String(part.value);
        else if (part.fieldname === 'bucket-id' && !options.textFields) fail(new HttpError(400, MSG.badRequest, { 'bucket-id': MSG.invalid }));
        else if (fileFields.has(part.fieldname)) fail(missingFile());
        else fail(new HttpError(400, MSG.badRequest, { [part.fieldname]: MSG.unknownField }));
        continue;
      }
      if (!fileFields.has(part.fieldname)) fail(new HttpError(400, MSG.badRequest, { [part.fieldname]: MSG.unknownField }));
      if (failure) {
        await drain(part.file);
        continue;
      }
      // Counted chunk by chunk: past a limit the rest is read and dropped, never kept in memory.
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          if (failure) continue;
          total += chunk.length;
          if (total > MAX_REQUEST_BYTES) fail(new HttpError(413, REQUEST_TOO_LARGE, { 'file[]': REQUEST_TOO_LARGE }));
          else if (used + total > quota) fail(quotaExceeded(quota, used));
          else chunks.push(chunk);
        }
      } catch (e) {
        fail(parseError(e));
      }
      if (part.file.truncated) fail(parseError({ code: 'FST_REQ_FILE_TOO_LARGE' }));
      if (failure) continue;
      const bytes = Buffer.concat(chunks);
      // A form's empty file input arrives as a part with no name and no bytes.
      if (!part.filename && bytes.length === 0) continue;
      files.push({ name: cleanFileName(part.filename), bytes });
    }
  } catch (e) {
    fail(parseError(e));
  }
  if (failure) throw failure;
  bucket ??= 'default';
  if (!BUCKET.test(bucket)) throw new HttpError(400, MSG.badRequest, { 'bucket-id': MSG.invalid });
  if (!files.length && !options.textFields) throw missingFile();
  return { files, bucket, fields };
}

/** A received file with its type read from its bytes (never the sender's claim) and its new id. */
export type CheckedFile = Received & { type: string; id: string };

/** Every file's type from its content: one refused file refuses them all (415 naming it). */
export async function checkTypes(files: Received[], field = 'file[]', allowed?: readonly string[], message: string = MSG.fileType): Promise<CheckedFile[]> {
  const accepted: CheckedFile[] = [];
  for (const f of files) {
    const type = await detectType(f.name, f.bytes);
    if (!type || (allowed && !allowed.includes(type))) throw new HttpError(415, message, { [field]: `${message} (${f.name})` });
    accepted.push({ ...f, type, id: randomUUID() });
  }
  return accepted;
}

/** Puts the bytes in the storage before any row is written (no connection waits on an object store). */
export async function putFiles(storage: FileStorage, files: CheckedFile[], bucket: string): Promise<StoredRef[]> {
  const refs: StoredRef[] = [];
  try {
    for (const f of files) refs.push(await storage.put(`${bucket}/${f.id}`, f.bytes, f.type));
  } catch (e) {
    await removeFiles(storage, refs);
    throw e;
  }
  return refs;
}

/** Undoes putFiles when the rows were not written. */
export const removeFiles = (storage: FileStorage, refs: StoredRef[]) => Promise.all(refs.map((r) => storage.remove(r).catch(() => {})));

/** The rows of stored files, in the caller's transaction: uploaded by `userId` (null: a visitor), shared with `providerIds` (null: all). */
export async function insertFileRows(tx: Queryable, files: CheckedFile[], refs: StoredRef[], bucket: string, userId: number | null, providerIds: number[] | null) {
  for (const [i, f] of files.entries()) {
    await tx.query(
      'INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados, chave, id_usuario, id_empresas) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [f.id, bucket, f.name, f.type, f.bytes.length, refs[i].dados, refs[i].chave, userId, providerIds],
    );
  }
}

const processedFile = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, type: { type: 'string' }, size: { type: 'integer' } },
};

export async function fileRoutes(app: FastifyInstance, opts: { db: Database; storage: FileStorage; config?: Partial<Config> }) {
  const { db, storage } = opts;
  const quotas: UploadQuotas = {
    staffMb: opts.config?.uploadQuotaMb ?? DEFAULT_UPLOAD_QUOTA_MB,
    candidateMb: opts.config?.uploadQuotaCandidateMb ?? DEFAULT_UPLOAD_QUOTA_CANDIDATE_MB,
  };
  const usedBy = async (q: Pick<Database, 'query'>, userId: number) =>
    Number((await q.query<{ n: string }>('SELECT COALESCE(sum(tamanho), 0)::text AS n FROM storage.arquivo WHERE id_usuario = $1', [userId])).rows[0].n);
  // Files are for signed-in users only; refused before the body is read.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 10, fieldSize: 1024, parts: MAX_FILES + 10, headerPairs: 20 },
    throwFileSizeLimit: true,
  });
  // Any other body reaches the handler unread, to be answered 400 (no file) rather than 415.
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  async function upload(request: FastifyRequest) {
    const user = requireUser(request);
    const quota = quotaOf(user, quotas);
    const { files, bucket } = await readMultipart(request, quota, quota === Infinity ? 0 : await usedBy(db, user.id));

    // Every file is checked before any is stored: one refused file stores nothing.
    const accepted = await checkTypes(files);

    // Bytes first, rows after in one transaction, so no connection is held while an object store answers.
    const refs = await putFiles(storage, accepted, bucket);
    try {
      await db.transaction(async (tx) => {
        if (quota !== Infinity) {
          // Again under a lock of the user's: two uploads at once must not both fit in the same room.
          await tx.query(`SELECT pg_advisory_xact_lock(hashtext('storage.arquivo'), $1)`, [user.id]);
          const used = await usedBy(tx, user.id);
          if (used + accepted.reduce((n, f) => n + f.bytes.length, 0) > quota) throw quotaExceeded(quota, used);
        }
        await insertFileRows(tx, accepted, refs, bucket, user.id, uploadScope(user));
      });
    } catch (e) {
      await removeFiles(storage, refs);
      throw e;
    }
    return { processedFiles: accepted.map((f) => ({ id: f.id, name: f.name, type: f.type, size: f.bytes.length })) };
  }

  const uploadSchema = {
    tags: ['Arquivos'],
    summary: `Envia arquivos (multipart: file[] e bucket-id); até 10 MB por arquivo, ${MAX_FILES} arquivos e ${MAX_REQUEST_BYTES / MB} MB por envio, tipo conferido pelo conteúdo`,
    description:
      'Cada usuário tem uma cota para o total dos arquivos que enviou (UPLOAD_QUOTA_MB para funcionários e equipe, UPLOAD_QUOTA_CANDIDATE_MB para candidatos; o superadmin não tem cota). Um envio que a ultrapassa, ou algum dos limites acima, é recusado com 413 e não guarda nada.',
    consumes: ['multipart/form-data'],
    response: { 200: { type: 'object', properties: { processedFiles: { type: 'array', items: processedFile } } } },
  };
  // Files have their own rule (any signed-in user sends; who downloads: see mayDownload).
  const signedIn = { access: 'signedIn' } as const;
  app.post('/v1/files/', { schema: uploadSchema, config: signedIn }, upload);
  app.post('/v1/files', { schema: { ...uploadSchema, hide: true }, config: signedIn }, upload);

  app.get(
    '/v1/files/names',
    {
      config: signedIn,
      schema: {
        tags: ['Arquivos'],
        summary: `Os nomes de até ${MAX_NAMES} arquivos (id repetido na query: ?id=..&id=..)`,
        description: 'Responde id, nome, tipo e tamanho de cada arquivo que o usuário pode baixar (a regra de GET /v1/files/{id}); os demais ficam de fora, existam ou não.',
        querystring: {
          type: 'object',
          properties: { id: { anyOf: [{ type: 'string', pattern: UUID_PATTERN }, { type: 'array', maxItems: MAX_NAMES, items: { type: 'string', pattern: UUID_PATTERN } }] } },
          required: ['id'],
          additionalProperties: false,
        },
        response: { 200: { type: 'object', properties: { files: { type: 'array', items: processedFile } } } },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const raw = (request.query as { id: string | string[] }).id;
      const ids = [...new Set((Array.isArray(raw) ? raw : [raw]).map((id) => id.toLowerCase()))];
      const { rows } = await db.query<{ id: string; nome: string; tipo: string; tamanho: number; id_usuario: number | null; id_empresas: number[] | null }>(
        'SELECT id::text AS id, nome, tipo, tamanho, id_usuario, id_empresas FROM storage.arquivo WHERE id = ANY($1::uuid[])',
        [ids],
      );
      const reader = readerOf(user);
      const byId = new Map(rows.filter((r) => mayRead(reader, r)).map((r) => [r.id.toLowerCase(), r]));
      // In the order asked; rows stored before the names were cleaned answer as they are served.
      const files = ids.flatMap((id) => {
        const r = byId.get(id);
        return r ? [{ id: r.id, name: cleanFileName(r.nome), type: r.tipo, size: Number(r.tamanho) }] : [];
      });
      return { files };
    },
  );

  app.get(
    '/v1/files/:id',
    {
      config: signedIn,
      schema: {
        tags: ['Arquivos'],
        summary: 'Baixa um arquivo (bytes, tipo e Content-Disposition)',
        description:
          'Podem baixar: quem enviou o arquivo, o superadmin e os usuários que compartilham um provedor com quem enviou (os provedores dele no envio; um arquivo enviado pelo superadmin vale para todos os provedores). Para os demais, 404. O tipo vem do conteúdo do arquivo; imagens PNG, JPEG, GIF e WebP vêm inline, os demais como anexo (attachment), todos com Content-Security-Policy sandbox.',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      if (!UUID.test(id)) throw new HttpError(404, MSG.fileNotFound);
      const { rows } = await db.query<{ nome: string; dados: Uint8Array | null; chave: string | null; id_usuario: number | null; id_empresas: number[] | null }>(
        'SELECT nome, dados, chave, id_usuario, id_empresas FROM storage.arquivo WHERE id = $1',
        [id],
      );
      if (!rows.length || !mayRead(readerOf(user), rows[0])) throw new HttpError(404, MSG.fileNotFound);
      const { nome, dados, chave } = rows[0];
      const bytes = await storage.get({ dados: dados ? Buffer.from(dados.buffer, dados.byteOffset, dados.byteLength) : null, chave });
      if (!bytes) throw new HttpError(404, MSG.fileNotFound);
      // Rows stored before the names were cleaned and the types checked are served by the same rules.
      const name = cleanFileName(nome);
      const type = (await detectType(name, bytes)) ?? 'application/octet-stream';
      return reply
        .header('Content-Type', type)
        .header('Content-Disposition', contentDisposition(name, INLINE_TYPES.has(type)))
        .header('Content-Security-Policy', FILE_CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .send(bytes);
    },
  );
}
