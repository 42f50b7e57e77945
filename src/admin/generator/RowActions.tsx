// The actions of a table row, each shown only when the user's role allows it: the schema's own
// actions (x-intranet.actions: details, external link, page, related rows) and the links of bespoke
// pages (a provider's cities, ...), edit, Ativar/Desativar (x-intranet.toggle, or a writable 'ativo'),
// and delete after the spec's irreversibility warning (on rows meeting x-intranet.deleteWhen), then
// the schema's actions placed at the end. 'Super Admin' rows cannot be deleted.
import { useContext, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, IconButton, Stack, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import WarningIcon from '@mui/icons-material/WarningAmber';
import SwitchOnIcon from '@mui/icons-material/ToggleOn';
import SwitchOffIcon from '@mui/icons-material/ToggleOffOutlined';
import { useDelete, useRecordContext, useRefresh } from 'react-admin';
import { fillRoute, meets } from '../../domain/rowActions.js';
import { isSuperAdminRow, type Rights } from '../core/access.js';
import { IntranetDialog } from './Dialog.js';
import { rowLinksOf } from './extensions.js';
import { canOpen } from '../core/screenAccess.js';
import { useViewer } from '../core/useViewer.js';
import { useSession } from '../core/session.js';
import { CompactActions, DELETE_WARNING, ERROR_TOAST_MS, SUCCESS_TOAST_MS, SUPER_ADMIN_DELETE_TEXT, useResourceToasts, useToasts, useToggleWrite } from './toasts.js';
import { interpolate } from './resourceMessages.js';
import { actionAllowed, rowActionsFor, SchemaAction } from './SchemaActions.js';
import { editPathOf, type ResourceConfig } from '../core/schemas.js';

const stop = (e: MouseEvent) => e.stopPropagation();

export { CompactActions, DELETE_WARNING, ERROR_TOAST_MS, SUCCESS_TOAST_MS, SUPER_ADMIN_DELETE_TEXT, useResourceToasts, useToasts, useToggleWrite };

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

// Datagrid reads source (the cell's key), label and sortable from the column's element.
export function RowActions({ config, rights }: { config: ResourceConfig; rights: Rights; source?: string; label?: string; sortable?: boolean; textAlign?: 'right' }) {
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
