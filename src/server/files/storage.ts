// One storage interface for uploaded bytes: in PostgreSQL (the default) or an S3-compatible bucket.
import { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { Config } from '../config.js';

export interface StoredRef {
  /** Bytes kept in the database row (database storage). */
  dados: Buffer | null;
  /** Object key (S3 storage). */
  chave: string | null;
}

export interface FileStorage {
  kind: 'database' | 's3';
  put(key: string, bytes: Buffer, type: string): Promise<StoredRef>;
  /** The stored bytes, or null when they are gone. */
  get(ref: StoredRef): Promise<Buffer | null>;
  /** Undoes a put whose database row was not written (nothing to do in the database storage). */
  remove(ref: StoredRef): Promise<void>;
}

export const databaseStorage: FileStorage = {
  kind: 'database',
  async put(_key, bytes) {
    return { dados: bytes, chave: null };
  },
  async get(ref) {
    return ref.dados;
  },
  async remove() {},
};

export type S3Options = NonNullable<Config['s3']>;

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.$metadata?.httpStatusCode === 404;
};

export function s3Storage(s3: S3Options): FileStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
    // Many S3-compatible servers reject the CRC checksums the SDK now sends by default.
    ...(s3.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
  return {
    kind: 's3',
    async put(key, bytes, type) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: type, ContentLength: bytes.length }));
      return { dados: null, chave: key };
    },
    async get(ref) {
      if (!ref.chave) return null;
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: ref.chave }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async remove(ref) {
      if (ref.chave) await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: ref.chave }));
    },
  };
}

export function createStorage(s3?: Config['s3']): FileStorage {
  return s3 ? s3Storage(s3) : databaseStorage;
}
