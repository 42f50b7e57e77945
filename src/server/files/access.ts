// Who may read a stored file, and which stored file a field may name. One rule serves the download
// (GET /v1/files/{id}), every write naming a file (the resource engine's file fields, and the v1
// calls that take a file id) and the public roulette background.
import { MSG } from '../../domain/messages.js';
import { isSuperadmin } from '../../domain/roles.js';
import type { Queryable } from '../db/index.js';
import type { AuthUser } from '../auth/types.js';
import { typeAccepted } from './types.js';

/** Who reads: a user and their providers; providerIds null reads every file (the superadmin, the system). */
export interface FileReader {
  userId: number | null;
  providerIds: number[] | null;
}

/** What the rule reads of a stored file: its uploader and the providers it was shared with (null: all). */
export interface FileOwnership {
  id_usuario: number | null;
  id_empresas: number[] | null;
}

/** A signed-in user as a reader: the superadmin reads every file. */
export const readerOf = (user: AuthUser): FileReader => ({ userId: user.id, providerIds: isSuperadmin(user.roles) ? null : user.providerIds });

/**
 * The download rule: its uploader, the superadmin (and the system), and the users sharing a provider
 * with the uploader as they were at upload (storage.arquivo.id_empresas). A file the superadmin or
 * the system uploaded (id_empresas null) is for every provider: any user linked to one reads it.
 */
export function mayRead(reader: FileReader, file: FileOwnership) {
  if (reader.providerIds === null || (reader.userId !== null && file.id_usuario === reader.userId)) return true;
  const mine = reader.providerIds;
  return file.id_empresas === null ? mine.length > 0 : file.id_empresas.some((p) => mine.includes(p));
}

/** What a field takes (x-intranet.files): the bucket its files are uploaded to, the extensions whose types it accepts, and the refusal of another type. */
export interface FileRule {
  bucket: string;
  accept?: readonly string[];
  message?: string;
}

export interface StoredFile extends FileOwnership {
  id: string;
  bucket: string;
  /** The type read from the content at upload. */
  tipo: string;
  /** Bytes. */
  tamanho: number;
}

/**
 * Why a reader may not name this file in a field of this rule, or null when they may: a file that
 * does not exist, that they may not download or of another bucket is 'not found' (whether it exists
 * is not told); one of a type the field does not take is refused with the field's message.
 */
export function fileRefusal(reader: FileReader, file: StoredFile | undefined, rule: FileRule): string | null {
  if (!file || !mayRead(reader, file) || file.bucket !== rule.bucket) return MSG.fileNotFound;
  if (!typeAccepted(file.tipo, rule.accept)) return rule.message ?? MSG.fileType;
  return null;
}

/** The stored files of these ids, by lower-case id (ids that name none are absent). */
export async function storedFiles(q: Queryable, ids: readonly string[]): Promise<Map<string, StoredFile>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<StoredFile>(
    'SELECT id::text AS id, bucket, tipo, tamanho, id_usuario, id_empresas FROM storage.arquivo WHERE id = ANY($1::uuid[])',
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.id.toLowerCase(), r]));
}
