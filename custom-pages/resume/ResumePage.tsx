// /resume/list: the signed-in user's resume in three sections (Formação, Experiência, Certificados),
// each with its entries and an add button; the user edits (the generated edit screens) and deletes
// their own entries. /users/curriculum/{id}: the same resume of another user, read-only, for HR
// managers (the server answers other users' entries only to them: x-intranet.owner).
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import VerifiedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { useDataProvider } from 'react-admin';
import { AccessDenied, failureText, messagesOf, successText, TitleBar, useApiOrigin, useSession, useToasts } from '../../src/admin/pages.js';
import { EMPTY_TEXT, formatDate, NO_DATA_TEXT } from '../../src/domain/format.js';
import { RESUME_RESOURCES, situationLabel, type ResumeKind } from '../../src/domain/resume.js';
import { canManage } from '../../src/domain/roles.js';

type Row = Record<string, any> & { id: number };

interface SectionDef {
  kind: ResumeKind;
  title: string;
  addLabel: string;
  base: string;
  icon: ComponentType<{ color?: 'primary' }>;
  sort: string;
  /** Title, subtitle and period of an entry. */
  describe(row: Row): { title: string; subtitle: string; period: string; text?: string };
}

const period = (start: unknown, end: unknown, open: string) => `${formatDate(start)} – ${end ? formatDate(end) : open}`;

export const SECTIONS: SectionDef[] = [
  {
    kind: 'education',
    title: 'Formação',
    addLabel: 'ADICIONAR FORMAÇÃO',
    base: '/resume/education',
    icon: SchoolIcon,
    sort: 'data_inicio',
    describe: (r) => ({ title: r.descricao, subtitle: `${r.ie} · ${situationLabel(r.situacao)}`, period: period(r.data_inicio, r.data_fim, 'Em andamento') }),
  },
  {
    kind: 'experience',
    title: 'Experiência',
    addLabel: 'ADICIONAR EXPERIÊNCIA',
    base: '/resume/experience',
    icon: WorkIcon,
    sort: 'data_inicio',
    describe: (r) => ({
      title: `${r.funcao} · ${r.empresa}`,
      subtitle: [r.cidade, r.estado].filter(Boolean).join(' - ') || EMPTY_TEXT,
      period: period(r.data_inicio, r.data_fim, r.emprego_atual ? 'Atual' : EMPTY_TEXT),
      text: r.descricao ?? undefined,
    }),
  },
  {
    kind: 'certificate',
    title: 'Certificados',
    addLabel: 'ADICIONAR CERTIFICADO',
    base: '/resume/certificate',
    icon: VerifiedIcon,
    sort: 'data_emissao',
    describe: (r) => ({
      title: r.descricao,
      subtitle: r.organizacao,
      period: `Emitido em ${formatDate(r.data_emissao)}${r.data_validade ? ` · válido até ${formatDate(r.data_validade)}` : ''}`,
    }),
  },
];

type Entries = Record<ResumeKind, Row[]>;

/** The three lists of one user's resume (every page of each). */
function useResume(userId: number | null) {
  const dataProvider = useDataProvider();
  const [entries, setEntries] = useState<Entries | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    if (userId === null) return;
    try {
      const lists = await Promise.all(
        SECTIONS.map((s) =>
          dataProvider.getList<Row>(RESUME_RESOURCES[s.kind], {
            filter: { id_usuario: userId },
            pagination: { page: 1, perPage: 0 },
            sort: { field: s.sort, order: 'DESC' },
          }),
        ),
      );
      setEntries(Object.fromEntries(SECTIONS.map((s, i) => [s.kind, lists[i].data])) as Entries);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [dataProvider, userId]);
  useEffect(() => {
    void load();
  }, [load]);
  return { entries, failed, reload: load };
}

/** One entry of a section; `editable` adds its Editar and Excluir (the careers pipeline shows a candidate's read-only). */
export function Entry({ section, row, editable, onDelete }: { section: SectionDef; row: Row; editable: boolean; onDelete?: (row: Row) => void }) {
  const { title, subtitle, period: when, text } = section.describe(row);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }} aria-label={title}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {subtitle}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {when}
        </Typography>
        {text && (
          <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
            {text}
          </Typography>
        )}
      </Box>
      {editable && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
          <Tooltip title="Editar">
            <IconButton component={Link} to={`${section.base}/edit/${row.id}`} aria-label={`Editar ${title}`} size="small">
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Excluir">
            <IconButton onClick={() => onDelete?.(row)} aria-label={`Excluir ${title}`} size="small">
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}

function ResumeSections({ userId, editable }: { userId: number | null; editable: boolean }) {
  useApiOrigin();
  const dataProvider = useDataProvider();
  const toasts = useToasts();
  const { entries, failed, reload } = useResume(userId);
  const [deleting, setDeleting] = useState<{ section: SectionDef; row: Row } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    // The entry is a row of a generated register: its schema's delete texts, as its list would say.
    const resource = RESUME_RESOURCES[deleting.section.kind];
    try {
      const { data } = await dataProvider.delete(resource, { id: deleting.row.id, previousData: deleting.row });
      toasts.success(successText(messagesOf(resource), 'deleted', { ...deleting.row, ...data }));
      await reload();
    } catch (error) {
      toasts.failure({ message: failureText(messagesOf(resource), 'deleted', error, deleting.row) });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  if (failed) return <Alert severity="error">{NO_DATA_TEXT}</Alert>;
  if (!entries) return <CircularProgress aria-label="Carregando" />;
  return (
    <Stack spacing={2}>
      {SECTIONS.map((section) => {
        const Icon = section.icon;
        const rows = entries[section.kind];
        return (
          <Paper key={section.kind} variant="outlined" component="section" aria-label={section.title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
              <Icon color="primary" />
              <Typography variant="h6" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
                {section.title}
              </Typography>
              {editable && (
                <Button component={Link} to={`${section.base}/register`} startIcon={<AddIcon />} variant="outlined" size="small">
                  {section.addLabel}
                </Button>
              )}
            </Box>
            {rows.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0 }}>
                {rows.map((row) => (
                  <Entry key={row.id} section={section} row={row} editable={editable} onDelete={(r) => setDeleting({ section, row: r })} />
                ))}
              </Box>
            )}
          </Paper>
        );
      })}
      <Dialog open={Boolean(deleting)} onClose={() => !busy && setDeleting(null)} aria-labelledby="resume-delete-title">
        <DialogTitle id="resume-delete-title">Excluir do currículo</DialogTitle>
        <DialogContent>
          <Typography>{deleting ? `Deseja excluir "${deleting.section.describe(deleting.row).title}" do seu currículo?` : ''}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={() => void confirmDelete()} variant="contained" color="error" disabled={busy}>
            Confirmar
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

const Page = ({ children }: { children: React.ReactNode }) => <Box sx={{ maxWidth: 980, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>{children}</Box>;

/** /resume/list */
export function OwnResumePage() {
  const session = useSession();
  return (
    <Page>
      <TitleBar title="Currículo" back="/" />
      <ResumeSections userId={session?.user?.usuarioId ?? null} editable />
    </Page>
  );
}

/** /users/curriculum/{id} */
export function UserCurriculumPage() {
  const { id } = useParams();
  const session = useSession();
  const dataProvider = useDataProvider();
  const userId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : null;
  const allowed = canManage(session?.roles ?? [], 'rh') || (userId !== null && userId === session?.user?.usuarioId);
  const [nome, setNome] = useState<string | null>(null);
  useEffect(() => {
    if (!allowed || userId === null) return;
    let cancelled = false;
    dataProvider
      .getOne('users', { id: userId })
      .then(({ data }) => !cancelled && setNome((data as { nome?: string | null }).nome ?? null))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [allowed, dataProvider, userId]);
  if (!allowed || userId === null) return <AccessDenied title="Currículo" back="/users/list" />;
  return (
    <Page>
      <TitleBar title={nome ? `Currículo de ${nome}` : 'Currículo'} back="/users/list" />
      <ResumeSections userId={userId} editable={false} />
    </Page>
  );
}

export default OwnResumePage;
