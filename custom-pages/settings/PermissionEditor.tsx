// The per-module permission editor of a user (/settings/permission/edit/{id}) and of a partner, a
// user who is not an employee (/settings/permission/partner/profile/{id}). One row per module:
// Sem acesso, Leitor, Solicitante or Gestor. The manager changes only the modules they manage (all
// of them for the superadmin); the others show read-only. Saving writes the user's roles through the
// users API (PUT /api/users/{id} {papeis}), where the escalation guard has the last word: its
// refusal is shown as the server says it. Levels a linked access profile gives stay while the
// profile is linked; the row says so.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Loading, useDataProvider } from 'react-admin';
import {
  anyGestor,
  canGrantRole,
  isSuperadmin,
  KNOWN_MODULES,
  moduleLevel,
  PERMISSION_LEVEL_LABELS,
  PERMISSION_LEVELS,
  withModuleLevel,
  type PermissionLevel,
} from '../../src/domain/roles.js';
import { AccessDenied, moduleTitle, resourceConfigs, TitleBar, useSession, useToasts } from '../../src/admin/pages.js';
import { permissionPath } from './paths.js';

/** Modules offered by the editor: those of section 6 and of the schemas (users: the users administrator), but not the superadmin's own. */
export function editorModules(): string[] {
  const fromSchemas = resourceConfigs.flatMap((c) => [c.module, ...c.alsoModules]);
  return [...new Set([...KNOWN_MODULES, ...fromSchemas])]
    .filter((m) => m !== 'configuracao')
    .sort((a, b) => moduleTitle(a).localeCompare(moduleTitle(b), 'pt-BR'));
}

interface UserRecord {
  id: number;
  nome: string | null;
  email: string;
  papeis: string[];
  papeis_proprios?: string[];
  funcionario: boolean;
}

export const PARTNER_IS_EMPLOYEE = 'Este usuário é funcionário: use o editor de permissões de funcionários.';
export const EMPLOYEE_IS_PARTNER = 'Este usuário não é funcionário: use o editor de permissões de parceiros.';
export const FROM_PROFILE = 'dado por perfil de acesso';

function PermissionEditor({ partner }: { partner: boolean }) {
  const { id } = useParams();
  const dataProvider = useDataProvider();
  const toasts = useToasts();
  const viewerRoles = useSession()?.roles ?? [];
  const [user, setUser] = useState<UserRecord | null>(null);
  const [roles, setRoles] = useState<string[]>([]);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const modules = useMemo(editorModules, []);
  const title = partner ? 'Permissões do parceiro' : 'Permissões do usuário';

  useEffect(() => {
    if (!id || !anyGestor(viewerRoles)) return;
    dataProvider
      .getOne('users', { id })
      .then(({ data }) => {
        setUser(data as UserRecord);
        setRoles((data as UserRecord).papeis ?? []);
      })
      .catch((e: { message?: string }) => setFailed(e?.message || 'Dados não encontrados.'));
    // viewerRoles only gates; reloading on each session refresh is not wanted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider, id]);

  const frame = (children: ReactNode) => (
    <Box sx={{ maxWidth: 980, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={title} back="/settings/list" />
      {children}
    </Box>
  );

  // Settings is refused to them too: the way out is the home page.
  if (!anyGestor(viewerRoles)) return <AccessDenied title={title} back="/" />;
  if (failed) return frame(<Alert severity="error">{failed}</Alert>);
  if (!user) return frame(<Loading loadingPrimary="Carregando" loadingSecondary="Aguarde" />);

  const own = user.papeis_proprios ?? user.papeis;
  const fromProfile = (role: string) => user.papeis.includes(role) && !own.includes(role);
  const superUser = isSuperadmin(user.papeis);
  const locked = superUser && !isSuperadmin(viewerRoles);
  const mismatch = Boolean(user.funcionario) === partner;

  const save = async () => {
    setSaving(true);
    try {
      const { data } = await dataProvider.update('users', { id: user.id, data: { papeis: roles }, previousData: user });
      setUser(data as UserRecord);
      setRoles((data as UserRecord).papeis ?? []);
      toasts.success();
    } catch (e) {
      toasts.failure(e);
    } finally {
      setSaving(false);
    }
  };

  return frame(
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{user.nome || user.email}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user.email} · {user.funcionario ? 'Funcionário' : 'Parceiro'}
        </Typography>
      </Paper>
      {mismatch && (
        <Alert severity="info" action={<Button component={Link} to={permissionPath(user)}>Abrir</Button>}>
          {partner ? PARTNER_IS_EMPLOYEE : EMPLOYEE_IS_PARTNER}
        </Alert>
      )}
      {locked && <Alert severity="warning">Só o superadmin altera as permissões de um superadmin.</Alert>}
      <FormControlLabel
        control={
          <Checkbox
            checked={roles.includes('user')}
            disabled={locked || !canGrantRole(viewerRoles, 'user')}
            onChange={(e) => setRoles((r) => (e.target.checked ? [...r, 'user'] : r.filter((x) => x !== 'user')))}
          />
        }
        label="Acesso básico à intranet (vagas, currículo e páginas internas)"
      />
      <Table size="small" aria-label="Permissões por módulo">
        <TableHead>
          <TableRow>
            <TableCell>Módulo</TableCell>
            <TableCell>Permissão</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {modules.map((module) => {
            const level = moduleLevel(roles, module);
            const grantable = !locked && canGrantRole(viewerRoles, `${module}:gestor`);
            const profileLevel = PERMISSION_LEVELS.find((l) => l !== 'nenhum' && fromProfile(`${module}:${l}`));
            if (!grantable && level === 'nenhum') return null;
            return (
              <TableRow key={module}>
                <TableCell>{moduleTitle(module)}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={level}
                    disabled={!grantable}
                    onChange={(e) => setRoles((r) => withModuleLevel(r, module, e.target.value as PermissionLevel))}
                    label={`Permissão em ${moduleTitle(module)}`}
                    helperText={profileLevel ? `${PERMISSION_LEVEL_LABELS[profileLevel]}: ${FROM_PROFILE}` : !grantable ? 'Você não gerencia este módulo' : undefined}
                    sx={{ minWidth: 220 }}
                  >
                    {PERMISSION_LEVELS.map((l) => (
                      <MenuItem key={l} value={l}>
                        {PERMISSION_LEVEL_LABELS[l]}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" component={Link} to="/settings/list">
          Cancelar
        </Button>
        <Button variant="contained" onClick={save} disabled={saving || locked}>
          Salvar
        </Button>
      </Stack>
    </Stack>,
  );
}

export const EmployeePermissions = () => <PermissionEditor partner={false} />;
export const PartnerPermissions = () => <PermissionEditor partner />;
