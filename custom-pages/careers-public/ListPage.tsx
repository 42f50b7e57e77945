// /careers/list, /careers/list/{provider slug} and /home/vacancy: the open vacancies, public. The
// filters live in the URL (?q=&departamento=&cidade=&uf=&modelo=, the provider in the path) so a
// search can be shared; the title words are searched 500 ms after the last key. Pages of 20 with
// 'Carregar mais'. The selects offer every choice of the provider (the server's `filtros`).
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, InputAdornment, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '../../src/admin/pages.js';
import { WORK_MODELS } from '../../src/domain/careers.js';
import { PublicPage } from '../auth/PublicPage.js';
import { failureText, isNotFound, useCareersApi, type PublicVacancy, type VacancyChoices, type VacancyFilters } from './api.js';
import { LIST_PATH, RetryAlert, VacancyDates, VacancyFacts, workModelLabel } from './parts.js';
import { CAREERS_TEXTS as T } from './texts.js';

export const PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;

/** The filters of the query string (ignoring values the server would refuse). */
function filtersOf(params: URLSearchParams, company: string): VacancyFilters {
  const modelo = params.get('modelo') ?? '';
  const uf = params.get('uf') ?? '';
  return {
    empresa: company,
    q: params.get('q')?.trim() ?? '',
    departamento: params.get('departamento') ?? '',
    cidade: params.get('cidade') ?? '',
    uf: /^[A-Za-z]{2}$/.test(uf) ? uf.toUpperCase() : '',
    modelo: (WORK_MODELS as readonly string[]).includes(modelo) ? modelo : '',
  };
}

const QUERY_FILTERS = ['q', 'departamento', 'cidade', 'uf', 'modelo'] as const;

interface Option {
  value: string;
  label: string;
}

/** A native select (on phones, the system's picker); the current value is always an option. */
function FilterSelect({ label, all, value, options, onChange }: { label: string; all: string; value: string; options: Option[]; onChange: (value: string) => void }) {
  const shown = value && !options.some((o) => o.value === value) ? [...options, { value, label: value.replace('|', '/') }] : options;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">{all}</option>
      {shown.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}

const counted = (label: string, n: number) => `${label} (${n})`;

function VacancyCard({ vaga }: { vaga: PublicVacancy }) {
  return (
    <Paper component="article" variant="outlined" aria-label={vaga.titulo_vaga} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        <Link component={RouterLink} to={vaga.path} underline="hover">
          {vaga.titulo_vaga}
        </Link>
      </Typography>
      <VacancyFacts vaga={vaga} />
      {vaga.resumo && <Typography sx={{ mt: 1.5 }}>{vaga.resumo}</Typography>}
      <Box sx={{ mt: 1.5 }}>
        <VacancyDates vaga={vaga} />
      </Box>
    </Paper>
  );
}

function Hero({ provider }: { provider?: string }) {
  const signedIn = Boolean(useSession());
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, textAlign: 'center', mb: 3 }}>
      <WorkIcon color="primary" sx={{ fontSize: 48 }} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
        {T.hero}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1 }}>{provider ? T.heroLineOf(provider) : T.heroLine}</Typography>
      {signedIn && (
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap', mt: 3 }}>
          <Button component={RouterLink} to="/applications/list" variant="contained">
            {T.myApplications}
          </Button>
          <Button component={RouterLink} to="/resume/list" variant="outlined">
            {T.myResume}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

/** The search box: the URL's `q`, changed 500 ms after the last key (or at once on Enter). */
function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(q);
  // What this box last put in the URL: another change of `q` (clearing the filters, going back) is shown.
  const sent = useRef(q);
  useEffect(() => {
    if (q === sent.current) return;
    sent.current = q;
    setText(q);
  }, [q]);
  const send = (value: string) => {
    sent.current = value;
    onSearch(value);
  };
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => send(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // `send` changes with every render; the timer is about the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, q]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() !== q) send(text.trim());
  };
  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ flex: 2, minWidth: 220 }}>
      <TextField
        label={T.search}
        placeholder={T.searchPlaceholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        size="small"
        fullWidth
        slotProps={{
          htmlInput: { maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
}

function ProviderNotFound({ message }: { message: string }) {
  return (
    <Paper variant="outlined" role="alert" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, textAlign: 'center' }}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
        {message}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>{T.providerNotFoundHint}</Typography>
      <Button component={RouterLink} to={LIST_PATH} variant="contained">
        {T.allVacancies}
      </Button>
    </Paper>
  );
}

export default function ListPage() {
  const { company = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { apiBase, api } = useCareersApi();
  const filters = useMemo(() => filtersOf(params, company), [params, company]);

  const query = useInfiniteQuery({
    queryKey: ['careers-public', 'list', apiBase, filters],
    queryFn: ({ pageParam }) => api.list(filters, pageParam, PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, page) => n + page.vagas.length, 0);
      return last.vagas.length > 0 && loaded < last.total ? loaded : undefined;
    },
    // While other filters load, the choices and cards of the last answer stay.
    placeholderData: (previous) => previous,
    retry: false,
  });

  // The choices of the last answer, kept across a failed call.
  const lastChoices = useRef<VacancyChoices | null>(null);
  const first = query.data?.pages[0];
  if (first) lastChoices.current = first.filtros;
  const choices = lastChoices.current ?? { empresas: [], departamentos: [], cidades: [] };
  const vagas = query.data?.pages.flatMap((p) => p.vagas) ?? [];
  const total = first?.total ?? 0;

  const provider = choices.empresas.find((e) => e.slug === company || String(e.id) === company);
  const notFound = Boolean(company) && query.isError && isNotFound(query.error);

  /** Sets (or, when empty, removes) query filters; the URL is replaced, not pushed. */
  const update = (changes: Partial<Record<(typeof QUERY_FILTERS)[number], string>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  // Another provider has other departments and cities: the words and the work model stay.
  const chooseProvider = (slug: string) => {
    const kept = new URLSearchParams();
    for (const name of ['q', 'modelo'] as const) if (filters[name]) kept.set(name, filters[name]);
    const search = kept.toString();
    navigate({ pathname: slug ? `${LIST_PATH}/${encodeURIComponent(slug)}` : LIST_PATH, search: search ? `?${search}` : '' });
  };

  const filtered = QUERY_FILTERS.some((name) => filters[name]);
  // The query's filters first; with none, the provider too.
  const clearFilters = () => navigate(filtered ? pathname : LIST_PATH);

  const providerValue = provider?.slug ?? company;
  const title = provider ? `${T.listTitle} - ${provider.nome}` : T.listTitle;

  return (
    <PublicPage title={title} width={1100}>
      <Hero provider={provider?.nome} />
      {notFound ? (
        <ProviderNotFound message={failureText(query.error)} />
      ) : (
        <>
          <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, mb: 2 }} aria-label="Filtros" component="section">
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              <SearchBox q={filters.q} onSearch={(q) => update({ q })} />
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <FilterSelect
                  label={T.provider}
                  all={T.allProviders}
                  value={providerValue}
                  options={choices.empresas.map((e) => ({ value: e.slug, label: counted(e.nome, e.vagas) }))}
                  onChange={chooseProvider}
                />
              </Box>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <FilterSelect
                  label={T.department}
                  all={T.allDepartments}
                  value={filters.departamento}
                  options={choices.departamentos.map((d) => ({ value: d.nome, label: counted(d.nome, d.vagas) }))}
                  onChange={(departamento) => update({ departamento })}
                />
              </Box>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <FilterSelect
                  label={T.city}
                  all={T.allCities}
                  value={filters.cidade && filters.uf ? `${filters.cidade}|${filters.uf}` : ''}
                  options={choices.cidades.map((c) => ({ value: `${c.cidade}|${c.uf}`, label: counted(`${c.cidade}/${c.uf}`, c.vagas) }))}
                  onChange={(value) => {
                    const cut = value.lastIndexOf('|');
                    update(cut < 0 ? { cidade: '', uf: '' } : { cidade: value.slice(0, cut), uf: value.slice(cut + 1) });
                  }}
                />
              </Box>
              <Box sx={{ flex: 1, minWidth: 180 }}>
                <FilterSelect
                  label={T.workModel}
                  all={T.allWorkModels}
                  value={filters.modelo}
                  options={WORK_MODELS.map((m) => ({ value: m, label: workModelLabel(m) }))}
                  onChange={(modelo) => update({ modelo })}
                />
              </Box>
            </Stack>
          </Paper>

          {query.isError && !query.data ? (
            <RetryAlert error={query.error} onRetry={() => void query.refetch()} />
          ) : !query.data ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
              <CircularProgress aria-label={T.loading} />
            </Box>
          ) : total === 0 ? (
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 2, textAlign: 'center' }}>
              <Typography variant="h6" component="p" role="status">
                {T.empty}
              </Typography>
              {(filtered || company) && (
                <Button onClick={clearFilters} variant="outlined" sx={{ mt: 2 }}>
                  {T.clearFilters}
                </Button>
              )}
            </Paper>
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
                <Typography role="status" sx={{ fontWeight: 600 }}>
                  {T.count(total)}
                </Typography>
                {query.isFetching && !query.isFetchingNextPage && <CircularProgress size={16} aria-label={T.loading} />}
              </Box>
              <Stack spacing={2}>
                {vagas.map((vaga) => (
                  <VacancyCard key={vaga.id} vaga={vaga} />
                ))}
              </Stack>
              {query.isError && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {failureText(query.error)}
                </Alert>
              )}
              {query.hasNextPage && (
                <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
                  <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                    {query.isFetchingNextPage ? <CircularProgress size={22} aria-label={T.loading} /> : T.loadMore}
                  </Button>
                </Box>
              )}
            </>
          )}
        </>
      )}
    </PublicPage>
  );
}
