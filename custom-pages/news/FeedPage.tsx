// /news/list/{category?}: the news feed — cards with cover, title, summary, category chip and date;
// important items pinned at the top (the server's order); filtered by category (the address) and by
// words; paged. A card opens the reading page.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Box, Card, CardActionArea, CardContent, Chip, CircularProgress, InputAdornment, Pagination, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useNotify } from 'react-admin';
import { TitleBar, useApiOrigin } from '../../src/admin/pages.js';
import { formatDate } from '../../src/domain/format.js';
import { NO_DATA_TEXT } from '../../src/domain/format.js';
import { feedPath, newsPath } from '../../src/domain/news.js';
import { loadFeed, PAGE_SIZE, type Category, type FeedItem } from './api.js';
import { CategoryChip, Cover, Marks } from './parts.js';

const SEARCH_DELAY_MS = 350;

export default function FeedPage() {
  useApiOrigin();
  const { category } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ novidades: FeedItem[]; total: number; categorias: Category[] } | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => setPage(1), [q, category]);

  const validCategory = category && /^\d{1,9}$/.test(category) ? category : undefined;
  useEffect(() => {
    let live = true;
    setLoading(true);
    loadFeed({ categoria: validCategory, q, page })
      .then((answer) => live && setData(answer))
      .catch((e: Error) => live && notify(e.message, { type: 'error' }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [validCategory, q, page, notify]);

  const categories = data?.categorias ?? [];
  const current = categories.find((c) => String(c.id) === validCategory);
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Box sx={{ pb: 4 }}>
      <TitleBar title={current ? `Novidades · ${current.titulo}` : 'Novidades'} back={current ? '/categories/cards' : '/'} addLabel="NOVA NOVIDADE" addTo="/news/register" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label="Buscar"
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { maxLength: 200 } }}
          sx={{ minWidth: 260 }}
        />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="navigation" aria-label="Categorias">
          <Chip label="Todas" clickable color={current ? 'default' : 'primary'} component={RouterLink} to={feedPath()} aria-current={current ? undefined : 'page'} />
          {categories.map((c) => (
            <Chip
              key={c.id}
              label={c.titulo}
              clickable
              component={RouterLink}
              to={feedPath(c.id)}
              aria-current={current?.id === c.id ? 'page' : undefined}
              variant={current?.id === c.id ? 'filled' : 'outlined'}
              sx={current?.id === c.id ? { bgcolor: c.color, color: 'common.white' } : { borderColor: c.color, color: c.color }}
            />
          ))}
        </Stack>
      </Stack>
      {loading && !data ? (
        <CircularProgress sx={{ m: 3 }} />
      ) : !data?.novidades.length ? (
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{NO_DATA_TEXT}</Typography>
      ) : (
        <Box role="list" aria-label="Novidades" aria-busy={loading} sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 2 }}>
          {data.novidades.map((n) => (
            <Card key={n.id} role="listitem" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', borderColor: n.importante ? 'warning.main' : undefined, borderWidth: n.importante ? 2 : 1 }}>
              <CardActionArea onClick={() => navigate(newsPath(n.id))} sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }} aria-label={n.titulo}>
                <Cover id={n.imagem_capa_data} alt={`Capa: ${n.titulo}`} height={150} />
                <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                    <CategoryChip title={n.categoria_titulo} icon={n.categoria_icone} color={n.categoria_color} />
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {formatDate(n.created_at)}
                    </Typography>
                  </Stack>
                  <Typography variant="h6" component="h2" sx={{ fontSize: 17, fontWeight: 600, lineHeight: 1.3 }}>
                    {n.titulo}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                    {n.resumo}
                  </Typography>
                  <Box sx={{ mt: 'auto' }}>
                    <Marks importante={n.importante} requerLido={n.requer_lido} lido={Boolean(n.lido_em)} ativo={n.ativo} />
                  </Box>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      {pages > 1 && (
        <Stack sx={{ alignItems: 'center', mt: 3 }}>
          <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} color="primary" />
        </Stack>
      )}
    </Box>
  );
}
