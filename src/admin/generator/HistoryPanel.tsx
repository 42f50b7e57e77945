// 'Ver histórico de Edições': who changed the record, when, and what (field, before, after),
// newest first, from GET /api/<resource>/<id>/history.
import { Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import { useDataProvider, useGetMany, type Identifier } from 'react-admin';
import { formatDateTime, isEmptyValue } from '../../domain/format.js';
import { authorText, describeHistory, HISTORY_ACTION_TEXT, HISTORY_TITLE, type FieldChange } from '../../domain/history.js';
import type { IntranetDataProvider } from '../core/dataProvider.js';
import { fieldViewOf } from './extensions.js';
import { displayText } from './fields.js';
import type { ResourceConfig } from '../core/schemas.js';

export function HistoryPanel({ config, id }: { config: ResourceConfig; id: Identifier }) {
  const dataProvider = useDataProvider<IntranetDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: [config.resource, 'history', String(id)],
    queryFn: () => dataProvider.getHistory(config.resource, id),
  });
  const fields = useMemo(() => Object.keys(config.properties), [config]);
  const items = useMemo(() => describeHistory(data ?? [], { fields }), [data, fields]);

  return (
    <Accordion sx={{ mt: 2 }} disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="history-content" id="history-header">
        <HistoryIcon sx={{ mr: 1, color: 'text.secondary' }} />
        <Typography sx={{ fontWeight: 600 }}>{HISTORY_TITLE}</Typography>
      </AccordionSummary>
      <AccordionDetails id="history-content">
        {isPending ? (
          <CircularProgress size={24} />
        ) : error ? (
          <Typography color="error">Não foi possível carregar o histórico.</Typography>
        ) : items.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>Nenhum dado encontrado</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label="Histórico de edições">
            {items.map((item) => (
              <Box component="li" key={item.id} sx={{ borderLeft: 3, borderColor: item.action === 'created' ? 'success.main' : item.action === 'deleted' ? 'error.main' : 'primary.main', pl: 2 }}>
                <Typography variant="body2">
                  <strong>{authorText(item)}</strong> {HISTORY_ACTION_TEXT[item.action]} em {formatDateTime(item.at)}
                </Typography>
                {item.changes.length > 0 && <ChangesTable config={config} changes={item.changes} />}
              </Box>
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

function ChangesTable({ config, changes }: { config: ResourceConfig; changes: FieldChange[] }) {
  return (
    <Table size="small" sx={{ mt: 1 }}>
      <TableHead>
        <TableRow>
          <TableCell>Campo</TableCell>
          <TableCell>Antes</TableCell>
          <TableCell>Depois</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell>{config.properties[change.field]?.title ?? change.field}</TableCell>
            <TableCell>
              <ChangeValue config={config} field={change.field} value={change.before} />
            </TableCell>
            <TableCell>
              <ChangeValue config={config} field={change.field} value={change.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A value of the diff as tables show it: references by their label, fields with a view of their own through it. */
function ChangeValue({ config, field, value }: { config: ResourceConfig; field: string; value: unknown }) {
  const ref = config.references[field];
  const ids = ref && value !== null && value !== undefined ? (Array.isArray(value) ? value : [value]) : [];
  const { data } = useGetMany(ref?.resource ?? config.resource, { ids: ids as Identifier[] }, { enabled: Boolean(ref && ids.length) });
  const View = fieldViewOf(config.resource, field)?.component;
  if (View && !isEmptyValue(value)) {
    return (
      <Suspense fallback="…">
        <View config={config} field={field} value={value} />
      </Suspense>
    );
  }
  if (ref && ids.length) {
    return <>{ids.map((id) => String(data?.find((r) => r.id === id)?.[ref.label] ?? id)).join(', ')}</>;
  }
  return <>{displayText(config, field, value)}</>;
}
