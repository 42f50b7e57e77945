// /contacts/list/{nome?}/{empresa?}: the colleagues of the user's providers, searched by name (500 ms
// debounce, kept in the URL) and provider, 60 a page, each card leading to /contacts/profile/{id}.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Box, Card, CardActionArea, Chip, CircularProgress, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { ProfileAvatar, TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { NO_DATA_TEXT } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { CONTACTS_PAGE_SIZE, contactsPath, type Contact, type ContactList } from './api.js';

const SEARCH_DEBOUNCE_MS = 500;

export function Contacts() {
  useApiOrigin();
  const params = useParams();
  const navigate = useNavigate();
  const nome = params.nome && params.nome !== '-' ? params.nome : '';
  const empresa = params.empresa ?? '';
  const [text, setText] = useState(nome);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ContactList | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The typed name goes to the URL after the debounce.
  useEffect(() => {
    if (text.trim() === nome) return;
    const timer = setTimeout(() => navigate(contactsPath(text, empresa), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, nome, empresa, navigate]);

  useEffect(() => setPage(1), [nome, empresa]);

  useEffect(() => {
    let cancelled = false;
    const query = new URLSearchParams({ limit: String(CONTACTS_PAGE_SIZE), offset: String((page - 1) * CONTACTS_PAGE_SIZE) });
    if (nome) query.set('nome', nome);
    if (/^\d+$/.test(empresa)) query.set('empresa', empresa);
    setError(null);
    v1Json<ContactList>(`/v1/company/users?${query}`)
      .then((answer) => !cancelled && setData(answer))
      .catch((e: Error) => !cancelled && setError(e.message || MSG.failure));
    return () => {
      cancelled = true;
    };
  }, [nome, empresa, page]);

  const pages = data ? Math.max(1, Math.ceil(data.total / CONTACTS_PAGE_SIZE)) : 1;

  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title="Contatos" back="/" />
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 240px' } }}>
        <TextField
          label="Buscar por nome"
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          fullWidth
          slotProps={{ input: { startAdornment: <SearchIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} /> }, htmlInput: { maxLength: 120 } }}
        />
        <TextField
          select
          label="Provedor"
          value={data?.empresas.some((e) => String(e.id) === empresa) ? empresa : ''}
          onChange={(e) => navigate(contactsPath(text, e.target.value))}
          size="small"
          fullWidth
        >
          <MenuItem value="">Todos</MenuItem>
          {(data?.empresas ?? []).map((e) => (
            <MenuItem key={e.id} value={String(e.id)}>
              {e.nome}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error ? (
        <Alert severity="error">{error}</Alert>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : data.usuarios.length === 0 ? (
        <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>
      ) : (
        <>
          <Box component="ul" aria-label="Contatos" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' } }}>
            {data.usuarios.map((c) => (
              <ContactCard key={c.id} contact={c} />
            ))}
          </Box>
          {pages > 1 && <Pagination sx={{ mt: 3, display: 'flex', justifyContent: 'center' }} count={pages} page={page} onChange={(_e, p) => setPage(p)} />}
        </>
      )}
    </Box>
  );
}

function ContactCard({ contact: c }: { contact: Contact }) {
  return (
    <Box component="li">
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={Link} to={`/contacts/profile/${c.id}`} sx={{ p: 2, height: '100%', display: 'flex', gap: 2, justifyContent: 'flex-start', alignItems: 'center' }}>
          <ProfileAvatar name={c.nome} email={c.email} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {c.nome || c.email}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {[c.cargo, c.departamento].filter(Boolean).join(' · ') || 'Não informado'}
            </Typography>
            <Typography variant="body2" noWrap>
              {c.email_corp || c.email}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 0.5 }}>
              {c.empresas.map((e) => (
                <Chip key={e} label={e} size="small" />
              ))}
            </Box>
          </Box>
        </CardActionArea>
      </Card>
    </Box>
  );
}

export default Contacts;
