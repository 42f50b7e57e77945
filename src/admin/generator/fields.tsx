// How a value of a schema property is shown in tables, expanded rows and exports.
import { Suspense, type MouseEvent, type ReactElement } from 'react';
import { Box, Chip, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { ReferenceArrayField, ReferenceField, SingleFieldList, TextField, useNotify, useRecordContext } from 'react-admin';
import { EMPTY_TEXT, isEmptyValue } from '../../domain/format.js';
import { INVALID_PHONE_TEXT, isImageFieldName, whatsappUrl } from '../../domain/format.js';
import { fieldViewOf } from './extensions.js';
import { FileImage } from './files.js';
import { isIconNameField, NamedIcon } from './iconNames.js';
import { columnTitle, fieldPath } from '../core/paths.js';
import { configByResource } from './registry.js';
import { RoleChip } from './RoleInput.js';
import { SwitchField } from './SwitchField.js';
import { ACTIVE_TEXT, displayText, isStatusField, roleText } from './displayText.js';
import { baseType, type ResourceConfig } from '../core/schemas.js';

const lookup = (resource: string) => configByResource.get(resource);

export { ACTIVE_TEXT, displayText, isStatusField, roleText };

/** A flag column's header (x-intranet.list.flags): the short label, the field's title as its tooltip and name. */
export function FlagHeader({ short, title }: { short: string; title: string }) {
  return (
    <Tooltip title={title}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {short}
      </Box>
    </Tooltip>
  );
}

const FLAG_OFF = '–';

/** A flag cell: a check for true, a dash for false (named Sim and Não). */
export function FlagValue({ value }: { value: unknown }) {
  return value ? (
    <CheckIcon fontSize="small" color="success" role="img" aria-label="Sim" aria-hidden={false} sx={{ verticalAlign: 'middle' }} />
  ) : (
    <Box component="span" role="img" aria-label="Não" sx={{ color: 'text.disabled' }}>
      {FLAG_OFF}
    </Box>
  );
}

export function StatusDot({ active }: { active: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: active ? 'success.main' : 'error.main', flexShrink: 0 }}
      />
      <span>{ACTIVE_TEXT[String(active) as 'true' | 'false']}</span>
    </Stack>
  );
}

const Empty = () => (
  <Typography component="span" variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
    {EMPTY_TEXT}
  </Typography>
);

/** Values written by a mask or a fixed pattern: a line break inside '11.444.777/0001-61' or a date would cut them in two. */
const UNBROKEN_FORMATS = new Set(['cnpj', 'cpf', 'cep', 'phone', 'date', 'date-time', 'month-day', 'time', 'money']);

export interface SchemaFieldProps {
  config: ResourceConfig;
  source: string;
  /** Read by Datagrid for the column header (a flag column's is an element). */
  label?: string | ReactElement;
  sortable?: boolean;
}

/**
 * A column naming a path through references ('id_setor.id_departamento.id_empresa'): one
 * ReferenceField a hop (react-admin reads each level with one getMany for the whole page), the
 * field at the end shown as any cell.
 */
function PathField({ config, path }: { config: ResourceConfig; path: string }) {
  const steps = fieldPath(config, path, lookup);
  if (!steps) return null;
  const last = steps[steps.length - 1];
  let cell = <SchemaField config={last.config} source={last.field} />;
  for (const step of steps.slice(0, -1).reverse()) {
    cell = (
      <ReferenceField source={step.field} reference={step.reference!.resource} link={false} empty={<Empty />}>
        {cell}
      </ReferenceField>
    );
  }
  return cell;
}

/** One cell: references by their label field, 'ativo' as a coloured dot, dates and money (format money, BRL) in pt-BR. */
export function SchemaField({ config, source }: SchemaFieldProps) {
  const record = useRecordContext();
  if (!record) return null;
  if (source.includes('.')) return <PathField config={config} path={source} />;
  const value = record[source];
  const ref = config.references[source];
  const p = config.properties[source];
  const view = fieldViewOf(config.resource, source);
  const View = view?.component;
  if (View) {
    if (isEmptyValue(value) && !view.showEmpty) return <Empty />;
    return (
      <Suspense fallback={<CircularProgress size={16} />}>
        <View config={config} field={source} value={value} />
      </Suspense>
    );
  }
  if (ref && p && baseType(p) === 'array') {
    if (isEmptyValue(value)) return <Empty />;
    return (
      <ReferenceArrayField source={source} reference={ref.resource}>
        <SingleFieldList linkType={false}>
          <ReferenceChip label={ref.label} />
        </SingleFieldList>
      </ReferenceArrayField>
    );
  }
  if (ref) {
    if (isEmptyValue(value)) return <Empty />;
    return (
      <ReferenceField source={source} reference={ref.resource} link={false}>
        <TextField source={ref.label} variant="body2" />
      </ReferenceField>
    );
  }
  if (p && baseType(p) === 'boolean' && config.list.flags?.[source]) return <FlagValue value={value} />;
  if (p && baseType(p) === 'boolean' && config.list.switches?.[source]) return <SwitchField config={config} source={source} />;
  if (isEmptyValue(value)) return <Empty />;
  if (p && baseType(p) === 'boolean' && isStatusField(config, source)) return <StatusDot active={Boolean(value)} />;
  if (p?.format === 'file' && typeof value === 'string') {
    return isImageFieldName(source) ? <FileImage id={value} module={config.module} alt={p.title} size={40} /> : <Chip size="small" label="Arquivo" />;
  }
  if (isIconNameField(source) && typeof value === 'string') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
        <NamedIcon icon={value} fontSize="small" sx={{ color: 'text.secondary' }} />
        <span>{value}</span>
      </Stack>
    );
  }
  if (p?.format === 'color' && typeof value === 'string') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
        <Box component="span" sx={{ width: 16, height: 16, borderRadius: 0.5, bgcolor: value, border: 1, borderColor: 'divider' }} />
        <span>{value}</span>
      </Stack>
    );
  }
  if (p?.format === 'phone') return <PhoneValue text={displayText(config, source, value)} value={value} />;
  if (p && baseType(p) === 'array' && Array.isArray(value) && (p.items as { format?: string } | undefined)?.format === 'file') {
    return isImageFieldName(source) ? (
      <Stack direction="row" spacing={0.5} component="span">
        {value.slice(0, 4).map((id) => (
          <FileImage key={String(id)} id={String(id)} module={config.module} alt={p.title} size={32} />
        ))}
      </Stack>
    ) : (
      <Chip size="small" label={`${value.length} ${value.length === 1 ? 'arquivo' : 'arquivos'}`} />
    );
  }
  if (p && baseType(p) === 'array' && Array.isArray(value)) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }} component="span">
        {value.map((v, i) =>
          (p.items as { format?: string } | undefined)?.format === 'role' && typeof v === 'string' ? (
            <RoleChip key={i} role={v} />
          ) : (
            <Chip key={i} size="small" label={roleText(p, v)} />
          ),
        )}
      </Stack>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={p?.format && UNBROKEN_FORMATS.has(p.format) ? { whiteSpace: 'nowrap' } : undefined}>
      {displayText(config, source, value)}
    </Typography>
  );
}

/** The accessible name and tooltip of a phone's WhatsApp button. */
export const WHATSAPP_LABEL = 'Abrir conversa no WhatsApp';

/**
 * A phone as the table shows it, with a button that opens a WhatsApp conversation with it (wa.me,
 * country code 55) in a new tab; a phone without digits says 'Número de telefone inválido.'.
 */
export function PhoneValue({ text, value }: { text: string; value: unknown }) {
  const notify = useNotify();
  const open = (event: MouseEvent) => {
    // The row's own click (open the record) is not this one.
    event.stopPropagation();
    const url = whatsappUrl(value);
    if (!url) notify(INVALID_PHONE_TEXT, { type: 'warning' });
    else window.open(url, '_blank', 'noopener,noreferrer');
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} component="span">
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Typography>
      <Tooltip title={WHATSAPP_LABEL}>
        <IconButton size="small" aria-label={WHATSAPP_LABEL} onClick={open} sx={{ color: '#128C7E', p: 0.25 }}>
          <WhatsAppIcon sx={{ fontSize: 18 }} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

function ReferenceChip({ label }: { label: string }) {
  const record = useRecordContext();
  return record ? <Chip size="small" label={String(record[label] ?? record.id)} /> : null;
}

/** The expanded part of a row: label and value of each list.expand field (and of the columns a narrow table moved there). */
export function ExpandPanel({ config, fields = config.list.expand }: { config: ResourceConfig; fields?: string[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
        gap: 2,
        py: 1,
        px: 2,
      }}
    >
      {fields.map((field) => (
        <Box key={field}>
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
            {columnTitle(config, field, lookup)}
          </Typography>
          <SchemaField config={config} source={field} />
        </Box>
      ))}
    </Box>
  );
}
