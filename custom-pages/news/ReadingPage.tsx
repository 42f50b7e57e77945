// /news/{id}: the reading page — category, date, title, summary, cover, the sanitised text, the
// auxiliary image, source link and hashtags; the four reactions with their counts (one per user:
// clicking one's reaction again removes it, another switches it); and, for an item that requires it,
// the reading confirmation (once, with its time). HR (the rh area's readers and up) also sees how
// many of the audience confirmed, and editors get Editar.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import WavingHandIcon from '@mui/icons-material/WavingHand';
import CakeIcon from '@mui/icons-material/Cake';
import FavoriteIcon from '@mui/icons-material/Favorite';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useNotify } from 'react-admin';
import { canAccessResource, sanitizeHtml, TitleBar, useApiOrigin, useSession } from '../../src/admin/pages.js';
import { canRead } from '../../src/domain/roles.js';
import { formatDate, formatDateTime } from '../../src/domain/format.js';
import { feedPath, NEWS_MSG, NEWS_REACTION_KEYS, NEWS_REACTIONS, splitHashtags, type NewsReaction } from '../../src/domain/news.js';
import { confirmReading, loadItem, loadReaders, react, type NewsItem, type Readers } from './api.js';
import { CategoryChip, Cover, Marks } from './parts.js';

const REACTION_ICONS: Record<NewsReaction, typeof CakeIcon> = { waving_hand: WavingHandIcon, cake: CakeIcon, favorite: FavoriteIcon, thumb_up: ThumbUpIcon };

export default function ReadingPage() {
  useApiOrigin();
  const { id = '' } = useParams();
  const notify = useNotify();
  const roles = useSession()?.roles ?? [];
  const [item, setItem] = useState<NewsItem | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [readers, setReaders] = useState<Readers | null>(null);
  const hr = canRead(roles, 'rh');

  useEffect(() => {
    let live = true;
    setItem(null);
    setMissing(false);
    loadItem(id)
      .then(({ novidade }) => live && setItem(novidade))
      .catch((e: Error & { status?: number }) => {
        if (!live) return;
        setMissing(true);
        // An item one may not read answers 404, told on the page; another failure also as a toast.
        if (e.status !== 404) notify(e.message, { type: 'error' });
      });
    return () => {
      live = false;
    };
  }, [id, notify]);

  useEffect(() => {
    if (!hr || !item?.requer_lido) return;
    let live = true;
    loadReaders(item.id)
      .then((answer) => live && setReaders(answer))
      .catch(() => live && setReaders(null));
    return () => {
      live = false;
    };
  }, [hr, item?.id, item?.requer_lido, item?.lido_em]);

  const onReact = async (reaction: NewsReaction) => {
    if (!item || busy) return;
    setBusy(true);
    try {
      const answer = await react(item.id, reaction);
      setItem({ ...item, ...answer });
    } catch (e) {
      notify((e as Error).message || NEWS_MSG.reactionError, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const onConfirm = async () => {
    if (!item || busy) return;
    setBusy(true);
    try {
      const { lido_em } = await confirmReading(item.id);
      setItem({ ...item, lido_em });
      notify(NEWS_MSG.readConfirmed, { type: 'success', autoHideDuration: 3500 });
    } catch (e) {
      notify((e as Error).message || NEWS_MSG.readError, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (missing)
    return (
      <>
        <TitleBar title="Novidades" back={feedPath()} />
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>{NEWS_MSG.notFound}</Typography>
      </>
    );
  if (!item)
    return (
      <>
        <TitleBar title="Novidades" back={feedPath()} />
        <CircularProgress sx={{ m: 3 }} />
      </>
    );

  const tags = splitHashtags(item.hashtag);
  const mayEdit = canAccessResource(roles, 'news', 'update');
  return (
    <Box sx={{ pb: 4 }}>
      <TitleBar title="Novidades" back={feedPath(item.categoria)} />
      <Paper component="article" variant="outlined" sx={{ maxWidth: 860, mx: 'auto', overflow: 'hidden' }} aria-labelledby="novidade-titulo">
        <Cover id={item.imagem_capa_data} alt={`Capa: ${item.titulo}`} height={{ xs: 180, sm: 300 }} />
        <Box sx={{ p: { xs: 2, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <CategoryChip title={item.categoria_titulo} icon={item.categoria_icone} color={item.categoria_color} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatDate(item.created_at)} · {item.provedor_nome}
              {item.departamento_nome ? ` · ${item.departamento_nome}` : ''}
            </Typography>
            <Box sx={{ flex: 1 }} />
            {mayEdit && (
              <Button size="small" startIcon={<EditIcon />} component={RouterLink} to={`/news/edit/${item.id}`}>
                Editar
              </Button>
            )}
          </Stack>
          <Typography id="novidade-titulo" variant="h4" component="h2" sx={{ fontSize: { xs: 24, sm: 30 }, fontWeight: 700 }}>
            {item.titulo}
          </Typography>
          <Typography variant="subtitle1" sx={{ color: 'text.secondary' }}>
            {item.resumo}
          </Typography>
          <Marks importante={item.importante} requerLido={item.requer_lido} lido={Boolean(item.lido_em)} ativo={item.ativo} />
          <Box className="novidade-texto" sx={{ lineHeight: 1.7, '& p': { mt: 0 }, '& ul, & ol': { pl: 3 }, '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.texto) }} />
          {item.imagem_auxiliar_data && (
            <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
              <Cover id={item.imagem_auxiliar_data} alt={`Imagem auxiliar: ${item.titulo}`} height={320} />
            </Box>
          )}
          {(item.fonte || item.url) && (
            <Typography variant="body2">
              <b>Fonte:</b>{' '}
              {item.url ? (
                <Link href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.fonte || item.url} <OpenInNewIcon sx={{ fontSize: 14, verticalAlign: 'middle' }} />
                </Link>
              ) : (
                item.fonte
              )}
            </Typography>
          )}
          {tags.length > 0 && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-label="Hashtags">
              {tags.map((tag) => (
                <Chip key={tag} size="small" variant="outlined" label={`#${tag}`} />
              ))}
            </Stack>
          )}

          {item.requer_lido && (
            <Alert
              severity={item.lido_em ? 'success' : 'info'}
              icon={item.lido_em ? <TaskAltIcon /> : undefined}
              action={
                item.lido_em ? undefined : (
                  <Button color="inherit" variant="outlined" size="small" onClick={onConfirm} disabled={busy}>
                    Confirmar leitura
                  </Button>
                )
              }
            >
              {item.lido_em ? `Leitura confirmada em ${formatDateTime(item.lido_em)}.` : 'Esta novidade exige a confirmação de leitura.'}
              {readers && (
                <>
                  {` ${readers.total_publico - readers.pendentes} de ${readers.total_publico} confirmaram a leitura. `}
                  <Link component={RouterLink} to={`/reports/read-confirm-list/${item.id}`} color="inherit">
                    Ver quem leu
                  </Link>
                </>
              )}
            </Alert>
          )}

          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} role="group" aria-label="Reações">
            {NEWS_REACTION_KEYS.map((key) => {
              const Icon = REACTION_ICONS[key];
              const mine = item.minha_reacao === key;
              const count = item.reacoes[key] ?? 0;
              return (
                <Button
                  key={key}
                  variant={mine ? 'contained' : 'outlined'}
                  startIcon={<Icon />}
                  onClick={() => onReact(key)}
                  disabled={busy}
                  aria-pressed={mine}
                  aria-label={`${NEWS_REACTIONS[key]}: ${count}`}
                  sx={{ textTransform: 'none', borderRadius: 5 }}
                >
                  {NEWS_REACTIONS[key]} · {count}
                </Button>
              );
            })}
          </Stack>
        </Box>
      </Paper>
    </Box>
  );
}
