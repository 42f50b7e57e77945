// HTTP errors with pt-BR messages, and the mapping of database errors to them, so that no malformed
// request is ever answered with a 500.
import { MSG } from '../domain/messages.js';
import { ValidationError } from './schemas/validation.js';

export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
    /** A stable machine-readable code for clients (Cognito's exception names in sign-in flows). */
    public code?: string,
  ) {
    super(message);
  }
}

export const notFound = () => new HttpError(404, MSG.notFound);
export const badQuery = (param: string) => new HttpError(400, MSG.badQuery(param));

interface PgError {
  code?: string;
  detail?: string;
  column?: string;
  constraint?: string;
}

const fieldOfDetail = (detail?: string) => /Key \((?:lower\()?"?([a-z_][a-z0-9_]*)/i.exec(detail ?? '')?.[1];

/** Turns a PostgreSQL error caused by the request's data into a 4xx; returns null for real faults. */
export function fromDatabaseError(e: unknown, operation?: 'write' | 'delete'): HttpError | null {
  const err = e as PgError;
  if (!err || typeof err.code !== 'string' || err.code.length !== 5) return null;
  const field = err.column ?? fieldOfDetail(err.detail);
  const withField = (status: number, message: string, fieldMessage: string) =>
    new HttpError(status, message, field ? { [field]: fieldMessage } : undefined);
  switch (err.code) {
    case '23505':
      return withField(409, MSG.duplicate, MSG.duplicate);
    case '23503':
      return operation === 'delete' ? new HttpError(409, MSG.inUse) : withField(400, MSG.referenceMissing, MSG.referenceMissing);
    case '23502':
      return withField(400, MSG.requiredForm, MSG.required);
    case '23514':
      return new HttpError(400, MSG.failure);
  }
  // Class 22: data exceptions (bad number, text too long, invalid date, ...).
  if (err.code.startsWith('22')) return new HttpError(400, MSG.badRequest);
  return null;
}

export function toHttpError(e: unknown, operation?: 'write' | 'delete'): HttpError | ValidationError | null {
  if (e instanceof HttpError || e instanceof ValidationError) return e;
  return fromDatabaseError(e, operation);
}
