// /human-resources/onboarding/list: the onboardings (title, provider, department, position, status
// dot) with the row actions of section 6: HR managers (gestor of rh or onboarding, or the
// superadmin) edit, activate/deactivate, link trails and view trails; only the superadmin also
// deletes; solicitantes link and view trails; readers only view them (see onboardingActions). NOVO
// ONBOARDING shows only to who may create one (the onboardings schema's create right, in either of
// its role areas), as the generated lists do.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Edit from '@mui/icons-material/Edit';
import ToggleOn from '@mui/icons-material/ToggleOn';
import ToggleOff from '@mui/icons-material/ToggleOff';
import Link from '@mui/icons-material/Link';
import Visibility from '@mui/icons-material/Visibility';
import Delete from '@mui/icons-material/Delete';
import { TitleBar } from '../../src/admin/shell/TitleBar.js';
import { useSession } from '../../src/admin/session.js';
import { ONBOARDING_MSG, onboardingActions, type OnboardingAction } from '../../src/domain/onboarding.js';
import { configByResource } from '../../src/admin/generator/registry.js';
import { useRights } from '../../src/admin/generator/access.js';
import { areaRole, TOAST, useApi } from './api.js';
import type { OnboardingRow } from './types.js';

/** The row actions someone with these roles gets (section 6), for the role the calls act with. */
export function rowActions(roles: readonly string[]): OnboardingAction[] {
  return onboardingActions(areaRole(roles, 'onboarding'));
}

export function StatusDot({ active }: { active: boolean }) {
  const label = active ? 'Ativo' : 'Inativo';
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: active ? 'success.main' : 'error.main', display: 'inline-block' }}
      />
      {label}
    </Box>
  );
}

const PAGE = 20;

export default function OnboardingList() {
  const api = useApi();
  const notify = useNotify();
  const navigate = useNavigate();
  const session = useSession();
  const actions = rowActions(session?.roles ?? []);
  const canAdd = useRights(configByResource.get('onboardings')!).create;
  const [rows, setRows] = useState<OnboardingRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [loading, setLoading] = useState(true);
  const [viewing, setViewing] = useState<OnboardingRow | null>(null);
  const [deleting, setDeleting] = useState<OnboardingRow | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const filtro = search.trim() ? { titulo: search.trim() } : {};
      const json = await api('POST', '/v1/onboarding/trilha/filtro', { filtro, limit: PAGE, offset: page * PAGE });
      setRows(json.onboarding_onboarding);
      setTotal(json.onboarding_onboarding_aggregate?.aggregate?.count ?? json.onboarding_onboarding.length);
    } catch {
      notify(ONBOARDING_MSG.listError, { type: 'error', ...TOAST });
    } finally {
      setLoading(false);
    }
  }, [api, notify, page, search]);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (row: OnboardingRow) => {
    try {
      await api('PUT', `/v1/rh/trilha/onboarding/${row.id}`, { status: !row.status });
      notify(ONBOARDING_MSG.statusUpdated, { type: 'success', ...TOAST });
      await load();
    } catch {
      notify(ONBOARDING_MSG.statusError, { type: 'error', ...TOAST });
    }
  };

  const remove = async (row: OnboardingRow) => {
    setDeleting(null);
    try {
      await api('DELETE', `/v1/onboarding/delete/${row.id}`);
      notify(ONBOARDING_MSG.deleted, { type: 'success', ...TOAST });
      await load();
    } catch {
      notify(ONBOARDING_MSG.deleteError, { type: 'error', ...TOAST });
    }
  };

  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar
        title="Onboarding"
        back="/modulos/admin"
        addLabel={canAdd ? ONBOARDING_MSG.addLabel : undefined}
        addTo={canAdd ? '/human-resources/onboarding/register' : undefined}
      />
      <TextField
        label="Pesquisar"
        size="small"
        value={search}
        onChange={(e) => {
          setPage(0);
          setSearch(e.target.value);
        }}
        sx={{ mb: 2, width: 360, maxWidth: '100%' }}
      />
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Onboardings">
          <TableHead>
            <TableRow>
              <TableCell>Título</TableCell>
              <TableCell>Provedor</TableCell>
              <TableCell>Departamento</TableCell>
              <TableCell>Cargo</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Ações</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {!loading && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>Nenhum resultado encontrado</TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={row.id} hover>
                <TableCell>{row.titulo}</TableCell>
                <TableCell>{row.empresa?.nome ?? ''}</TableCell>
                <TableCell>{row.departamento?.nome ?? ''}</TableCell>
                <TableCell>{row.cargo?.nome ?? ''}</TableCell>
                <TableCell>
                  <StatusDot active={row.status} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {actions.includes('edit') && (
                    <Tooltip title="Editar">
                      <IconButton aria-label={`Editar ${row.titulo}`} onClick={() => navigate(`/human-resources/onboarding/edit/${row.id}`)}>
                        <Edit />
                      </IconButton>
                    </Tooltip>
                  )}
                  {actions.includes('toggle') && (
                    <Tooltip title={row.status ? 'Desativar' : 'Ativar'}>
                      <IconButton aria-label={`${row.status ? 'Desativar' : 'Ativar'} ${row.titulo}`} onClick={() => void toggle(row)}>
                        {row.status ? <ToggleOn color="success" /> : <ToggleOff color="error" />}
                      </IconButton>
                    </Tooltip>
                  )}
                  {actions.includes('linkTrails') && (
                    <Tooltip title="Associar trilhas">
                      <IconButton aria-label={`Associar trilhas a ${row.titulo}`} onClick={() => navigate(`/human-resources/onboarding/sync-trail/${row.id}`)}>
                        <Link />
                      </IconButton>
                    </Tooltip>
                  )}
                  {actions.includes('viewTrails') && (
                    <Tooltip title="Ver trilhas">
                      <IconButton aria-label={`Ver trilhas de ${row.titulo}`} onClick={() => setViewing(row)}>
                        <Visibility />
                      </IconButton>
                    </Tooltip>
                  )}
                  {actions.includes('delete') && (
                    <Tooltip title="Excluir">
                      <IconButton aria-label={`Excluir ${row.titulo}`} onClick={() => setDeleting(row)}>
                        <Delete color="error" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          onPageChange={(_, p) => setPage(p)}
          labelDisplayedRows={({ from, to, count }) => `${from}-${to} de ${count}`}
        />
      </TableContainer>

      <Dialog open={Boolean(viewing)} onClose={() => setViewing(null)} fullWidth maxWidth="sm">
        <DialogTitle>Trilhas de {viewing?.titulo}</DialogTitle>
        <DialogContent>
          {viewing && viewing.onboarding_trilhas.length === 0 && <Typography>Nenhuma trilha associada.</Typography>}
          <List dense>
            {[...(viewing?.onboarding_trilhas ?? [])]
              .sort((a, b) => a.prioridade - b.prioridade)
              .map((t) => (
                <ListItem key={t.id}>
                  <ListItemText primary={`${t.prioridade}. ${t.trilha?.nome ?? ''}`} />
                </ListItem>
              ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setViewing(null)}>Fechar</Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{ONBOARDING_MSG.deleteQuestion}</DialogTitle>
        <DialogContent>
          <Typography sx={{ fontWeight: 600 }}>{deleting?.titulo}</Typography>
          <Typography color="error">{ONBOARDING_MSG.irreversible}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Cancelar</Button>
          <Button color="error" variant="contained" onClick={() => deleting && void remove(deleting)}>
            Excluir
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
