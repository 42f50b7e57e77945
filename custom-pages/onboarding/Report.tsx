// /human-resources/onboarding/report: tabs Pendentes and Concluídos with their counters (POST
// /v1/onboarding/relatorio/contador), 20 rows a page paged by the server (POST
// /v1/onboarding/relatorio), status as a rounded percent coloured 80-100 positive, 60-80 warning,
// below 60 negative (section 9). Section 6: a user acting with a solicitante role sees only their own
// department, found from their position's sector: the screen reads it with GET v1/user/{userId} and
// sends it as filtro.id_departamento (the server enforces the same rule whatever is sent).
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { Box, Paper, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tabs, Typography } from '@mui/material';
import { TitleBar, useSession } from '../../src/admin/pages.js';
import { formatDate } from '../../src/domain/format.js';
import { completionColor, ONBOARDING_MSG, REPORT_PAGE_SIZE } from '../../src/domain/onboarding.js';
import { levelOf } from '../../src/domain/roles.js';
import { areaRole, TOAST, useApi } from './api.js';
import type { ReportRow } from './types.js';

const COLOR = { positive: 'success.main', warning: 'warning.main', negative: 'error.main' } as const;

export function PercentStatus({ value }: { value: number }) {
  const percent = Math.round(value);
  const tone = completionColor(percent);
  return (
    <Typography component="span" data-tone={tone} sx={{ color: COLOR[tone], fontWeight: 700 }}>
      {percent}%
    </Typography>
  );
}

/**
 * The report's department filter: undefined while it is being found; {} for who sees every
 * department; { id_departamento } for a user acting as solicitante (null: they have no department).
 */
function useDepartmentFilter(): Record<string, number | null> | undefined {
  const api = useApi();
  const notify = useNotify();
  const session = useSession();
  const userId = session?.user?.usuarioId;
  const solicitante = levelOf(areaRole(session?.roles ?? [], 'onboarding')) === 'solicitante';
  const [filter, setFilter] = useState<Record<string, number | null> | undefined>(solicitante ? undefined : {});
  useEffect(() => {
    if (!solicitante) return setFilter({});
    if (!userId) return setFilter({ id_departamento: null });
    let live = true;
    api<{ usuario: { id_departamento: number | null } }>('GET', `/v1/user/${userId}`)
      .then((j) => live && setFilter({ id_departamento: j.usuario.id_departamento }))
      .catch(() => {
        if (!live) return;
        setFilter({ id_departamento: null });
        notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST });
      });
    return () => {
      live = false;
    };
  }, [api, notify, solicitante, userId]);
  return filter;
}

export default function Report() {
  const api = useApi();
  const notify = useNotify();
  const department = useDepartmentFilter();
  const filterKey = JSON.stringify(department ?? null);
  const [tab, setTab] = useState(0);
  const [page, setPage] = useState(0);
  const [counters, setCounters] = useState<{ pendentes: number; concluidos: number } | null>(null);
  const [rows, setRows] = useState<ReportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const done = tab === 1;

  useEffect(() => {
    if (filterKey === 'null') return;
    api<{ pendentes: number; concluidos: number }>('POST', '/v1/onboarding/relatorio/contador', { filtro: JSON.parse(filterKey) })
      .then(setCounters)
      .catch(() => notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST }));
  }, [api, notify, filterKey]);

  useEffect(() => {
    if (filterKey === 'null') return;
    let live = true;
    setLoading(true);
    api<{ total: number; dados: ReportRow[] }>('POST', '/v1/onboarding/relatorio', {
      filtro: { ...JSON.parse(filterKey), concluido: done, offset: page * REPORT_PAGE_SIZE, limit: REPORT_PAGE_SIZE },
    })
      .then((j) => {
        if (!live) return;
        setRows(j.dados);
        setTotal(j.total);
      })
      .catch(() => live && notify(ONBOARDING_MSG.loadError, { type: 'error', ...TOAST }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, done, notify, page, filterKey]);

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Relatório de Onboarding" back="/human-resources/home" />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_, v: number) => {
            setTab(v);
            setPage(0);
          }}
          aria-label="Situação do onboarding"
        >
          <Tab label={`${ONBOARDING_MSG.pendingTab} (${counters?.pendentes ?? 0})`} />
          <Tab label={`${ONBOARDING_MSG.doneTab} (${counters?.concluidos ?? 0})`} />
        </Tabs>
        <TableContainer>
          <Table size="small" aria-label={done ? ONBOARDING_MSG.doneTab : ONBOARDING_MSG.pendingTab}>
            <TableHead>
              <TableRow>
                <TableCell>Funcionário</TableCell>
                <TableCell>Onboarding</TableCell>
                <TableCell>Início</TableCell>
                <TableCell>Conclusão</TableCell>
                <TableCell align="right">Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {!loading && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>Nenhum resultado encontrado</TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={`${r.id_funcionario}:${r.id_onboarding}`}>
                  <TableCell>{r.funcionario}</TableCell>
                  <TableCell>{r.onboarding}</TableCell>
                  <TableCell>{r.inicio ? formatDate(r.inicio) : '-'}</TableCell>
                  <TableCell>{r.conclusao ? formatDate(r.conclusao) : '-'}</TableCell>
                  <TableCell align="right">
                    <PercentStatus value={r.status} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={REPORT_PAGE_SIZE}
          rowsPerPageOptions={[REPORT_PAGE_SIZE]}
          onPageChange={(_, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
        />
      </Paper>
    </Box>
  );
}
