// /careers/admin/keywords/{vacancyName?}/{id?}/{search?} (Palavras-chave, from the pipeline): the
// applicants of one vacancy whose resume has the words (GET /v1/careers/vagas/{id}/candidatos/busca:
// accents and case do not matter, the most relevant first, with the snippet where the words are),
// each with their application's step. The words are the address's last segment and the vacancy's
// title its first (as a slug), so a search can be shared; an address without the slug, or with an old
// one, is rewritten once the title is known. A result opens its application in the pipeline's drawer
// (ApplicationDrawer), where a recruiter moves it to another step as on the pipeline.
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ViewKanbanIcon from '@mui/icons-material/ViewKanbanOutlined';
import { useGetOne } from 'react-admin';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS, slugify } from '../../src/domain/careers.js';
import { MSG } from '../../src/domain/messages.js';
import { AccessDenied, configByResource, type ResourceConfig, TitleBar, useApiOrigin, useGoBack, useRights, useToasts, v1Json } from '../../src/admin/pages.js';
import { isStatus, localDate, retryUnlessRefused, type ApplicationRow } from './board.js';
import { ApplicationDrawer, areasOf, useSaveApplication } from './ApplicationDrawer.js';
import { APPLICATIONS, TITLES, VACANCIES_LIST } from './routes.js';
import { ResultCard, ResultsPager, WordsField } from './TalentResults.js';
import { keywordsPath, keywordsTarget, pageOf, searchQuery, type KeywordsAnswer } from './talent.js';
import { TALENT_TEXTS as T, TEXTS } from './texts.js';

const errorText = (error: unknown) => (error as { message?: string } | null)?.message || MSG.failure;
const pipelinePath = (id: number) => `/careers/admin/applicants/${id}`;

/** The words, sent with Buscar (or Enter) into the address; the address's words shown when they change elsewhere. */
function SearchBox({ search, onSearch }: { search: string; onSearch: (words: string) => void }) {
  const [words, setWords] = useState(search);
  useEffect(() => setWords(search), [search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(words.trim());
  };
  return (
    <Paper component="form" role="search" aria-label={T.words} onSubmit={submit} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <WordsField value={words} onChange={setWords} hint={T.keywordsHint} sx={{ flex: 1, minWidth: { xs: '100%', sm: 360 } }} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {T.search}
        </Button>
      </Stack>
    </Paper>
  );
}

function Keywords({ config, vacancyId, vacancyName, search }: { config: ResourceConfig; vacancyId: number; vacancyName: string; search: string }) {
  useApiOrigin();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const goBack = useGoBack(pipelinePath(vacancyId));
  const rights = useRights(config);
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const areas = areasOf(config);

  const query = useQuery({
    queryKey: ['careers', 'keywords', vacancyId, search, page],
    queryFn: () => v1Json<KeywordsAnswer>(`/v1/careers/vagas/${vacancyId}/candidatos/busca${searchQuery({ q: search }, page)}`, { module: areas }),
    placeholderData: (previous) => previous,
    retry: retryUnlessRefused,
  });
  const title = query.data?.vaga.titulo_vaga;

  // The address names the vacancy by its title's slug: written (or corrected) once the title is known.
  useEffect(() => {
    if (title === undefined) return;
    const canonical = keywordsPath(vacancyId, title, search);
    if (location.pathname !== canonical && vacancyName !== (slugify(title) || 'vaga')) navigate({ pathname: canonical, search: location.search }, { replace: true });
  }, [title, vacancyId, vacancyName, search, location.pathname, location.search, navigate]);

  // The application opened: read whole (its note and step) for the drawer, as the pipeline has it.
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = useGetOne<ApplicationRow>(APPLICATIONS, { id: openId ?? 0 }, { enabled: openId !== null, retry: retryUnlessRefused });
  useEffect(() => {
    if (openId === null || !opened.error) return;
    toasts.failure(opened.error);
    setOpenId(null);
  }, [openId, opened.error, toasts]);
  const row = openId !== null && opened.data?.id === openId ? opened.data : null;
  // A step saved: the results' chips follow.
  const { save, saving } = useSaveApplication(config, () => void queryClient.invalidateQueries({ queryKey: ['careers', 'keywords', vacancyId] }));

  const find = (words: string) => navigate(keywordsPath(vacancyId, title ?? vacancyName, words));
  const results = query.data?.resultados ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar
        title={title ? `${TITLES.keywords} · ${title}` : TITLES.keywords}
        back={pipelinePath(vacancyId)}
        onBack={goBack}
        extra={
          <Button component={RouterLink} to={pipelinePath(vacancyId)} variant="outlined" startIcon={<ViewKanbanIcon />}>
            {T.seeApplicants}
          </Button>
        }
      />
      <SearchBox search={search} onSearch={find} />
      <Box component="section" aria-label={T.results}>
        {query.isError && !query.data ? (
          <Alert severity="error">{errorText(query.error)}</Alert>
        ) : !query.data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={TEXTS.loading} />
          </Box>
        ) : total === 0 ? (
          <Alert severity="info" role="status">
            {search ? T.keywordsEmpty : TEXTS.empty}
          </Alert>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
              <Typography role="status" sx={{ fontWeight: 600 }}>
                {T.keywordsCount(total)}
              </Typography>
              {(query.isFetching || (openId !== null && !row)) && <CircularProgress size={16} aria-label={TEXTS.loading} />}
            </Box>
            {query.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(query.error)}
              </Alert>
            )}
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
              {results.map((result) => (
                <ResultCard
                  key={result.id_candidatura}
                  result={result}
                  chips={isStatus(result.status) ? <Chip size="small" color={APPLICATION_STATUS_COLORS[result.status]} label={APPLICATION_STATUS_LABELS[result.status]} /> : null}
                  facts={[TEXTS.appliedOn(localDate(result.candidatura_em))]}
                  onOpen={() => setOpenId(result.id_candidatura)}
                />
              ))}
            </Stack>
            <ResultsPager
              total={total}
              page={page}
              onPage={(next) =>
                setParams((previous) => {
                  const kept = new URLSearchParams(previous);
                  if (next > 1) kept.set('pagina', String(next));
                  else kept.delete('pagina');
                  return kept;
                })
              }
            />
          </>
        )}
      </Box>
      <ApplicationDrawer row={row} config={config} canUpdate={rights.update} saving={saving} onSave={save} onClose={() => setOpenId(null)} />
    </Box>
  );
}

/** No vacancy in the address: the search is opened from a vacancy's pipeline. */
function NoVacancy() {
  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={TITLES.keywords} back={VACANCIES_LIST} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography role="status">{T.noVacancy}</Typography>
        <Button component={RouterLink} to={VACANCIES_LIST} variant="contained" sx={{ mt: 2 }}>
          {T.vacancies}
        </Button>
      </Paper>
    </Box>
  );
}

export default function KeywordsPage() {
  const params = useParams();
  const config = configByResource.get(APPLICATIONS);
  if (!config) return <AccessDenied title={TITLES.keywords} back={VACANCIES_LIST} />;
  const target = keywordsTarget(params);
  if (!target) return <NoVacancy />;
  return <Keywords key={target.id} config={config} vacancyId={target.id} vacancyName={params.vacancyName ?? ''} search={target.search} />;
}
