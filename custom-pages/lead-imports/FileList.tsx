// /marketing/imports-leads/file/list?id={import} (marketing document, section 2 "Lead import file
// list"; the spec's ImportsLeadsFileList): the rows of one import, paged on the server through the
// generic list (GET /api/lead-import-participants, the import's rows in file order: an import of
// 100,000 rows pages at list speed). Above them, what the import holds (registros, com problemas,
// duplicados, clientes, leads criadas), the spec's banner that only the SELECTED LEADS are created,
// the views (Todos, Selecionadas, Com problema, ...), select all / clear all of the whole import and
// the per-row report. Each row: its checkbox (the selection, saved at once: PUT
// v1/lead/importacao/clientes; a row with problems cannot be selected until corrected in Editar, nor
// a row whose lead exists), Nome, Telefone, CPF, Cliente (Sim/Não), Código Lead ('Não informado'
// before its lead exists), its marks (problems, duplicate, restricted contact, customer situation:
// icons with their tooltips) and Editar (the generated edit, /marketing/imports-leads/edit?
// import_id=&lead_id=). Below: Voltar, 'Desfazer leads criadas' (confirmed; the server refuses once a
// lead moved in the funnel) and 'Criar Novas Leads (n)', disabled while its call runs (the server
// creates nothing twice).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import CopyIcon from '@mui/icons-material/ContentCopy';
import BlockIcon from '@mui/icons-material/Block';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { ListContextProvider, RecordContextProvider, ResourceContextProvider, useDataProvider, useGetOne, useListController, useRefresh } from 'react-admin';
import { formatNumber, NO_DATA_TEXT } from '../../src/domain/format.js';
import { AccessDenied, configByResource, DEFAULT_PAGE_SIZE, displayText, editPathOf, IntranetDialog, LIST_MAX_WIDTH, ListPagination, type ResourceConfig, rightsOf, SchemaField, TitleBar, useApiOrigin, useRights, useSession, useToasts } from '../../src/admin/pages.js';
import { createLeads, downloadReport, selectAll, selectRow, undoLeads } from './api.js';
import {
  ALREADY_CREATED,
  BACK,
  CLEAR_SELECTION,
  CREATE_LEADS,
  DOWNLOAD_REPORT,
  DOWNLOADED,
  FILE_LIST_TITLE,
  FIX_FIRST,
  IMPORT_LIST_PATH,
  IMPORTS,
  LEADS,
  PARTICIPANTS,
  SELECT_ALL,
  SELECTED_ONLY_BANNER,
  UNDO_LEADS,
  UNDO_TEXT,
  UNDO_TITLE,
} from './texts.js';

type Row = Record<string, unknown> & { id: number };

/** The views of the rows: each a filter of the generic list. */
export const VIEWS = [
  { id: 'todos', label: 'Todos', filter: {} },
  { id: 'selecionadas', label: 'Selecionadas', filter: { lead: true } },
  { id: 'problemas', label: 'Com problema', filter: { erros_neq: null } },
  { id: 'duplicadas', label: 'Duplicadas', filter: { duplicado_neq: null } },
  { id: 'clientes', label: 'Clientes', filter: { cliente: true } },
  { id: 'restritas', label: 'Com restrição', filter: { restricao: ['whatsapp', 'email', 'sms'] } },
  { id: 'criadas', label: 'Leads criadas', filter: { id_lead_neq: null } },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const problemsOf = (row: Row) => (row.erros && typeof row.erros === 'object' ? Object.entries(row.erros as Record<string, unknown>).filter(([, v]) => !blank(v)) : []);

/** '1 registro' / '3 registros'. */
const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The number of the import's rows a filter matches (the generic list's total of a one-row page). */
function useRowCount(importId: number, filter: Record<string, unknown>) {
  const dataProvider = useDataProvider();
  const key = JSON.stringify(filter);
  return useQuery({
    queryKey: [PARTICIPANTS, 'lead-import-count', importId, key],
    queryFn: async () =>
      (
        await dataProvider.getList(PARTICIPANTS, {
          filter: { id_importacao_evento: importId, ...filter },
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'id', order: 'ASC' },
        })
      ).total ?? 0,
  });
}

/** 'N registros, X com problemas, Y duplicados, Z clientes, W leads criadas', from the import's counters. */
function Summary({ record, clients }: { record: Record<string, unknown> | undefined; clients: number | undefined }) {
  if (!record) return null;
  const n = (field: string) => Number(record[field] ?? 0);
  const parts: [string, 'default' | 'error' | 'warning' | 'info' | 'success'][] = [
    [count(n('total_participantes'), 'registro', 'registros'), 'default'],
    [count(n('linhas_com_erro'), 'com problema', 'com problemas'), n('linhas_com_erro') ? 'error' : 'default'],
    [count(n('duplicados'), 'duplicado', 'duplicados'), n('duplicados') ? 'warning' : 'default'],
    ...(clients === undefined ? [] : [[count(clients, 'cliente', 'clientes'), 'info'] as [string, 'info']]),
    [count(n('leads_criadas'), 'lead criada', 'leads criadas'), n('leads_criadas') ? 'success' : 'default'],
  ];
  return (
    <Stack component="ul" direction="row" aria-label="Resumo da importação" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
      {parts.map(([text, color]) => (
        <Box
          component="li"
          key={text}
          sx={{ px: 1.25, py: 0.25, borderRadius: 4, border: 1, borderColor: color === 'default' ? 'divider' : `${color}.main`, color: color === 'default' ? 'text.primary' : `${color}.main`, fontSize: 14 }}
        >
          {text}
        </Box>
      ))}
    </Stack>
  );
}

/** The file, provider, campaign and channel of the import, as its list shows them. */
function ImportCaption({ record }: { record: Record<string, unknown> | undefined }) {
  const imports = configByResource.get(IMPORTS);
  if (!record || !imports) return null;
  const items = ['nome_arquivo', 'id_empresa', 'id_campanha', 'id_canal'].filter((f) => imports.properties[f]);
  return (
    <RecordContextProvider value={record}>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', mt: -1, mb: 1.5, color: 'text.secondary' }}>
        {items.map((field) => (
          <Stack key={field} direction="row" spacing={0.5} sx={{ alignItems: 'baseline' }}>
            <Typography variant="body2" component="span">{`${imports.properties[field].title}:`}</Typography>
            <SchemaField config={imports} source={field} />
          </Stack>
        ))}
      </Stack>
    </RecordContextProvider>
  );
}

/** A mark of a row: an icon named (tooltip and accessible name) by what it means. */
function Mark({ text, icon, color }: { text: string; icon: ReactNode; color: string }) {
  return (
    <Tooltip title={text}>
      <Box component="span" role="img" aria-label={text} sx={{ display: 'inline-flex', color, cursor: 'help' }}>
        {icon}
      </Box>
    </Tooltip>
  );
}

/** What the import's check found on the row: problems per field, duplicate, restricted contact, customer situation. */
export function Marks({ config, row }: { config: ResourceConfig; row: Row }) {
  const marks: ReactNode[] = [];
  const problems = problemsOf(row);
  if (problems.length) {
    const text = `Problemas: ${problems.map(([field, reason]) => `${config.properties[field]?.title ?? field}: ${String(reason)}`).join('; ')}`;
    marks.push(<Mark key="erros" text={text} icon={<ErrorIcon fontSize="small" />} color="error.main" />);
  }
  if (!blank(row.duplicado)) marks.push(<Mark key="duplicado" text={displayText(config, 'duplicado', row.duplicado)} icon={<CopyIcon fontSize="small" />} color="warning.main" />);
  if (!blank(row.restricao)) {
    marks.push(<Mark key="restricao" text={`${config.properties.restricao?.title ?? 'Restrição de contato'}: ${displayText(config, 'restricao', row.restricao)}`} icon={<BlockIcon fontSize="small" />} color="warning.dark" />);
  }
  if (!blank(row.situacao_cliente)) {
    const situation = displayText(config, 'situacao_cliente', row.situacao_cliente);
    const text = blank(row.cod_cliente) ? situation : `${situation} (código ${String(row.cod_cliente)})`;
    const color = row.situacao_cliente === 'ativo' ? 'success.main' : row.situacao_cliente === 'inadimplente' ? 'warning.main' : 'text.secondary';
    marks.push(<Mark key="cliente" text={text} icon={<PersonIcon fontSize="small" />} color={color} />);
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {marks}
    </Stack>
  );
}

/** The row's checkbox: its selection, unless it has problems (fix first) or its lead exists. */
function SelectCell({ row, checked, disabled, onToggle }: { row: Row; checked: boolean; disabled: boolean; onToggle: () => void }) {
  const created = !blank(row.id_lead);
  const broken = problemsOf(row).length > 0;
  const why = created ? ALREADY_CREATED : broken ? FIX_FIRST : '';
  const name = blank(row.nome) ? `linha ${String(row.linha ?? row.id)}` : String(row.nome);
  const box = (
    <Checkbox
      size="small"
      checked={checked}
      disabled={disabled || created || broken}
      onChange={onToggle}
      slotProps={{ input: { 'aria-label': `Selecionar ${name}` } }}
    />
  );
  return why ? (
    <Tooltip title={why}>
      {/* A disabled checkbox gets no hover events: the span keeps the tooltip. */}
      <Box component="span">{box}</Box>
    </Tooltip>
  ) : (
    box
  );
}

const COLUMNS = ['nome', 'telefone', 'cpf', 'cliente', 'codlead'] as const;

function Rows({
  config,
  rows,
  selectable,
  editable,
  overrides,
  onToggle,
}: {
  config: ResourceConfig;
  rows: Row[];
  selectable: boolean;
  editable: boolean;
  overrides: Map<number, boolean>;
  onToggle: (row: Row) => void;
}) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={FILE_LIST_TITLE}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                Selecionada
              </Box>
            </TableCell>
            {COLUMNS.map((field) => (
              <TableCell key={field}>{config.properties[field]?.title ?? field}</TableCell>
            ))}
            <TableCell>Conferência</TableCell>
            <TableCell align="right">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const created = !blank(row.id_lead);
            return (
              <RecordContextProvider key={row.id} value={row}>
                <TableRow hover selected={overrides.get(row.id) ?? Boolean(row.lead)}>
                  <TableCell padding="checkbox">
                    <SelectCell row={row} checked={overrides.get(row.id) ?? Boolean(row.lead)} disabled={!selectable || overrides.has(row.id)} onToggle={() => onToggle(row)} />
                  </TableCell>
                  {COLUMNS.map((field) => (
                    <TableCell key={field}>
                      <SchemaField config={config} source={field} />
                    </TableCell>
                  ))}
                  <TableCell>
                    <Marks config={config} row={row} />
                  </TableCell>
                  <TableCell align="right">
                    {editable && (
                      <Tooltip title={created ? ALREADY_CREATED : 'Editar'}>
                        <Box component="span">
                          {/* A created row's lead lives in the funnel now: the row is no longer edited. */}
                          <IconButton size="small" aria-label="Editar" disabled={created} {...(created ? {} : { component: Link, to: editPathOf(config, row.id, row) })}>
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Box>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              </RecordContextProvider>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

// Strings: sx reads 1 as 100%.
const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

function ImportRows({ config, importId }: { config: ResourceConfig; importId: number }) {
  const toasts = useToasts();
  const refresh = useRefresh();
  const roles = useSession()?.roles ?? [];
  const rights = useRights(config);
  const leads = configByResource.get(LEADS);
  const mayCreate = rights.update && Boolean(leads && rightsOf(leads, roles).create);
  const [view, setView] = useState<ViewId>('todos');
  const [busy, setBusy] = useState<null | 'create' | 'undo' | 'select' | 'report'>(null);
  const [undoing, setUndoing] = useState(false);
  // The rows clicked whose selection is being saved: shown as clicked until the list answers again.
  const [overrides, setOverrides] = useState(() => new Map<number, boolean>());
  const filter = useMemo(() => ({ id_importacao_evento: importId, ...VIEWS.find((v) => v.id === view)!.filter }), [importId, view]);
  const list = useListController({
    resource: PARTICIPANTS,
    filter,
    sort: { field: 'linha', order: 'ASC' },
    perPage: DEFAULT_PAGE_SIZE,
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const { data: record } = useGetOne(IMPORTS, { id: importId });
  const { data: clients } = useRowCount(importId, { cliente: true });
  const { data: pending } = useRowCount(importId, { lead: true, id_lead: null });
  const rows = (list.data ?? []) as Row[];
  const created = Number(record?.leads_criadas ?? 0);

  useEffect(() => {
    setOverrides((current) => (current.size ? new Map() : current));
  }, [list.data]);

  const run = async (kind: NonNullable<typeof busy>, call: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await call();
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const toggle = (row: Row) => {
    const next = !(overrides.get(row.id) ?? Boolean(row.lead));
    setOverrides((current) => new Map(current).set(row.id, next));
    selectRow(row.id, next)
      .catch((error) => {
        toasts.failure(error);
        setOverrides((current) => {
          const out = new Map(current);
          out.delete(row.id);
          return out;
        });
      })
      .finally(() => refresh());
  };

  const create = () =>
    run('create', async () => {
      const outcome = await createLeads(importId);
      if (outcome.status === 'error') toasts.failure({ message: outcome.message });
      else toasts.success(outcome.message);
    });

  const undo = () =>
    run('undo', async () => {
      try {
        const outcome = await undoLeads(importId);
        toasts.success(outcome.message);
      } finally {
        setUndoing(false);
      }
    });

  const report = () =>
    run('report', async () => {
      await downloadReport(importId);
      toasts.success(DOWNLOADED);
    });

  return (
    <ListContextProvider value={list}>
      <ImportCaption record={record} />
      <Summary record={record} clients={clients} />
      <Alert severity="warning" icon={<WarningIcon />} sx={{ mb: 2 }}>
        {SELECTED_ONLY_BANNER}
      </Alert>
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          aria-label="Mostrar"
          onChange={(_e, next: ViewId | null) => {
            if (!next) return;
            setView(next);
            list.setPage(1);
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          {VIEWS.map((v) => (
            <ToggleButton key={v.id} value={v.id} sx={{ textTransform: 'none', py: 0.25 }}>
              {v.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box sx={{ flexGrow: 1 }} />
        {rights.update && (
          <>
            <Button size="small" disabled={busy !== null} onClick={() => void run('select', () => selectAll(importId, true))}>
              {SELECT_ALL}
            </Button>
            <Button size="small" disabled={busy !== null} onClick={() => void run('select', () => selectAll(importId, false))}>
              {CLEAR_SELECTION}
            </Button>
          </>
        )}
        <Button size="small" startIcon={busy === 'report' ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={busy === 'report'} onClick={() => void report()}>
          {DOWNLOAD_REPORT}
        </Button>
      </Stack>
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : rows.length === 0 ? (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>
      ) : (
        <Rows config={config} rows={rows} selectable={rights.update && busy === null} editable={config.editable && rights.update} overrides={overrides} onToggle={toggle} />
      )}
      <ListPagination />
      <Stack direction="row" useFlexGap spacing={2} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2 }}>
        <Button variant="outlined" component={Link} to={IMPORT_LIST_PATH}>
          {BACK}
        </Button>
        {mayCreate && created > 0 && (
          <Button variant="outlined" color="error" startIcon={<UndoIcon />} disabled={busy !== null} onClick={() => setUndoing(true)}>
            {UNDO_LEADS}
          </Button>
        )}
        {mayCreate && (
          <Button
            variant="contained"
            disabled={busy !== null || !pending}
            aria-busy={busy === 'create' || undefined}
            startIcon={busy === 'create' ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void create()}
          >
            {pending === undefined ? CREATE_LEADS : `${CREATE_LEADS} (${formatNumber(pending)})`}
          </Button>
        )}
      </Stack>
      <IntranetDialog
        open={undoing}
        icon={<WarningIcon color="warning" />}
        title={UNDO_TITLE}
        text={UNDO_TEXT}
        primaryButtonLabel="Desfazer"
        primaryColor="error"
        loading={busy === 'undo'}
        onConfirm={() => void undo()}
        onClose={() => setUndoing(false)}
      />
    </ListContextProvider>
  );
}

export default function FileList() {
  useApiOrigin();
  const [search] = useSearchParams();
  const config = configByResource.get(PARTICIPANTS);
  const raw = search.get('id')?.trim() ?? '';
  if (!config) return <AccessDenied title={FILE_LIST_TITLE} back={IMPORT_LIST_PATH} />;
  // Without an import, the imports' list.
  if (!/^\d{1,9}$/.test(raw)) return <Navigate to={IMPORT_LIST_PATH} replace />;
  return (
    <ResourceContextProvider value={PARTICIPANTS}>
      <Box sx={{ maxWidth: LIST_MAX_WIDTH, width: '100%', minWidth: 0, mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        <TitleBar title={config.title || FILE_LIST_TITLE} back={IMPORT_LIST_PATH} />
        <ImportRows key={raw} config={config} importId={Number(raw)} />
      </Box>
    </ResourceContextProvider>
  );
}
