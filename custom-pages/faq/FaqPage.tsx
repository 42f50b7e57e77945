// /faq/list and /faq/search/{search}: the published questions by category, as an accordion, open
// without signing in (the public header for visitors, the signed-in layout for users). The search
// words live in the address (/faq/search/{words}); the questions found open with the words marked.
// HR writers (the register's create and update rights) see NOVA PERGUNTA, Categorias de FAQ, each
// question's Editar and the unpublished questions, marked; the generated table stays out of the way
// (the list is this page: /faq/register and /faq/edit/{id} return here).
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import EditIcon from '@mui/icons-material/EditOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import { ADMIN_LOGIN_ROUTE, canAccessResource, TitleBar, useSession } from '../../src/admin/pages.js';
import { withNext } from '../auth/forms.js';
import { FAQ_TEXTS as T, MAX_SEARCH_LENGTH } from '../../src/domain/faq.js';
import { PublicPage } from '../auth/PublicPage.js';
import { useFaq, type FaqQuestion } from './api.js';
import { Marked, MARK_SX, RichText } from './marks.js';

export const FAQ_LIST = '/faq/list';
export const searchPath = (words: string) => (words.trim() ? `/faq/search/${encodeURIComponent(words.trim())}` : FAQ_LIST);

function SearchBox({ current }: { current: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(current);
  useEffect(() => setText(current), [current]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(searchPath(text));
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
      <TextField
        fullWidth
        size="small"
        label={T.searchLabel}
        value={text}
        onChange={(e) => setText(e.target.value.slice(0, MAX_SEARCH_LENGTH))}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            endAdornment: current ? (
              <InputAdornment position="end">
                <IconButton aria-label={T.clear} size="small" edge="end" onClick={() => navigate(FAQ_LIST)}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Button type="submit" variant="contained" sx={{ height: 48, flexShrink: 0 }}>
        {T.searchButton}
      </Button>
    </Box>
  );
}

function Question({ q, words, open, writer }: { q: FaqQuestion; words: readonly string[]; open: boolean; writer: boolean }) {
  const [expanded, setExpanded] = useState(open);
  useEffect(() => setExpanded(open), [open]);
  const summaryId = `pergunta-${q.id}`;
  return (
    <Accordion disableGutters expanded={expanded} onChange={(_, value) => setExpanded(value)} sx={{ '&:before': { display: 'none' } }} variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId} aria-controls={`${summaryId}-resposta`}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', pr: 1 }}>
          <Typography component="span" sx={[{ fontWeight: 600 }, MARK_SX]}>
            <Marked text={q.pergunta} words={words} />
          </Typography>
          {!q.publicada && <Chip size="small" color="warning" label={T.draft} />}
          {writer && q.publicada && <Chip size="small" variant="outlined" label={q.publico ? T.publicChip : T.staffChip} />}
          {q.empresa && <Chip size="small" variant="outlined" color="primary" label={q.empresa.nome} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-resposta`} sx={{ pt: 0 }}>
        <RichText html={q.resposta} words={words} />
        {writer && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={`/faq/edit/${q.id}`} size="small" startIcon={<EditIcon />} aria-label={`${T.edit}: ${q.pergunta}`}>
              Editar
            </Button>
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

export default function FaqPage() {
  const { search: raw = '' } = useParams();
  const search = raw.trim().slice(0, MAX_SEARCH_LENGTH);
  const session = useSession();
  const location = useLocation();
  const roles = session?.roles ?? [];
  const writer = Boolean(session) && canAccessResource(roles, 'faq', 'edit');
  const { data, error, isPending, refetch } = useFaq(search);
  const words = data?.palavras ?? [];
  return (
    <PublicPage title={T.title} width={960}>
      {session ? (
        <TitleBar
          title={T.title}
          back="/"
          addLabel={T.add}
          addTo="/faq/register"
          extra={
            canAccessResource(roles, 'faq-categories', 'list') ? (
              <Button component={RouterLink} to="/faq-categories/list" variant="outlined">
                {T.categories}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 2 }}>
          <HelpIcon color="primary" sx={{ fontSize: 40 }} />
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
              {T.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{T.subtitle}</Typography>
          </Box>
        </Stack>
      )}
      <SearchBox current={search} />
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Carregando" />
        </Box>
      ) : error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {T.retry}
            </Button>
          }
        >
          {error.message}
        </Alert>
      ) : (
        <>
          {search && (
            <Typography role="status" sx={{ mb: 2, color: 'text.secondary' }}>
              {data.total ? T.results(data.total, search) : T.none}
            </Typography>
          )}
          {data.total === 0 && (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Typography sx={{ mb: search ? 1 : 0 }}>{search ? T.noneHint : T.empty}</Typography>
              {search && (
                <Link component={RouterLink} to={FAQ_LIST}>
                  {T.all}
                </Link>
              )}
            </Paper>
          )}
          {data.categorias.map((c) => (
            <Box key={c.id} component="section" aria-labelledby={`categoria-${c.id}`} sx={{ mb: 3 }}>
              <Typography id={`categoria-${c.id}`} variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                {c.titulo}
              </Typography>
              {c.perguntas.map((q) => (
                <Question key={q.id} q={q} words={words} open={Boolean(search)} writer={writer} />
              ))}
            </Box>
          ))}
        </>
      )}
      {!session && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          Colaborador? <Link component={RouterLink} to={withNext(ADMIN_LOGIN_ROUTE, location.pathname)}>Entre</Link> para ver também as perguntas internas.
        </Typography>
      )}
    </PublicPage>
  );
}
