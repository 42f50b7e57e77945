// The text of a field's value as tables, toasts and the CSV show it (no React: the row actions' toasts
// and the fields both read it).
import { EMPTY_TEXT, formatBRL, formatDate, formatDateTime, formatMonthDay, formatNumber, isEmptyValue } from '../../domain/format.js';
import { roleLabel } from '../../domain/roles.js';
import { htmlText } from './sanitize.js';
import { baseType, statusFieldOf, type PropertySchema, type ResourceConfig } from '../core/schemas.js';

export const ACTIVE_TEXT = { true: 'Ativo', false: 'Inativo' } as const;

/** The text of a plain (non-reference) value, as tables and the CSV show it. */
export function displayText(config: ResourceConfig, field: string, value: unknown): string {
  if (isEmptyValue(value)) return EMPTY_TEXT;
  const p = config.properties[field];
  if (!p) return String(value);
  const type = baseType(p);
  if (type === 'boolean') {
    // A switch column says its state's own words ('Permitido' / 'Restrito').
    const labels = config.list?.switches?.[field];
    if (labels) return value ? labels.on : labels.off;
    return isStatusField(config, field) ? ACTIVE_TEXT[String(Boolean(value)) as 'true' | 'false'] : value ? 'Sim' : 'Não';
  }
  if (p.format === 'date') return formatDate(value);
  if (p.format === 'date-time') return formatDateTime(value);
  if (p.format === 'month-day') return formatMonthDay(value);
  if (p.format === 'money') return formatBRL(value);
  if (type === 'number' || type === 'integer') return formatNumber(value);
  if (p.format === 'html' && typeof value === 'string') return htmlText(value).trim() || EMPTY_TEXT;
  if (Array.isArray(value)) return value.map((v) => roleText(p, v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return roleText(p, value);
}

/** A value of a role property (`format: "role"`, or a list whose items have it) by its pt-BR name: 'Gestor de RH' for rh:gestor. */
export function roleText(property: PropertySchema | undefined, value: unknown): string {
  const format = property?.format ?? (property?.items as { format?: string } | undefined)?.format;
  if (format === 'role' && typeof value === 'string') return roleLabel(value);
  // An enum value by its pt-BR name (x-enumLabels), else as stored.
  return property?.['x-enumLabels']?.[String(value)] ?? String(value);
}

/** Whether the field is the record's status, shown as Ativo/Inativo with the green/red dot: the toggle's field, else 'ativo'. */
export function isStatusField(config: Partial<Pick<ResourceConfig, 'toggle' | 'properties'>>, field: string): boolean {
  if (!config.properties) return field === 'ativo';
  return statusFieldOf({ toggle: config.toggle ?? null, properties: config.properties }) === field;
}

