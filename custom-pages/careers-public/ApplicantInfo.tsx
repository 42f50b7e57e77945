// /applicants/info ('Meus dados'): a candidate's overview. Their data (the applicant-profiles
// register, their own row; 'Complete seu cadastro' when there is none), their resume and their
// applications. The register's generated create and edit screens return here.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { useGetList } from 'react-admin';
import { TitleBar, useSession } from '../../src/admin/pages.js';
import { EMPTY_TEXT, formatBRL } from '../../src/domain/format.js';
import { ApplicationList } from './ApplicationsPage.js';
import { RetryAlert } from './parts.js';
import { CAREERS_TEXTS as T } from './texts.js';

export const PROFILE_RESOURCE = 'applicant-profiles';
const PROFILE_PATH = '/applicants';

export interface ApplicantProfile {
  id: number;
  id_usuario: number;
  telefone: string;
  uf: string;
  cidade: string;
  linkedin: string | null;
  apresentacao: string | null;
  pretensao_salarial: number | null;
  curriculo: string | null;
  banco_talentos: boolean;
  created_at: string;
}

function Card({ title, icon, action, children }: { title: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        {icon}
        <Typography variant="h6" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A link only to a web address (the field takes any URI). */
const webAddress = (value: string | null) => (value && /^https?:\/\//i.test(value.trim()) ? value.trim() : null);

function ProfileDetails({ profile: p }: { profile: ApplicantProfile }) {
  const linkedin = webAddress(p.linkedin);
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Item label={T.phone}>{p.telefone || EMPTY_TEXT}</Item>
      <Item label={T.place}>{p.cidade ? `${p.cidade}/${p.uf}` : EMPTY_TEXT}</Item>
      <Item label={T.linkedin}>
        {linkedin ? (
          <Link href={linkedin} target="_blank" rel="noopener noreferrer">
            {linkedin}
          </Link>
        ) : (
          p.linkedin || EMPTY_TEXT
        )}
      </Item>
      <Item label={T.about}>{p.apresentacao || EMPTY_TEXT}</Item>
      <Item label={T.salary}>{formatBRL(p.pretensao_salarial)}</Item>
      <Item label={T.resumeFile}>{p.curriculo ? T.resumeSent : T.resumeMissing}</Item>
      <Item label={T.talentPool}>{p.banco_talentos ? T.inTalentPool : T.notInTalentPool}</Item>
    </Box>
  );
}

function ProfileCard() {
  const session = useSession();
  const userId = session?.user?.usuarioId;
  // The server answers a candidate their own row; the filter keeps it so for who may read others'.
  const { data, error, isPending, refetch } = useGetList<ApplicantProfile>(PROFILE_RESOURCE, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
    filter: userId ? { id_usuario: userId } : {},
  });
  const profile = data?.[0];
  return (
    <Card
      title={T.applicantTitle}
      icon={<PersonIcon color="primary" />}
      action={
        profile && (
          <Button component={RouterLink} to={`${PROFILE_PATH}/edit/${profile.id}`} startIcon={<EditIcon />} variant="outlined" size="small">
            {T.edit}
          </Button>
        )
      }
    >
      {error ? (
        <RetryAlert error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <CircularProgress aria-label={T.loading} />
      ) : profile ? (
        <ProfileDetails profile={profile} />
      ) : (
        <Box>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{T.completeText}</Typography>
          <Button component={RouterLink} to={`${PROFILE_PATH}/register`} variant="contained">
            {T.completeTitle}
          </Button>
        </Box>
      )}
    </Card>
  );
}

export default function ApplicantInfo() {
  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={T.applicantTitle} />
      <Stack spacing={2}>
        <ProfileCard />
        <Card title={T.resumeTitle} icon={<ArticleIcon color="primary" />}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{T.resumeText}</Typography>
          <Button component={RouterLink} to="/resume/list" variant="outlined">
            {T.resumeAction}
          </Button>
        </Card>
        <Card
          title={T.myApplications}
          icon={<HowToRegIcon color="primary" />}
          action={
            <Button component={RouterLink} to="/applications/list" size="small">
              {T.seeAll}
            </Button>
          }
        >
          <ApplicationList compact max={5} />
        </Card>
      </Stack>
    </Box>
  );
}
