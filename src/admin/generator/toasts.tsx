// The toasts of the generated screens (and of bespoke pages: useToasts), the toasts of a resource's
// writes (x-intranet.messages), and the write of a toggle with its confirmation dialog.
import { createContext, useMemo, useState, type ReactNode } from 'react';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { useNotify, useUpdate } from 'react-admin';
import { MSG } from '../../domain/messages.js';
import { toggleStep, type ToggleConfirm, type ToggleConfirmStep } from '../../domain/rowActions.js';
import { IntranetDialog } from './Dialog.js';
import { failureText, interpolate, successText, type WriteKind } from './resourceMessages.js';
import type { ResourceConfig } from '../core/schemas.js';

export const DELETE_WARNING = 'Essa ação é IRREVERSÍVEL e não permite a recuperação de dados.';
export const SUPER_ADMIN_DELETE_TEXT = 'Não é possível excluir um Super Admin';
export const SUCCESS_TOAST_MS = 3500;
export const ERROR_TOAST_MS = 5000;


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

