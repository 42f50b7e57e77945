// POST /v1/files/ (multipart file[] and bucket-id) and GET /v1/files/{id}.
//
// Who may download a file: its uploader, the superadmin, and the users sharing a provider with the
// uploader as they were at upload (storage.arquivo.id_empresas). A file the superadmin (or the
// system) uploaded is for every provider: any user linked to a provider reads it. So HR's onboarding
// images reach the employees of HR's providers, and an employee's photo the colleagues the contacts
// list shows (same providers); a candidate (no provider) reads only their own files. Anyone else gets
// 404, as for a file that does not exist.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MSG } from '../../domain/messages.js';
import type { Database } from '../db/index.js';
import { HttpError } from '../errors.js';
import { requireUser } from '../auth/access.js';
import type { AuthUser } from '../auth/identity.js';
import { isSuperadmin } from '../../domain/roles.js';
import type { FileStorage, StoredRef } from './storage.js';
import { detectType, MAX_FILE_BYTES } from './types.js';

export const MAX_FILES = 20;
export const FILE_TOO_LARGE = 'O arquivo ultrapassa o limite de 10 MB.';
export const TOO_MANY_FILES = `Envie no máximo ${MAX_FILES} arquivos por vez.`;
const MAX_NAME_LENGTH = 255;
const FILE_FIELDS = new Set(['file[]', 'file']);
const BUCKET = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** inline, with an ASCII fallback name and the exact name in RFC 5987 encoding. */
export function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The name to keep: NFC (macOS sends NFD), no control characters, at most 255 characters, extension kept. */
export function cleanFileName(raw: string) {
  let name = raw.normalize('NFC').replace(/\p{Cc}/gu, '').trim();
  if ([...name].length > MAX_NAME_LENGTH) {
    const ext = /\.[^.]{1,16}$/.exec(name)?.[0] ?? '';
    name = [...name.slice(0, name.length - ext.length)].slice(0, MAX_NAME_LENGTH - ext.length).join('') + ext;
  }
  return name || 'arquivo';
}

const missingFile = () => new HttpError(400, MSG.fileMissing, { 'file[]': MSG.fileMissing });

/** The providers a new file is shared with: the uploader's, or null (every provider) for the superadmin. */
const uploadScope = (user: AuthUser | null) => (!user || isSuperadmin(user.roles) ? null : user.providerIds);

/** The download rule above. */
export function mayDownload(user: AuthUser, file: { id_usuario: number | null; id_empresas: number[] | null }) {
  if (isSuperadmin(user.roles) || file.id_usuario === user.id) return true;
  if (file.id_empresas === null) return user.providerIds.length > 0;
  return file.id_empresas.some((p) => user.providerIds.includes(p));
}

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

interface Received {
  name: string;
  bytes: Buffer;
}

/**
 * Reads the whole body, keeping the first problem met, so that the answer comes after the request
 * has been read (a client still sending would otherwise see its connection reset, not the answer).
 */
async function readUpload(request: FastifyRequest): Promise<{ files: Received[]; bucket: string }> {
  if (!request.isMultipart()) throw missingFile();
  const files: Received[] = [];
  let bucket: string | undefined;
  let failure: HttpError | null = null;
  const fail = (e: HttpError) => {
    failure ??= e;
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'bucket-id' && bucket === undefined) bucket = part.valueTruncated ? '' : String(part.value);
        else if (part.fieldname === 'bucket-id') fail(new HttpError(400, MSG.badRequest, { 'bucket-id': MSG.invalid }));
        else if (FILE_FIELDS.has(part.fieldname)) fail(missingFile());
        else fail(new HttpError(400, MSG.badRequest, { [part.fieldname]: MSG.unknownField }));
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) fail(new HttpError(400, MSG.badRequest, { [part.fieldname]: MSG.unknownField }));
      if (failure) {
        await drain(part.file);
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (e) {
        fail(parseError(e));
        continue;
      }
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
  if (!files.length) throw missingFile();
  return { files, bucket };
}

const processedFile = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' }, type: { type: 'string' }, size: { type: 'integer' } },
};

export async function fileRoutes(app: FastifyInstance, opts: { db: Database; storage: FileStorage }) {
  const { db, storage } = opts;
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
    const { files, bucket } = await readUpload(request);

    // Every file is checked before any is stored: one refused file stores nothing.
    const accepted: (Received & { type: string; id: string })[] = [];
    for (const f of files) {
      const type = await detectType(f.name, f.bytes);
      if (!type) throw new HttpError(415, MSG.fileType, { 'file[]': `${MSG.fileType} (${f.name})` });
      accepted.push({ ...f, type, id: randomUUID() });
    }

    // Bytes first, rows after in one transaction, so no connection is held while an object store answers.
    const refs: StoredRef[] = [];
    try {
      for (const f of accepted) refs.push(await storage.put(`${bucket}/${f.id}`, f.bytes, f.type));
      await db.transaction(async (tx) => {
        for (const [i, f] of accepted.entries()) {
          await tx.query(
            'INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados, chave, id_usuario, id_empresas) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
            [f.id, bucket, f.name, f.type, f.bytes.length, refs[i].dados, refs[i].chave, request.auth?.id ?? null, uploadScope(request.auth)],
          );
        }
      });
    } catch (e) {
      await Promise.all(refs.map((r) => storage.remove(r).catch(() => {})));
      throw e;
    }
    return { processedFiles: accepted.map((f) => ({ id: f.id, name: f.name, type: f.type, size: f.bytes.length })) };
  }

  const uploadSchema = {
    tags: ['Arquivos'],
    summary: `Envia arquivos (multipart: file[] e bucket-id); até 10 MB e ${MAX_FILES} arquivos, tipo conferido pelo conteúdo`,
    consumes: ['multipart/form-data'],
    response: { 200: { type: 'object', properties: { processedFiles: { type: 'array', items: processedFile } } } },
  };
  app.post('/v1/files/', { schema: uploadSchema }, upload);
  app.post('/v1/files', { schema: { ...uploadSchema, hide: true } }, upload);

  app.get(
    '/v1/files/:id',
    {
      schema: {
        tags: ['Arquivos'],
        summary: 'Baixa um arquivo (bytes, tipo e Content-Disposition)',
        description:
          'Podem baixar: quem enviou o arquivo, o superadmin e os usuários que compartilham um provedor com quem enviou (os provedores dele no envio; um arquivo enviado pelo superadmin vale para todos os provedores). Para os demais, 404.',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      if (!UUID.test(id)) throw new HttpError(404, MSG.fileNotFound);
      const { rows } = await db.query<{ nome: string; tipo: string; dados: Uint8Array | null; chave: string | null; id_usuario: number | null; id_empresas: number[] | null }>(
        'SELECT nome, tipo, dados, chave, id_usuario, id_empresas FROM storage.arquivo WHERE id = $1',
        [id],
      );
      if (!rows.length || !mayDownload(user, rows[0])) throw new HttpError(404, MSG.fileNotFound);
      const { nome, tipo, dados, chave } = rows[0];
      const bytes = await storage.get({ dados: dados ? Buffer.from(dados.buffer, dados.byteOffset, dados.byteLength) : null, chave });
      if (!bytes) throw new HttpError(404, MSG.fileNotFound);
      return reply
        .header('Content-Type', tipo)
        .header('Content-Disposition', contentDisposition(nome))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .send(bytes);
    },
  );
}
