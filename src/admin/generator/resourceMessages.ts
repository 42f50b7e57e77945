// The toasts of a resource's writes (x-intranet.messages): the schema's own text when it gives one,
// with '{campo}' replaced by that field of the record (the server's answer to the write), else the
// defaults: after a create what was created, from the singular label and its gender ('Incidente
// cadastrado com sucesso!', 'Restrição cadastrada com sucesso!'), 'Dados atualizados com sucesso!' (the
// spec's) after an update, 'Item excluído com sucesso!' after a delete, and for a refusal the server's text, else the generic failure text.
// Ativar/Desativar ('toggled') has its own pair, its refusal falling back to the update's text.
import { MSG } from '../../domain/messages.js';
import { isEmptyValue } from '../../domain/format.js';
import { displayText } from './displayText.js';
import { configByResource } from './registry.js';
import type { ResourceConfig, ResourceMessages } from '../core/schemas.js';

export type WriteKind = 'created' | 'updated' | 'deleted' | 'toggled';
type ErrorKind = 'createError' | 'updateError' | 'deleteError' | 'toggleError';

const ERROR_OF: Record<WriteKind, ErrorKind[]> = {
  created: ['createError'],
  updated: ['updateError'],
  deleted: ['deleteError'],
  toggled: ['toggleError', 'updateError'],
};
const DEFAULT_TEXT: Record<WriteKind, string> = { created: MSG.success, updated: MSG.success, deleted: MSG.deleted, toggled: MSG.success };

type RecordLike = Record<string, unknown> | null | undefined;
type Config = Pick<ResourceConfig, 'properties' | 'messages'> & Partial<ResourceConfig>;

/**
 * `template` with each '{campo}' replaced by the record's value of that field, as tables show it; null
 * when a named field is empty or unknown (a toast saying 'para .' is worse than the default one).
 */
export function interpolate(template: string, config: Config, record: RecordLike): string | null {
  let complete = true;
  const text = template.replace(/\{([a-z][a-z0-9_]*)\}/g, (_, field: string) => {
    const value = record?.[field];
    if (isEmptyValue(value)) {
      complete = false;
      return '';
    }
    return config.properties[field] ? displayText(config as ResourceConfig, field, value) : String(value);
  });
  return complete ? text : null;
}

/** The default text of a create: '<Singular> cadastrado com sucesso!', the participle agreeing with x-intranet.gender. */
export function createdText(singular: string, gender: 'm' | 'f' = 'm'): string {
  return `${singular} ${gender === 'f' ? 'cadastrada' : 'cadastrado'} com sucesso!`;
}

/** The text of a write that went through. */
export function successText(config: Config | undefined, kind: WriteKind, record?: RecordLike): string {
  const own = config?.messages?.[kind];
  const fallback = kind === 'created' && config?.labels?.singular ? createdText(config.labels.singular, config.gender) : DEFAULT_TEXT[kind];
  return (own && config && interpolate(own, config, record)) || fallback;
}

/** The text of a refused write: the schema's, else the server's, else the generic failure. */
export function failureText(config: Config | undefined, kind: WriteKind, error: unknown, record?: RecordLike): string {
  const own = ERROR_OF[kind].map((k) => config?.messages?.[k]).find(Boolean);
  const fromSchema = own && config ? interpolate(own, config, record) : null;
  const fromServer = (error as { message?: unknown } | undefined)?.message;
  return fromSchema || (typeof fromServer === 'string' && fromServer.trim() ? fromServer : MSG.failure);
}

/** The same texts for a resource known by name (the bespoke pages that write generated registers). */
export const messagesOf = (resource: string): (Config & { messages: ResourceMessages }) | undefined => configByResource.get(resource);
