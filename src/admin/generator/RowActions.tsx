// The actions of a table row, each shown only when the user's role allows it: the schema's own
// actions (x-intranet.actions: details, external link, page, related rows) and the links of bespoke
// pages (a provider's cities, ...), edit, Ativar/Desativar (x-intranet.toggle, or a writable 'ativo'),
// and delete after the spec's irreversibility warning (on rows meeting x-intranet.deleteWhen), then
// the schema's actions placed at the end. 'Super Admin' rows cannot be deleted.
import { createContext, useContext, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import SwitchOnIcon from '@mui/icons-material/ToggleOn';
import SwitchOffIcon from '@mui/icons-material/ToggleOffOutlined';
import { useDelete, useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { MSG } from '../../domain/messages.js';
import { fillRoute, meets, toggleStep, type ToggleConfirm, type ToggleConfirmStep } from '../../domain/rowActions.js';
import { isSuperAdminRow, type Rights } from './access.js';
import { IntranetDialog } from './Dialog.js';
import { rowLinksOf } from './extensions.js';
import { canOpen } from '../shell/screens.js';
import { useViewer } from '../shell/useViewer.js';
import { useSession } from '../session.js';
import { failureText, interpolate, successText, type WriteKind } from './resourceMessages.js';
import { actionAllowed, rowActionsFor, SchemaAction } from './SchemaActions.js';
import { editPathOf, type ResourceConfig } from './schemas.js';

export const DELETE_WARNING = 'Essa ação é IRREVERSÍVEL e não permite a recuperação de dados.';
export const SUPER_ADMIN_DELETE_TEXT = 'Não é possível excluir um Super Admin';
export const SUCCESS_TOAST_MS = 3500;
export const ERROR_TOAST_MS = 5000;

const stop = (e: MouseEvent) => e.stopPropagation();

export function useToasts() {
  const notify = useNotify();
  return useMemo(
    () => ({
      success: (message: string = MSG.success) => notify(message, { type: 'success', autoHideDuration: SUCCESS_TOAST_MS, messageArgs: { _: message } }),
      failure: (error?: unknown) => {
        const message = (error as { message?: string } | undefined)?.message || MSG.failure;
        notify(message, { type: 'error', autoHideDuration: ERROR_TOAST_MS, messageArgs: { _: message } });
      },
    }),
    [notify],
  );
}

/**
 * The toasts of a resource's writes (x-intranet.messages, resourceMessages.ts): done() after a
 * create, update or delete, with '{campo}' from the record the server answered; failed() with the
 * schema's error text, else the server's, else the generic one.
 */
export function useResourceToasts(config: Parameters<typeof successText>[0]) {
  const toasts = useToasts();
  return useMemo(
    () => ({
      done: (kind: WriteKind, record?: Record<string, unknown> | null) => toasts.success(successText(config, kind, record)),
      failed: (kind: WriteKind, error: unknown, record?: Record<string, unknown> | null) =>
        toasts.failure({ message: failureText(config, kind, error, record) }),
    }),
    [toasts, config],
  );
}

type Row = Record<string, unknown> & { id?: unknown };

/** A template filled from the row ({campo}); a placeholder the row leaves empty is dropped rather than the whole text. */
const filled = (template: string, config: ResourceConfig, record: Row) => interpolate(template, config, record) ?? template.replace(/\{[a-z][a-z0-9_]*\}/g, '').replace(/\s+([?.!,])/g, '$1');

/**
 * The write of a toggle (Ativar/Desativar, a switch column): one boolean field, pessimistic. Switched
 * at once with the toasts messages.toggled and toggleError; or, where the schema declares the
 * direction in `confirm` (a register the group shares: the change reaches everyone), after the
 * engine's dialog titled by the step, and then the step's own message says what it did.
 */
export function useToggleWrite(config: ResourceConfig) {
  const writes = useResourceToasts(config);
  const toasts = useToasts();
  const [update, { isPending }] = useUpdate();
  const [asking, setAsking] = useState<{ record: Row; field: string; next: boolean; step: ToggleConfirmStep; label: string } | null>(null);
  const write = (record: Row, field: string, next: boolean, step?: ToggleConfirmStep) =>
    update(
      config.resource,
      { id: record.id, data: { [field]: next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          setAsking(null);
          const merged = { ...record, ...(saved as Row) };
          if (step) toasts.success(filled(step.message, config, merged));
          else writes.done('toggled', merged);
        },
        onError: (error) => {
          setAsking(null);
          writes.failed('toggled', error, record);
        },
      },
    );
  /** Switches `field` of the row to `next`, asking first when `confirm` says so for that direction; `label` names the dialog's button. */
  const flip = (record: Row, field: string, next: boolean, confirm: ToggleConfirm | undefined, label = 'Confirmar') => {
    const step = toggleStep(confirm, next);
    if (step) setAsking({ record, field, next, step, label });
    else write(record, field, next);
  };
  const dialog: ReactNode = asking && (
    <IntranetDialog
      open
      icon={<WarningIcon color="warning" />}
      title={filled(asking.step.title, config, asking.record)}
      text={asking.step.text && filled(asking.step.text, config, asking.record)}
      primaryButtonLabel={asking.label}
      primaryColor="warning"
      loading={isPending}
      onConfirm={() => write(asking.record, asking.field, asking.next, asking.step)}
      onClose={() => setAsking(null)}
    />
  );
  return { flip, dialog, pending: isPending };
}

/** A table short of room (fit.ts): Ativar/Desativar become a switch icon with its tooltip. */
export const CompactActions = createContext(false);

/** Whether a row of this resource has any action the user may use (else the column is hidden). */
export function hasRowActions(config: ResourceConfig, rights: Rights, roles: readonly string[] = []) {
  return (
    (config.editable && rights.update) ||
    (config.toggle !== null && rights.update) ||
    (rights.delete && !config.internal) ||
    rowLinksOf(config.resource).some((l) => rights[l.right ?? 'update']) ||
    config.actions.some((a) => actionAllowed(config, a, rights, roles))
  );
}

/** The title of the delete confirmation: the schema's (messages.deleteConfirm), else 'Excluir <singular>?'. */
export const deleteConfirmTitle = (config: ResourceConfig, record: Record<string, unknown>) =>
  (config.messages.deleteConfirm && interpolate(config.messages.deleteConfirm, config, record)) || `Excluir ${config.labels.singular.toLowerCase()}?`;

// Datagrid reads label and sortable from the column's element.
export function RowActions({ config, rights }: { config: ResourceConfig; rights: Rights; label?: string; sortable?: boolean; textAlign?: 'right' }) {
  const record = useRecordContext();
  const writes = useResourceToasts(config);
  const refresh = useRefresh();
  const toggleWrite = useToggleWrite(config);
  const updating = toggleWrite.pending;
  const [remove, { isPending: deleting }] = useDelete();
  const [confirming, setConfirming] = useState(false);
  const compact = useContext(CompactActions);
  const viewer = useViewer();
  const roles = useSession()?.roles ?? [];
  if (!record) return null;
  const switcher = config.toggle && rights.update && meets(config.toggle.when, record) ? config.toggle : null;
  const active = Boolean(switcher && record[switcher.field]);
  const switchLabel = switcher ? (active ? switcher.off : switcher.on) : '';
  // An internal table's rows are written by its feature alone (the generic API refuses a delete).
  const deletable = rights.delete && !config.internal && meets(config.deleteWhen, record);
  const superAdmin = isSuperAdminRow(record);
  // A link shows only where its screen would open for this user (its own access, shell/screens.ts).
  const links = rowLinksOf(config.resource).filter((l) => rights[l.right ?? 'update'] && canOpen(l.to(record), viewer));
  const actions = rowActionsFor(config, record, rights, roles).filter((a) => a.kind !== 'page' || canOpen(fillRoute(a.to, record), viewer));
  const placed = (placement: 'start' | 'end') =>
    actions.filter((a) => (a.placement ?? 'start') === placement).map((a) => <SchemaAction key={a.label} config={config} action={a} record={record} />);

  const toggle = (e: MouseEvent) => {
    e.stopPropagation();
    if (!switcher) return;
    // Ativar/Desativar has its own toasts (messages.toggled, toggleError, or the confirmed step's), not the edit form's.
    toggleWrite.flip(record, switcher.field, !active, switcher.confirm, switchLabel);
  };

  const confirmDelete = () =>
    remove(
      config.resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (deleted) => {
          setConfirming(false);
          writes.done('deleted', { ...record, ...deleted });
          refresh();
        },
        onError: (error) => {
          setConfirming(false);
          writes.failed('deleted', error, record);
        },
      },
    );

  return (
    <Stack direction="row" spacing={compact ? 0 : 0.5} sx={{ alignItems: 'center', justifyContent: 'flex-end' }} onClick={stop}>
      {placed('start')}
      {links.map(({ label, icon: Icon, to }) => (
        <Tooltip key={label} title={label}>
          {Icon ? (
            <IconButton size="small" component={Link} to={to(record)} aria-label={label}>
              <Icon fontSize="small" />
            </IconButton>
          ) : (
            <Button size="small" component={Link} to={to(record)}>
              {label}
            </Button>
          )}
        </Tooltip>
      ))}
      {config.editable && rights.update && (
        <Tooltip title="Editar">
          <IconButton size="small" component={Link} to={editPathOf(config, record.id, record)} aria-label="Editar">
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {switcher &&
        (compact ? (
          <Tooltip title={switchLabel}>
            <Box component="span">
              {/* The switch shows the state (on: active); the tooltip and name say what a click does. */}
              <IconButton size="small" onClick={toggle} disabled={updating} color={active ? 'success' : 'default'} aria-label={switchLabel}>
                {active ? <SwitchOnIcon /> : <SwitchOffIcon />}
              </IconButton>
            </Box>
          </Tooltip>
        ) : (
          <Button size="small" onClick={toggle} disabled={updating} color={active ? 'error' : 'success'} sx={{ minWidth: 88 }}>
            {switchLabel}
          </Button>
        ))}
      {deletable && (
        <Tooltip title={superAdmin ? SUPER_ADMIN_DELETE_TEXT : 'Excluir'}>
          {/* A disabled button gets no hover events: the span keeps the tooltip. */}
          <Box component="span">
            <IconButton size="small" aria-label="Excluir" onClick={() => setConfirming(true)} color="error" disabled={superAdmin}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        </Tooltip>
      )}
      {placed('end')}
      {toggleWrite.dialog}
      {deletable && (
        <IntranetDialog
          open={confirming}
          icon={<WarningIcon color="warning" />}
          title={deleteConfirmTitle(config, record)}
          text={DELETE_WARNING}
          primaryButtonLabel="Excluir"
          primaryColor="error"
          loading={deleting}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
