// 'Exportar': every row the list's filter matches, in its order, as table-export.csv. The rows are
// asked for as one page of size "Todos" (range [0,-1]), which the server answers up to its
// LIST_MAX_ROWS; when the list has more rows than came back, the user is told the file is partial.
import { useState } from 'react';
import { CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, fetchRelatedRecords, useDataProvider, useListContext, useNotify, type Exporter } from 'react-admin';
import { ERROR_TOAST_MS, useToasts } from './RowActions.js';

export const EXPORT_LABEL = 'Exportar';

/** The warning of a partial export (the server sends at most LIST_MAX_ROWS rows). */
export const exportCappedText = (exported: number, total: number) =>
  `Exportadas as primeiras ${exported.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')} linhas: o servidor envia no máximo ${exported.toLocaleString('pt-BR')} linhas por vez. Use os filtros para exportar o restante.`;

export function ExportAllButton({ exporter }: { exporter: Exporter }) {
  const { resource, filter, filterValues, sort, total } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      const { data, total: matching } = await dataProvider.getList(resource, {
        sort,
        filter: filter ? { ...filterValues, ...filter } : filterValues,
        // perPage 0 is the page size "Todos": every row, up to the server's LIST_MAX_ROWS.
        pagination: { page: 1, perPage: 0 },
      });
      await exporter(data, fetchRelatedRecords(dataProvider), dataProvider, resource);
      if (matching !== undefined && matching > data.length) {
        const text = exportCappedText(data.length, matching);
        notify(text, { type: 'warning', autoHideDuration: ERROR_TOAST_MS, messageArgs: { _: text } });
      }
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };

  // react-admin's Button takes its icon as children: the start icon of the wide button, the whole
  // IconButton below 600 px (a startIcon prop would leak to the DOM there and leave the icon empty).
  // The name is given too: react-admin names the small button only while it is enabled.
  return (
    <Button label={EXPORT_LABEL} aria-label={EXPORT_LABEL} onClick={onClick} disabled={busy || total === 0}>
      {busy ? <CircularProgress size={16} /> : <DownloadIcon />}
    </Button>
  );
}
