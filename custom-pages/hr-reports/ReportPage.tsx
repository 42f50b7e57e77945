// One page draws every HR report (/reports/...): the title bar, the filters bar (the report's own
// filters, kept in the address: ?id_empresa=&id_departamento=&inicio=&fim=&mes=...&ordem=&pagina=),
// the totals cards, the chart (loaded on demand with @mui/x-charts), and the table (sortable, paged
// on the server, 'Nenhum dado encontrado' when empty, 'Não informado' for empty cells), with CSV
// (';', table-export.csv) and XLSX exports of every row the filters match.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useGetList, useNotify } from 'react-admin';
import { EMPTY_TEXT, formatBRL, formatDate, formatNumber, NO_DATA_TEXT } from '../../src/domain/format.js';
import { DateTextField, ERROR_TOAST_MS, exportCappedText, isStoredDate, TitleBar, useApiOrigin, useToasts } from '../../src/admin/pages.js';
import { exportCsv, exportXlsx, type Sheet } from '../results-report/exports.js';
import { fetchReport, type Column, type ReportAnswer } from './api.js';
import { Link as RouterLink } from 'react-router-dom';
import { reportAt, REPORTS_HOME, type HrReport } from './reports.js';
import { DISMISSAL_TYPES, GENDERS, MONTHS, READINGS, SITUATIONS, TEXTS } from './texts.js';

const ReportChart = lazy(() => import('./ReportChart.js'));

/** The query keys the page keeps in the address (the call's filters, sorting and paging). */
const KEYS = ['id_empresa', 'id_departamento', 'inicio', 'fim', 'mes', 'ano', 'situacao', 'tipo', 'genero', 'leitura', 'ordem', 'direcao', 'pagina', 'por_pagina'];
const PAGE_SIZES = [20, 40, 60];
/** The exported file's name (foundation: table-export.csv), without its extension. */
const EXPORT_BASE = 'table-export';

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A cell as the table shows it (and the exports write it). */
export function cellText(column: Pick<Column, 'tipo'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_TEXT;
  if (column.tipo === 'data') return formatDate(value);
  if (column.tipo === 'inteiro') return formatNumber(value);
  if (column.tipo === 'decimal') return decimal.format(Number(value));
  if (column.tipo === 'moeda') return formatBRL(value);
  return String(value);
}

/** The sheet of a report answer: the column titles, then each row's cells. */
export const sheetOf = (answer: ReportAnswer): Sheet => ({
  name: answer.titulo,
  rows: [answer.colunas.map((c) => c.titulo), ...answer.linhas.map((row) => answer.colunas.map((c) => cellText(c, row[c.campo])))],
});

function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const q = new URLSearchParams();
    for (const key of KEYS) {
      const v = params.get(key);
      if (v !== null && v !== '') q.set(key, v);
    }
    return q;
  }, [params]);
  const set = (changes: Record<string, string | null>, resetPage = true) => {
    const next = new URLSearchParams(query);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (resetPage) next.delete('pagina');
    setParams(next, { replace: true });
  };
  return { query, set };
}

/**
 * A date filter: the engine's date box (DD/MM/AAAA whatever the browser's language, with its
 * calendar button); the report follows it once the text is a date, or when it is emptied.
 */
function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string | null) => void }) {
  return (
    <Box sx={{ width: 170 }}>
      <DateTextField size="small" fullWidth label={label} value={value || null} onChange={(v) => (v === null || isStoredDate(v) ? onChange(v) : undefined)} />
    </Box>
  );
}

function SelectFilter({ label, value, options, onChange, allLabel = TEXTS.all, width = 200 }: { label: string; value: string; options: [string, string][]; onChange: (v: string) => void; allLabel?: string | null; width?: number }) {
  return (
    <TextField select fullWidth={false} size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ width }} slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
      {allLabel !== null && <MenuItem value="">{allLabel}</MenuItem>}
      {options.map(([v, text]) => (
        <MenuItem key={v} value={v}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
}

function FiltersBar({ answer, query, set }: { answer: ReportAnswer; query: URLSearchParams; set: (c: Record<string, string | null>) => void }) {
  const has = (f: string) => answer.filtros.includes(f);
  const value = (f: string) => query.get(f) ?? (answer.valores[f] === undefined ? '' : String(answer.valores[f]));
  const provider = query.get('id_empresa') ?? '';
  const { data: providers } = useGetList<{ id: number; nome: string }>('providers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'nome', order: 'ASC' } });
  const { data: departments } = useGetList<{ id: number; nome: string; id_empresa: number }>('departments', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'nome', order: 'ASC' },
    filter: provider ? { id_empresa: Number(provider) } : {},
  });
  const providerName = new Map((providers ?? []).map((p) => [Number(p.id), p.nome]));
  return (
    <Box role="search" aria-label="Filtros do relatório" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      {has('id_empresa') && (
        <SelectFilter label="Provedor" value={provider} allLabel={TEXTS.allProviders} options={(providers ?? []).map((p) => [String(p.id), p.nome])} onChange={(v) => set({ id_empresa: v, id_departamento: null })} />
      )}
      {has('id_departamento') && (
        <SelectFilter
          label="Departamento"
          value={query.get('id_departamento') ?? ''}
          allLabel={TEXTS.allDepartments}
          width={220}
          options={(departments ?? []).map((d) => [String(d.id), provider ? d.nome : `${d.nome} (${providerName.get(Number(d.id_empresa)) ?? ''})`])}
          onChange={(v) => set({ id_departamento: v })}
        />
      )}
      {has('mes') && <SelectFilter label="Mês" value={value('mes')} allLabel={null} width={150} options={MONTHS.map((m, i) => [String(i + 1), m])} onChange={(v) => set({ mes: v })} />}
      {has('ano') && (
        <SelectFilter
          label="Ano"
          value={value('ano')}
          allLabel={null}
          width={110}
          options={Array.from({ length: 42 }, (_, i) => String(new Date().getFullYear() + 1 - i)).map((y) => [y, y])}
          onChange={(v) => set({ ano: v })}
        />
      )}
      {has('inicio') && <DateFilter label="Início" value={value('inicio')} onChange={(v) => set({ inicio: v })} />}
      {has('fim') && <DateFilter label="Fim" value={value('fim')} onChange={(v) => set({ fim: v })} />}
      {has('situacao') && <SelectFilter label="Situação" value={value('situacao')} allLabel={null} width={130} options={Object.entries(SITUATIONS)} onChange={(v) => set({ situacao: v })} />}
      {has('tipo') && <SelectFilter label="Tipo" value={value('tipo')} width={200} options={Object.entries(DISMISSAL_TYPES)} onChange={(v) => set({ tipo: v })} />}
      {has('genero') && <SelectFilter label="Gênero" value={value('genero')} width={140} options={Object.entries(GENDERS)} onChange={(v) => set({ genero: v })} />}
      {has('leitura') && <SelectFilter label="Leitura" value={value('leitura')} width={150} options={Object.entries(READINGS)} onChange={(v) => set({ leitura: v })} />}
      <Button size="small" onClick={() => set(Object.fromEntries(KEYS.map((k) => [k, null])))}>
        {TEXTS.clear}
      </Button>
    </Box>
  );
}

function TotalsCards({ totals }: { totals: ReportAnswer['totais'] }) {
  return (
    <Box component="section" aria-label="Totais" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 1.5, mb: 2 }}>
      {totals.map((t) => (
        <Paper key={t.rotulo} variant="outlined" sx={{ p: 1.5 }} aria-label={t.rotulo}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {t.tipo === 'decimal' ? decimal.format(t.valor) : t.tipo === 'moeda' ? formatBRL(t.valor) : formatNumber(t.valor)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.rotulo}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function ExportButtons({ reportKey, query, total }: { reportKey: string; query: URLSearchParams; total: number }) {
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const toasts = useToasts();
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const all = new URLSearchParams(query);
      all.delete('pagina');
      all.set('por_pagina', 'todos');
      const answer = await fetchReport(reportKey, all);
      const sheet = sheetOf(answer);
      if (kind === 'csv') exportCsv(sheet, EXPORT_BASE);
      else await exportXlsx(sheet, EXPORT_BASE);
      if (answer.total > answer.linhas.length) {
        const text = exportCappedText(answer.linhas.length, answer.total);
        notify(text, { type: 'warning', autoHideDuration: ERROR_TOAST_MS, messageArgs: { _: text } });
      }
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1}>
      {(['csv', 'xlsx'] as const).map((kind) => (
        <Button key={kind} size="small" variant="outlined" startIcon={<DownloadIcon />} disabled={busy || total === 0} onClick={() => void run(kind)}>
          {kind === 'csv' ? TEXTS.csv : TEXTS.xlsx}
        </Button>
      ))}
    </Stack>
  );
}

function ReportTable({ answer, query, set, rowLink }: { answer: ReportAnswer; query: URLSearchParams; set: (c: Record<string, string | null>, resetPage?: boolean) => void; rowLink?: HrReport['rowLink'] }) {
  const numeric = (c: Column) => c.tipo === 'inteiro' || c.tipo === 'decimal' || c.tipo === 'moeda';
  // The sort asked for (the address), before its answer arrives.
  const sortedBy = query.get('ordem') ?? answer.ordem;
  const sortedDir = query.get('ordem') ? (query.get('direcao') === 'desc' ? 'desc' : 'asc') : answer.direcao;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={answer.titulo}>
          <TableHead>
            <TableRow>
              {answer.colunas.map((c) => (
                <TableCell key={c.campo} component="th" scope="col" align={numeric(c) ? 'right' : 'left'} sortDirection={answer.ordem === c.campo ? answer.direcao : false} sx={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                  <TableSortLabel
                    active={answer.ordem === c.campo}
                    direction={answer.ordem === c.campo ? answer.direcao : 'asc'}
                    onClick={() => set({ ordem: c.campo, direcao: sortedBy === c.campo && sortedDir === 'asc' ? 'desc' : 'asc' })}
                  >
                    {c.titulo}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.linhas.length === 0 ? (
              <TableRow>
                <TableCell colSpan={answer.colunas.length} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  {NO_DATA_TEXT}
                </TableCell>
              </TableRow>
            ) : (
              answer.linhas.map((row) => (
                <TableRow key={String(row.id)} hover>
                  {answer.colunas.map((c, i) => (
                    <TableCell key={c.campo} align={numeric(c) ? 'right' : 'left'} sx={{ color: row[c.campo] === null || row[c.campo] === undefined ? 'text.secondary' : undefined }}>
                      {i === 0 && rowLink ? (
                        <RouterLink to={rowLink(String(row.id))}>{cellText(c, row[c.campo])}</RouterLink>
                      ) : (
                        cellText(c, row[c.campo])
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {answer.total > 0 && (
        <TablePagination
          component="div"
          count={answer.total}
          page={answer.pagina - 1}
          rowsPerPage={answer.por_pagina}
          rowsPerPageOptions={PAGE_SIZES.includes(answer.por_pagina) ? PAGE_SIZES : [...PAGE_SIZES, answer.por_pagina].sort((a, b) => a - b)}
          onPageChange={(_e, next) => set({ pagina: String(next + 1) }, false)}
          onRowsPerPageChange={(e) => set({ por_pagina: e.target.value })}
          labelRowsPerPage="Linhas por página:"
          labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
          getItemAriaLabel={(type) => ({ first: 'Ir para a primeira página', last: 'Ir para a última página', next: 'Ir para a próxima página', previous: 'Ir para a página anterior' })[type]}
        />
      )}
    </>
  );
}

export default function ReportPage() {
  useApiOrigin();
  const { pathname } = useLocation();
  const found = reportAt(pathname);
  const report = found?.report;
  const { query: addressQuery, set } = useFilterParams();
  // The filters the path names (the news item of /reports/read-confirm-list/{id}) go with the address's.
  const pathQuery = JSON.stringify(found?.pathQuery ?? {});
  const query = useMemo(() => {
    const q = new URLSearchParams(addressQuery);
    for (const [k, v] of Object.entries(JSON.parse(pathQuery) as Record<string, string>)) q.set(k, v);
    return q;
  }, [addressQuery, pathQuery]);
  const toasts = useToasts();
  const key = report?.key ?? '';
  const result = useQuery({ queryKey: ['hr-report', key, query.toString()], queryFn: () => fetchReport(key, query), enabled: Boolean(report), retry: false, placeholderData: (previous) => (previous?.relatorio === key ? previous : undefined) });
  const failed = result.isError;
  useEffect(() => {
    if (failed) toasts.failure({ message: (result.error as Error | null)?.message || TEXTS.loadError });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, result.error]);
  const answer = result.data;
  if (!report) return null;
  return (
    <Box sx={{ maxWidth: 1300, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={report.title} back={report.back ?? REPORTS_HOME} />
      {!answer ? (
        failed ? (
          <Box sx={{ py: 3 }}>
            <Typography sx={{ color: 'text.secondary', mb: 1 }}>{TEXTS.loadError}</Typography>
            {addressQuery.toString() !== '' && (
              <Button size="small" onClick={() => set(Object.fromEntries(KEYS.map((k) => [k, null])))}>
                {TEXTS.clear}
              </Button>
            )}
          </Box>
        ) : (
          <Box sx={{ py: 6, textAlign: 'center' }}>
            <CircularProgress aria-label="Carregando" />
          </Box>
        )
      ) : (
        <>
          <FiltersBar answer={answer} query={query} set={set} />
          <TotalsCards totals={answer.totais} />
          {answer.grafico && answer.total > 0 && (
            <Paper variant="outlined" component="section" aria-label={TEXTS.chart} sx={{ p: 2, mb: 2 }}>
              <Suspense fallback={<Box sx={{ height: 300 }} />}>
                <ReportChart chart={answer.grafico} />
              </Suspense>
            </Paper>
          )}
          <Paper variant="outlined" component="section" aria-label={TEXTS.table} sx={{ p: 2, opacity: result.isFetching ? 0.7 : 1 }}>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap', gap: 1 }}>
              <Box>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                  {answer.titulo}
                </Typography>
                {answer.subtitulo && <Typography variant="body2" sx={{ color: 'text.secondary' }}>{answer.subtitulo}</Typography>}
              </Box>
              <ExportButtons reportKey={key} query={query} total={answer.total} />
            </Stack>
            <ReportTable answer={answer} query={query} set={set} rowLink={report.rowLink} />
          </Paper>
        </>
      )}
    </Box>
  );
}
