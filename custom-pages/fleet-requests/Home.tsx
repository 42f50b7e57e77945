// /requests/home: the viewer's fleet requests of the three kinds (a vehicle for a period, an incident
// with the vehicle they use, a maintenance of it), each with its status, the pending ones first, and
// the buttons to new requests. The registers' own scope decides what each list holds: an employee's
// own requests; a fleet manager's, everyone's of their providers.
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useDataProvider } from 'react-admin';
import { formatDateTime } from '../../src/domain/format.js';
import { TitleBar, useViewer } from '../../src/admin/pages.js';
import { TEXTS } from './texts.js';

type Row = Record<string, any> & { id: number };

const STATUS: Record<string, { label: string; color: 'warning' | 'success' | 'error' | 'default' }> = {
  pendente: { label: 'Pendente', color: 'warning' },
  aprovada: { label: 'Aprovada', color: 'success' },
  recusada: { label: 'Recusada', color: 'error' },
  cancelada: { label: 'Cancelada', color: 'default' },
};

const TYPE: Record<string, string> = { acidente: 'Acidente', avaria: 'Avaria', furto: 'Furto', roubo: 'Roubo', outro: 'Outro' };
const URGENCY: Record<string, string> = { baixa: 'Baixa', media: 'Média', alta: 'Alta' };

interface Kind {
  key: string;
  resource: string;
  title: string;
  newLabel: string;
  register: string;
  list?: string;
  edit: string;
  sort: string;
  when: (r: Row) => string;
  what: (r: Row) => string;
}

const KINDS: Kind[] = [
  {
    key: 'vehicle',
    resource: 'vehicle-requests',
    title: TEXTS.vehicles,
    newLabel: TEXTS.vehicleNew,
    register: '/requests/vehicle/register',
    list: '/requests/vehicle/list',
    edit: '/requests/vehicle/edit',
    sort: 'data_inicio',
    when: (r) => `${formatDateTime(r.data_inicio)} a ${formatDateTime(r.data_fim)}`,
    what: (r) => [r.destino, r.veiculo_descricao].filter(Boolean).join(' · '),
  },
  {
    key: 'incident',
    resource: 'vehicle-incident-requests',
    title: TEXTS.incidents,
    newLabel: TEXTS.incidentNew,
    register: '/requests/incidents-vehicle/register',
    list: '/requests/incidents-vehicle/list',
    edit: '/requests/incidents-vehicle/edit',
    sort: 'data_hora',
    when: (r) => formatDateTime(r.data_hora),
    what: (r) => [r.placa, TYPE[r.tipo] ?? r.tipo, r.local].filter(Boolean).join(' · '),
  },
  {
    key: 'maintenance',
    resource: 'vehicle-maintenance-requests',
    title: TEXTS.maintenance,
    newLabel: TEXTS.maintenanceNew,
    register: '/requests/maintenance-vehicle/register',
    list: '/requests/maintenance-vehicle/list',
    edit: '/requests/maintenance-vehicle/edit',
    sort: 'created_at',
    when: (r) => formatDateTime(r.created_at),
    what: (r) => [r.placa, r.problema, r.urgencia ? `urgência ${(URGENCY[r.urgencia] ?? r.urgencia).toLowerCase()}` : ''].filter(Boolean).join(' · '),
  },
];

/** Pending first, then as the server sorted them (newest first). */
const pendingFirst = (rows: Row[]) => [...rows.filter((r) => r.status === 'pendente'), ...rows.filter((r) => r.status !== 'pendente')];

function RequestsTable({ kind, manager }: { kind: Kind; manager: boolean }) {
  const dataProvider = useDataProvider();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const { data } = await dataProvider.getList<Row>(kind.resource, { pagination: { page: 1, perPage: 50 }, sort: { field: kind.sort, order: 'DESC' }, filter: {} });
      setRows(pendingFirst(data));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [dataProvider, kind]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <Paper variant="outlined" component="section" aria-label={kind.title} sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1 }}>
          {kind.title}
        </Typography>
        {kind.list && (
          <Button component={RouterLink} to={kind.list} size="small">
            {TEXTS.seeAll}
          </Button>
        )}
        <Button component={RouterLink} to={kind.register} variant="contained" size="small" startIcon={<AddIcon />}>
          {kind.newLabel}
        </Button>
      </Stack>
      {failed && <Alert severity="error">{TEXTS.loadError}</Alert>}
      {!failed && rows === null && <CircularProgress size={24} aria-label={TEXTS.loading} />}
      {rows && rows.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{TEXTS.none}</Typography>}
      {rows && rows.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{TEXTS.when}</TableCell>
                <TableCell>{TEXTS.what}</TableCell>
                {manager && <TableCell>{TEXTS.requester}</TableCell>}
                <TableCell>{TEXTS.status}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => {
                const status = STATUS[r.status] ?? { label: String(r.status), color: 'default' as const };
                return (
                  <TableRow key={r.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`${kind.edit}/${r.id}`)}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{kind.when(r)}</TableCell>
                    <TableCell>{kind.what(r)}</TableCell>
                    {manager && <TableCell>{r.solicitante_nome ?? ''}</TableCell>}
                    <TableCell>
                      <Chip size="small" label={status.label} color={status.color} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

export default function FleetRequestsHome() {
  const { roles } = useViewer();
  const manager = roles.some((r) => r === 'users:superadmin' || r === 'frota:gestor');
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title={TEXTS.homeTitle} back="/" />
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        {manager ? TEXTS.managerIntro : TEXTS.employeeIntro} {TEXTS.pendingFirst}
      </Typography>
      <Stack sx={{ gap: 2 }}>
        {KINDS.map((kind) => (
          <RequestsTable key={kind.key} kind={kind} manager={manager} />
        ))}
      </Stack>
    </Box>
  );
}
