// The row actions a schema declares (x-intranet.actions): a read-only details dialog, an external
// link (disabled without a URL), a link to a screen, a dialog of the related rows of another
// resource, the download of a row's stored file and the copy of a text field; each for whom its `right` allows, on the rows
// its `when` accepts, disabled (named by its disabledLabel) on the rows its `disabledWhen` accepts;
// and a v1 call on the row (after its confirmation), which reloads the list.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { RecordContextProvider, useGetList, useRefresh } from 'react-admin';
import { DIALOG_DEFAULTS } from '../../domain/dialog.js';
import { NO_DATA_TEXT } from '../../domain/format.js';
import { userAllows } from '../../domain/roles.js';
import { fillRoute, meets, type RowAction } from '../../domain/rowActions.js';
import { rightsOf, type Rights } from '../core/access.js';
import { displayText, SchemaField } from './fields.js';
import { saveStoredFile } from './files.js';
import { v1Fetch } from '../core/api.js';
import { IntranetDialog } from './Dialog.js';
import { interpolate } from './resourceMessages.js';
import { NamedIcon } from './iconNames.js';
import { columnTitle } from '../core/paths.js';
import { configByResource } from './registry.js';
import { DELETE_WARNING, useToasts } from './toasts.js';
import type { Operation, ResourceConfig } from '../core/schemas.js';

const OPERATIONS = new Set<string>(['list', 'get', 'create', 'update', 'delete']);
const lookup = (resource: string) => configByResource.get(resource);

/**
 * Whether someone holding `roles` gets the action (on some row): its right, an operation of the
 * resource or a role right in one of its areas (default get); a related list also needs the right
 * to list that resource.
 */
export function actionAllowed(config: ResourceConfig, action: RowAction, rights: Rights, roles: readonly string[]): boolean {
  const right = action.right ?? 'get';
  const allowed = OPERATIONS.has(right)
    ? rights[right as Operation]
    : [config.module, ...config.alsoModules].some((area) => userAllows(roles, right as Exclude<typeof right, Operation>, area));
  if (!allowed) return false;
  if (action.kind !== 'related') return true;
  const target = lookup(action.resource);
  return Boolean(target && rightsOf(target, roles).list);
}

/** The schema's actions shown on this row: allowed to the user, and the row meets their condition. */
export const rowActionsFor = (config: ResourceConfig, record: Record<string, unknown>, rights: Rights, roles: readonly string[]) =>
  config.actions.filter((a) => actionAllowed(config, a, rights, roles) && meets(a.when, record));

/** The http(s) address of an external action's value: a bare 'www.site.com.br' gets https://, any other scheme none. */
export function externalHref(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) return text;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('/')) return null;
  return `https://${text}`;
}

/**
 * An action's button: its icon with the label as tooltip and name, or a text button without an icon;
 * `label` replaces the action's (a disabled one's disabledLabel).
 */
function ActionButton({
  action,
  label = action.label,
  disabled,
  busy,
  onClick,
  href,
  to,
}: {
  action: RowAction;
  label?: string;
  disabled?: boolean;
  busy?: boolean;
  onClick?: () => void;
  href?: string;
  to?: string;
}) {
  const link = disabled ? {} : href ? { component: 'a' as const, href, target: '_blank', rel: 'noopener noreferrer' } : to ? { component: Link, to } : {};
  const button = action.icon ? (
    <IconButton size="small" aria-label={label} disabled={disabled || busy} aria-busy={busy || undefined} onClick={onClick} {...link}>
      {busy ? <CircularProgress size={16} /> : <NamedIcon icon={action.icon} fontSize="small" aria-label={undefined} aria-hidden />}
    </IconButton>
  ) : (
    <Button size="small" disabled={disabled || busy} aria-busy={busy || undefined} onClick={onClick} {...link}>
      {label}
    </Button>
  );
  return (
    <Tooltip title={label}>
      {/* A disabled button gets no hover events: the span keeps the tooltip. */}
      <Box component="span">{button}</Box>
    </Tooltip>
  );
}

function ActionDialog({ open, title, subhead, onClose, children }: { open: boolean; title: string; subhead?: string; onClose: () => void; children: ReactNode }) {
  // The title alone names the dialog (DialogTitle takes the dialog's aria-labelledby id).
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle component="h2">{title}</DialogTitle>
      <DialogContent dividers>
        {subhead && (
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {subhead}
          </Typography>
        )}
        {open && children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{DIALOG_DEFAULTS.closeLabel}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The row's name in a dialog's subhead (its label field as tables show it). */
const recordName = (config: ResourceConfig, record: Record<string, unknown>) => {
  const value = record[config.recordLabel];
  return value === null || value === undefined || config.recordLabel === 'id' ? undefined : displayText(config, config.recordLabel, value);
};

function Details({ config, record, fields }: { config: ResourceConfig; record: Record<string, unknown>; fields: string[] }) {
  return (
    <RecordContextProvider value={record}>
      <Table size="small">
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%', border: 0, pl: 0 }}>
                {columnTitle(config, field, lookup)}
              </TableCell>
              <TableCell sx={{ border: 0 }}>
                <SchemaField config={config} source={field} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </RecordContextProvider>
  );
}

/** The rows of the related resource pointing to this row, each by its `show` field, in `sort` order. */
function Related({ action, record }: { action: Extract<RowAction, { kind: 'related' }>; record: Record<string, unknown> }) {
  const target = lookup(action.resource)!;
  const sort = action.sort ? { field: action.sort, order: 'ASC' as const } : target.list.sort;
  // perPage 0 is the page size "Todos" (every row, up to the server's LIST_MAX_ROWS).
  const { data, isPending, error } = useGetList(action.resource, { filter: { [action.field]: record.id }, sort, pagination: { page: 1, perPage: 0 } });
  if (isPending) return <CircularProgress size={24} aria-label="Carregando" />;
  if (error) return <Typography color="error">{(error as Error).message || NO_DATA_TEXT}</Typography>;
  if (!data?.length) return <Typography sx={{ color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>;
  return (
    <List dense component="ol" aria-label={action.label} sx={{ listStyle: 'decimal', pl: 3 }}>
      {data.map((row) => (
        <ListItem key={row.id} sx={{ display: 'list-item', pl: 0.5 }}>
          <RecordContextProvider value={row}>
            <SchemaField config={target} source={action.show} />
          </RecordContextProvider>
        </ListItem>
      ))}
    </List>
  );
}

/** A download action: the row's stored file saved under its name, then the action's message. */
function DownloadButton({ config, action, record }: { config: ResourceConfig; action: Extract<RowAction, { kind: 'download' }>; record: Record<string, unknown> }) {
  const [busy, setBusy] = useState(false);
  const toasts = useToasts();
  const id = record[action.field];
  const download = async () => {
    if (typeof id !== 'string' || !id) return;
    setBusy(true);
    try {
      await saveStoredFile(id, [config.module, ...config.alsoModules]);
      if (action.message) toasts.success(action.message);
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };
  return <ActionButton action={action} disabled={typeof id !== 'string' || !id} busy={busy} onClick={() => void download()} />;
}

/** A copy action: the row's text field to the clipboard, then the action's message. */
function CopyButton({ action, record }: { action: Extract<RowAction, { kind: 'copy' }>; record: Record<string, unknown> }) {
  const toasts = useToasts();
  const value = record[action.field];
  const text = typeof value === 'string' ? value : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      if (action.message) toasts.success(action.message);
    } catch (error) {
      toasts.failure(error);
    }
  };
  return <ActionButton action={action} disabled={!text} onClick={() => void copy()} />;
}

/** A call action: the v1 call of the row (after its confirmation), its toast, and the list reloaded. */
function CallButton({ config, action, record }: { config: ResourceConfig; action: Extract<RowAction, { kind: 'call' }>; record: Record<string, unknown> }) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toasts = useToasts();
  const refresh = useRefresh();
  const call = async () => {
    setBusy(true);
    try {
      await v1Fetch(fillRoute(action.url, record), { method: action.method, module: [config.module, ...config.alsoModules] });
      setConfirming(false);
      toasts.success(action.message);
      refresh();
    } catch (error) {
      setConfirming(false);
      toasts.failure(action.errorMessage ? { message: action.errorMessage } : error);
    } finally {
      setBusy(false);
    }
  };
  if (!action.confirm) return <ActionButton action={action} busy={busy} onClick={() => void call()} />;
  return (
    <>
      <ActionButton action={action} busy={busy} onClick={() => setConfirming(true)} />
      <IntranetDialog
        open={confirming}
        icon={<WarningIcon color="warning" />}
        title={interpolate(action.confirm, config, record) ?? action.label}
        text={action.confirmText ?? DELETE_WARNING}
        primaryButtonLabel={action.label}
        primaryColor="error"
        loading={busy}
        onConfirm={() => void call()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** One schema action of a row. */
export function SchemaAction({ config, action, record }: { config: ResourceConfig; action: RowAction; record: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  // A row meeting disabledWhen shows the action disabled, named by its disabledLabel.
  if (action.disabledWhen && meets(action.disabledWhen, record)) return <ActionButton action={action} label={action.disabledLabel ?? action.label} disabled />;
  switch (action.kind) {
    case 'external': {
      const href = externalHref(record[action.field]);
      return <ActionButton action={action} href={href ?? undefined} disabled={!href} />;
    }
    case 'page':
      return <ActionButton action={action} to={fillRoute(action.to, record)} />;
    case 'download':
      return <DownloadButton config={config} action={action} record={record} />;
    case 'copy':
      return <CopyButton action={action} record={record} />;
    case 'call':
      return <CallButton config={config} action={action} record={record} />;
    case 'details':
    case 'related':
      return (
        <>
          <ActionButton action={action} onClick={() => setOpen(true)} />
          <ActionDialog open={open} title={action.label} subhead={recordName(config, record)} onClose={() => setOpen(false)}>
            {action.kind === 'details' ? <Details config={config} record={record} fields={action.fields} /> : <Related action={action} record={record} />}
          </ActionDialog>
        </>
      );
  }
}
