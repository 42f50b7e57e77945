// /contacts/profile/{id}: one colleague's work data and photo.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import Star from '@mui/icons-material/Star';
import { ProfileAvatar, TitleBar, useApiOrigin, useViewer, v1Json } from '../../src/admin/pages.js';
import { EMPTY_TEXT, formatMonthDay } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import type { ContactDetail } from './api.js';

export function ContactProfile() {
  useApiOrigin();
  const { id } = useParams();
  const viewer = useViewer();
  const [contact, setContact] = useState<ContactDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setContact(null);
    setError(null);
    v1Json<{ usuario: ContactDetail }>(`/v1/company/users/${encodeURIComponent(id ?? '')}`)
      .then((r) => !cancelled && setContact(r.usuario))
      .catch((e: { status?: number; message?: string }) => !cancelled && setError(e.status === 404 || e.status === 400 ? MSG.notFound : e.message || MSG.failure));
    return () => {
      cancelled = true;
    };
  }, [id]);

  const rows: [string, React.ReactNode][] = contact
    ? [
        ['Cargo', contact.cargo],
        ['Setor', contact.setor],
        ['Departamento', contact.departamento],
        ['E-mail', <MuiLink href={`mailto:${contact.email}`}>{contact.email}</MuiLink>],
        ['E-mail corporativo', contact.email_corp ? <MuiLink href={`mailto:${contact.email_corp}`}>{contact.email_corp}</MuiLink> : null],
        ['LinkedIn', contact.linkedin ? <MuiLink href={contact.linkedin} target="_blank" rel="noopener noreferrer">{contact.linkedin}</MuiLink> : null],
        ['Aniversário', contact.aniversario ? formatMonthDay(contact.aniversario) : null],
      ]
    : [];

  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title="Contato" back="/contacts/list" />
      {error ? (
        <Alert severity="warning">{error}</Alert>
      ) : !contact ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' }, mb: 3 }}>
            <ProfileAvatar image={contact} name={contact.nome} email={contact.email} size={96} />
            <Box>
              <Typography variant="h5" component="h2" sx={{ fontWeight: 600 }}>
                {contact.nome || contact.email}
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
                {contact.empresas.map((e) => (
                  <Chip key={e} label={e} size="small" />
                ))}
              </Box>
            </Box>
            {/* Compliments (custom-pages/incidents): praise the colleague, or read what they received. */}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: { sm: 'auto' } }}>
              {viewer.usuarioId !== contact.id && (
                <Button component={RouterLink} to={`/compliments/register/${contact.id}`} variant="contained" startIcon={<Star />}>
                  Elogiar
                </Button>
              )}
              <Button component={RouterLink} to={`/compliments/listByUser/${contact.id}`} variant="outlined">
                Elogios recebidos
              </Button>
            </Box>
          </Stack>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 1.5, columnGap: 2, m: 0 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value ?? EMPTY_TEXT}
                </Typography>
              </Box>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}

export default ContactProfile;
