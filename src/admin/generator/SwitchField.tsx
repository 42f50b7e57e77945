// A switch column (x-intranet.list.switches): a boolean drawn as a switch the user flips in the cell,
// with the state's text beside it ('Permitido' / 'Restrito'; in a table short of room, as its
// tooltip), named '<field title>: <state>'. Enabled only for who may update the record; a flip writes
// that field alone (pessimistic: the switch follows the server's answer) with the Ativar/Desativar
// toasts (messages.toggled, toggleError), or, where the column declares `confirm`, after a dialog and
// with the step's own message (useToggleWrite).
import { useContext, type MouseEvent } from 'react';
import { Stack, Switch, Tooltip, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { useRights } from '../core/access.js';
import { CompactActions, useToggleWrite } from './toasts.js';
import type { ResourceConfig, SwitchLabels } from '../core/schemas.js';

const stop = (e: MouseEvent) => e.stopPropagation();

/** The text of a switch column's value: its `on` or `off` label. */
export const switchText = (labels: SwitchLabels, value: unknown) => (value ? labels.on : labels.off);

export function SwitchField({ config, source }: { config: ResourceConfig; source: string }) {
  const record = useRecordContext();
  const rights = useRights(config);
  const toggleWrite = useToggleWrite(config);
  const isPending = toggleWrite.pending;
  const compact = useContext(CompactActions);
  const labels = config.list.switches[source];
  if (!record || !labels) return null;
  const on = record[source] === true;
  const text = switchText(labels, on);
  const title = config.properties[source]?.title ?? source;
  const flip = () => toggleWrite.flip(record, source, !on, labels.confirm);
  const control = (
    <Switch
      size="small"
      checked={on}
      color="success"
      disabled={!rights.update || isPending}
      onChange={flip}
      slotProps={{ input: { 'aria-label': `${title}: ${text}` } }}
    />
  );
  return (
    // The row's own click (open the record) is not this one.
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }} component="span" onClick={stop}>
      {compact ? (
        <Tooltip title={text}>
          <span>{control}</span>
        </Tooltip>
      ) : (
        <>
          {control}
          <Typography component="span" variant="body2" sx={{ color: on ? 'success.main' : 'text.secondary' }} aria-hidden>
            {text}
          </Typography>
        </>
      )}
      {toggleWrite.dialog}
    </Stack>
  );
}
