// /employee-handbook/view: the employee handbook as one document — a table of contents by category
// (anchors #categoria-{id} and #secao-{id}, which an address may carry), the sections' rich text, a
// search within (accent- and case-insensitive, the words marked) and a print that leaves the menus,
// the contents and the search out. Any employee of the providers reads it (GET /v1/manual); HR
// writers get NOVA SEÇÃO, Gerenciar seções and each section's Editar (the generated register).
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, GlobalStyles, InputAdornment, Link, Paper, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useQuery } from '@tanstack/react-query';
import { canAccessResource, HEADER_HEIGHT, TitleBar, useApiOrigin, useSession, v1Json } from '../../src/admin/pages.js';
import { HANDBOOK_TEXTS as T, htmlText, matchesAll, MAX_SEARCH_LENGTH, searchWords, type HandbookCategory as Category } from '../../src/domain/faq.js';
import { Marked, MARK_SX, RichText } from '../faq/marks.js';


const PRINT_HIDE = 'handbook-no-print';

export default function HandbookPage() {
  useApiOrigin();
  const session = useSession();
  const roles = session?.roles ?? [];
  const location = useLocation();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['handbook', session?.user?.usuarioId ?? null],
    queryFn: () => v1Json<{ categorias: Category[]; total: number }>('/v1/manual', { module: 'rh' }),
    retry: false,
  });
  const [search, setSearch] = useState('');
  const words = useMemo(() => searchWords(search), [search]);
  // Plain texts once per load, not per key.
  const texts = useMemo(() => new Map((data?.categorias ?? []).flatMap((c) => c.secoes.map((s) => [s.id, [c.titulo, s.titulo, htmlText(s.conteudo)]] as const))), [data]);
  const shown = useMemo(
    () => (data?.categorias ?? []).map((c) => ({ ...c, secoes: words.length ? c.secoes.filter((s) => matchesAll(texts.get(s.id) ?? [], words)) : c.secoes })).filter((c) => c.secoes.length),
    [data, texts, words],
  );
  const found = shown.reduce((n, c) => n + c.secoes.length, 0);
  const writer = canAccessResource(roles, 'employee-handbook', 'edit');

  // An address with #secao-{id} scrolls there once the document is drawn.
  useEffect(() => {
    if (!data || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [data, location.hash]);

  const anchorSx = { scrollMarginTop: HEADER_HEIGHT + 16 };
  return (
    <Box sx={{ px: 2, pb: 6 }}>
      <GlobalStyles
        styles={{
          '@media print': {
            [`.${PRINT_HIDE}, header.MuiAppBar-root, .RaSidebar-root, .MuiDrawer-root`]: { display: 'none !important' },
            '.RaLayout-appFrame': { marginTop: '0 !important' },
            '.handbook-section': { breakInside: 'avoid' },
          },
        }}
      />
      <Box className={PRINT_HIDE}>
        <TitleBar
          title={T.title}
          back="/"
          addLabel={T.add}
          addTo="/employee-handbook/register"
          extra={
            <>
              {canAccessResource(roles, 'employee-handbook', 'list') && (
                <Button component={RouterLink} to="/employee-handbook/list" variant="outlined">
                  {T.manage}
                </Button>
              )}
              <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
                {T.print}
              </Button>
            </>
          }
        />
      </Box>
      <Typography variant="h4" component="p" sx={{ display: 'none', '@media print': { display: 'block', mb: 2 } }}>
        {T.title}
      </Typography>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void refetch()}>Tentar novamente</Button>}>
          {error.message}
        </Alert>
      ) : data.total === 0 ? (
        <Typography>{T.empty}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Paper
            component="nav"
            aria-label={T.contents}
            variant="outlined"
            className={PRINT_HIDE}
            sx={{ p: 2, position: { md: 'sticky' }, top: { md: HEADER_HEIGHT + 16 }, maxHeight: { md: `calc(100vh - ${HEADER_HEIGHT + 32}px)` }, overflowY: 'auto' }}
          >
            <TextField
              size="small"
              fullWidth
              label={T.searchLabel}
              value={search}
              onChange={(e) => setSearch(e.target.value.slice(0, MAX_SEARCH_LENGTH))}
              slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
              sx={{ mb: 2 }}
            />
            {words.length > 0 && (
              <Typography role="status" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
                {found ? T.found(found) : T.none}
              </Typography>
            )}
            <Typography variant="overline" component="h2" id="sumario" sx={anchorSx}>
              {T.contents}
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, my: 0 }}>
              {shown.map((c) => (
                <li key={c.id}>
                  <Link href={`#categoria-${c.id}`} underline="hover" sx={{ fontWeight: 600 }}>
                    {c.titulo}
                  </Link>
                  <Box component="ul" sx={{ pl: 2, my: 0.5, listStyle: 'none' }}>
                    {c.secoes.map((s) => (
                      <li key={s.id}>
                        <Link href={`#secao-${s.id}`} underline="hover" variant="body2">
                          {s.titulo}
                        </Link>
                      </li>
                    ))}
                  </Box>
                </li>
              ))}
            </Box>
          </Paper>
          <Box component="article" aria-label={T.title} sx={MARK_SX}>
            {shown.map((c, i) => (
              <Box key={c.id} component="section" aria-labelledby={`categoria-${c.id}`} sx={{ mb: 4 }}>
                <Typography id={`categoria-${c.id}`} variant="h5" component="h2" sx={{ ...anchorSx, fontWeight: 700, borderBottom: 2, borderColor: 'primary.main', pb: 0.5, mb: 2 }}>
                  {i + 1}. <Marked text={c.titulo} words={words} />
                </Typography>
                {c.secoes.map((s) => (
                  <Box key={s.id} className="handbook-section" component="section" aria-labelledby={`secao-${s.id}`} sx={{ mb: 3 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Typography id={`secao-${s.id}`} variant="h6" component="h3" sx={{ ...anchorSx, fontWeight: 600 }}>
                        <Marked text={s.titulo} words={words} />
                      </Typography>
                      {s.empresa && <Chip size="small" variant="outlined" color="primary" label={s.empresa.nome} />}
                      {writer && (
                        <Button component={RouterLink} to={`/employee-handbook/edit/${s.id}`} size="small" startIcon={<EditIcon />} className={PRINT_HIDE} aria-label={`${T.edit}: ${s.titulo}`}>
                          Editar
                        </Button>
                      )}
                    </Box>
                    <RichText html={s.conteudo} words={words} />
                  </Box>
                ))}
              </Box>
            ))}
            {words.length > 0 && found === 0 && <Typography>{T.none}</Typography>}
            <Link href="#sumario" className={PRINT_HIDE} variant="body2">
              {T.top}
            </Link>
          </Box>
        </Box>
      )}
    </Box>
  );
}
