// /blocking-rules/simulation/{id}: which customers the rule would block today (GET
// /v1/bloqueio/regras/{id}/simulacao): the rule's name, provider and threshold, how many customers
// and how many per city, the exception criteria applied (the active ones), the customers a page at a
// time (most days overdue first), and 'Exportar CSV' (GET .../simulacao.csv, every customer, fetched
// with the session's token and saved as a file). An inactive rule is simulated too, and says so.
import { useEffect, useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router-dom';
import { useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/GetApp';
import { ApiError, canAccessResource, resourceConfigs, TitleBar, useApiOrigin, useSession, v1Fetch, v1Json } from '../../src/admin/pages.js';
import { EMPTY_TEXT } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';

/** The role areas of the call (the blocking rules' module and alsoModules). */
const AREAS = ['regua_comunicacao', 'vendas'] as const;
export const PAGE_SIZES = [25, 50, 100];
const TOAST = { autoHideDuration: 4000 } as const;

export const SIMULATION_TEXT = {
  title: 'Simulação de bloqueio',
  titleOf: (nome: string) => `Simulação: ${nome}`,
  threshold: (dias: number) => `dias de atraso ≥ ${dias}`,
  total: (n: number) => (n === 1 ? '1 cliente seria bloqueado hoje' : `${n.toLocaleString('pt-BR')} clientes seriam bloqueados hoje`),
  empty: 'Nenhum cliente seria bloqueado hoje.',
  inactive: 'Esta regra está inativa: a simulação mostra quem ela bloquearia hoje se estivesse ativa.',
  basis: 'Dias de atraso informados hoje pelo sistema do provedor. Clientes cancelados não entram na simulação.',
  criteria: 'Critérios de exceção aplicados',
  noCriteria: 'Nenhum critério de exceção ativo: nenhum cliente é poupado.',
  seeCriteria: 'Ver critérios de exceção',
  perCity: 'Clientes por cidade',
  customers: 'Clientes que seriam bloqueados',
  export: 'Exportar CSV',
  loadError: 'Não foi possível carregar a simulação. Tente novamente.',
} as const;

const SITUACAO: Record<string, string> = { ativo: 'Ativo', suspenso: 'Suspenso', cancelado: 'Cancelado' };

interface Simulation {
  regra: { id: number; nome: string; provedor: number; provedor_nome: string | null; dias_atraso: number; ativo: boolean };
  criterios: { id: number; tipo: string; valor: string; descricao: string | null }[];
  total: number;
  por_cidade: { cidade: string | null; uf: string | null; total: number }[];
  clientes: {
    cod_cliente: string;
    nome_razaosocial: string;
    cpf: string | null;
    cnpj: string | null;
    cidade: string | null;
    uf: string | null;
    bairro: string | null;
    plano: string | null;
    situacao: string;
    dias_atraso: number;
  }[];
}

/** The pt-BR name of a criterion's tipo, as its register shows it. */
function tipoLabel(tipo: string): string {
  const config = resourceConfigs.find((c) => c.resource === 'blocking-exception-criteria');
  return config?.properties.tipo?.['x-enumLabels']?.[tipo] ?? tipo;
}

const show = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? EMPTY_TEXT : value);
const cityOf = (cidade: string | null, uf: string | null) => (cidade ? (uf ? `${cidade} - ${uf}` : cidade) : EMPTY_TEXT);

/** The file name the server gives (Content-Disposition), else the same name made here. */
function fileNameOf(response: Response, id: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
  if (match) return match[1];
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  return `simulacao-bloqueio-${id}-${today}.csv`;
}

function ExportCsvButton({ id, disabled }: { id: string; disabled: boolean }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const response = await v1Fetch(`/v1/bloqueio/regras/${encodeURIComponent(id)}/simulacao.csv`, { module: AREAS });
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(response, id);
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : MSG.failure;
      notify(message, { type: 'error', ...TOAST, messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="contained" onClick={onClick} disabled={disabled || busy} startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />} sx={{ fontWeight: 600 }}>
      {SIMULATION_TEXT.export}
    </Button>
  );
}

export default function SimulationPage() {
  useApiOrigin();
  const { id = '' } = useParams();
  const notify = useNotify();
  const session = useSession();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]);
  const [data, setData] = useState<Simulation | null>(null);
  const [missing, setMissing] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    v1Json<Simulation>(`/v1/bloqueio/regras/${encodeURIComponent(id)}/simulacao?limit=${perPage}&offset=${page * perPage}`, { module: AREAS })
      .then((json) => {
        if (!live) return;
        setData(json);
        setMissing(false);
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return setMissing(true);
        notify(SIMULATION_TEXT.loadError, { type: 'error', ...TOAST });
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, page, perPage, notify]);

  const regra = data?.regra;
  const mayListCriteria = canAccessResource(session?.roles ?? [], 'blocking-exception-criteria', 'list');

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar
        title={regra ? SIMULATION_TEXT.titleOf(regra.nome) : SIMULATION_TEXT.title}
        back="/blocking-rules/list"
        extra={regra ? <ExportCsvButton id={id} disabled={data.total === 0} /> : undefined}
      />
      {missing && <Typography sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>{MSG.notFound}</Typography>}
      {!data && !missing && loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      )}
      {data && regra && !missing && (
        <Stack spacing={2}>
          <Box>
            <Typography variant="h6" component="h2" data-testid="simulation-rule">
              {show(regra.provedor_nome)} · {SIMULATION_TEXT.threshold(regra.dias_atraso)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {SIMULATION_TEXT.basis}
            </Typography>
          </Box>
          {!regra.ativo && <Alert severity="warning">{SIMULATION_TEXT.inactive}</Alert>}

          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={SIMULATION_TEXT.criteria}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              {SIMULATION_TEXT.criteria}
            </Typography>
            {data.criterios.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {SIMULATION_TEXT.noCriteria}
              </Typography>
            ) : (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="list">
                {data.criterios.map((c) => (
                  <Tooltip key={c.id} title={c.descricao ?? ''} disableHoverListener={!c.descricao}>
                    <Chip role="listitem" label={`${tipoLabel(c.tipo)}: ${c.valor}`} variant="outlined" />
                  </Tooltip>
                ))}
              </Box>
            )}
            {mayListCriteria && (
              <Link component={RouterLink} to={`/blocking-exception-criterion/list/${regra.id}`} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
                {SIMULATION_TEXT.seeCriteria}
              </Link>
            )}
          </Paper>

          <Typography variant="h5" component="p" data-testid="simulation-total" sx={{ fontWeight: 600 }}>
            {SIMULATION_TEXT.total(data.total)}
          </Typography>

          {data.total === 0 ? (
            <Typography sx={{ color: 'text.secondary', py: 2 }}>{SIMULATION_TEXT.empty}</Typography>
          ) : (
            <>
              <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader aria-label={SIMULATION_TEXT.perCity}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Cidade</TableCell>
                      <TableCell>UF</TableCell>
                      <TableCell align="right">Clientes</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.por_cidade.map((c) => (
                      <TableRow key={`${c.cidade ?? ''}|${c.uf ?? ''}`}>
                        <TableCell>{show(c.cidade)}</TableCell>
                        <TableCell>{show(c.uf)}</TableCell>
                        <TableCell align="right">{c.total.toLocaleString('pt-BR')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>

              <Paper variant="outlined">
                <TableContainer>
                  <Table size="small" aria-label={SIMULATION_TEXT.customers}>
                    <TableHead>
                      <TableRow>
                        <TableCell>Código</TableCell>
                        <TableCell>Nome/Razão social</TableCell>
                        <TableCell>CPF/CNPJ</TableCell>
                        <TableCell>Cidade</TableCell>
                        <TableCell>Bairro</TableCell>
                        <TableCell>Plano</TableCell>
                        <TableCell>Situação</TableCell>
                        <TableCell align="right">Dias de atraso</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.clientes.map((c, i) => (
                        <TableRow key={`${i}|${c.cod_cliente}`}>
                          <TableCell>{c.cod_cliente}</TableCell>
                          <TableCell>{c.nome_razaosocial}</TableCell>
                          <TableCell>{show(c.cpf ?? c.cnpj)}</TableCell>
                          <TableCell>{cityOf(c.cidade, c.uf)}</TableCell>
                          <TableCell>{show(c.bairro)}</TableCell>
                          <TableCell>{show(c.plano)}</TableCell>
                          <TableCell>{SITUACAO[c.situacao] ?? c.situacao}</TableCell>
                          <TableCell align="right">{c.dias_atraso}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
                <TablePagination
                  component="div"
                  count={data.total}
                  page={page}
                  rowsPerPage={perPage}
                  rowsPerPageOptions={PAGE_SIZES}
                  onPageChange={(_, p) => setPage(p)}
                  onRowsPerPageChange={(e) => {
                    setPerPage(Number(e.target.value));
                    setPage(0);
                  }}
                  labelRowsPerPage="Linhas por página:"
                  labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
                />
              </Paper>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
