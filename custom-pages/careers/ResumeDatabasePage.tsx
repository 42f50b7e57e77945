// /ResumeDatabase/list (Banco de Currículos): the resumes of the candidates and employees who allowed
// it, searched by words (GET /v1/careers/banco: accents and case do not matter, the most relevant
// first, each with the snippet where the words are), by state, city and kind of person. The filters,
// the page and the person opened live in the address (?q=&uf=&cidade=&tipo=&pagina=&pessoa=), so a
// search can be shared. A card opens the person on the right (GET /v1/careers/banco/{id}, drawn by
// PersonView) with their PDF (GET /v1/careers/banco/{id}/curriculo).
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Chip, CircularProgress, Divider, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { STATE_CODES } from '../../src/domain/municipalities.js';
import { MSG } from '../../src/domain/messages.js';
import { TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { localDate, retryUnlessRefused } from './board.js';
import { PanelHeader, PersonView, SidePanel, type PersonDetails } from './PersonView.js';
import { TALENT_AREAS, TITLES } from './routes.js';
import { personName, ResultCard, ResultsPager, WordsField } from './TalentResults.js';
import { PERSON_KINDS, searchQuery, talentFiltersOf, type TalentAnswer, type TalentFilters, type TalentResult } from './talent.js';
import { TALENT_TEXTS as T, TEXTS } from './texts.js';

type Param = 'q' | 'uf' | 'cidade' | 'tipo' | 'pagina' | 'pessoa';

const errorText = (error: unknown) => (error as { message?: string } | null)?.message || MSG.failure;

/** A native select (on phones, the system's picker). */
function Select({ label, value, options, onChange }: { label: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
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
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </TextField>
  );
}

const UF_OPTIONS: [string, string][] = [['', T.allUfs], ...STATE_CODES.map((uf): [string, string] => [uf, uf])];
const KIND_OPTIONS: [string, string][] = [['', T.kinds['']], ...PERSON_KINDS.map((kind): [string, string] => [kind, T.kinds[kind]])];

/** The person opened from a card (or from the address): their resume, and the PDF when they sent one. */
function PersonDetail({ id, known, onClose }: { id: number; known?: TalentResult; onClose: () => void }) {
  const details = useQuery({
    queryKey: ['careers', 'resume-database', 'person', id],
    queryFn: () => v1Json<PersonDetails>(`/v1/careers/banco/${id}`, { module: TALENT_AREAS }),
    retry: retryUnlessRefused,
  });
  const person = details.data?.candidato;
  const name = (person && personName(person)) || (known && personName(known)) || T.personTitle;
  const employee = person?.funcionario ?? known?.funcionario;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <PanelHeader titleId={PERSON_TITLE_ID} title={name} onClose={onClose}>
        {(employee || known?.atualizado_em) && (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
            {employee && <Chip size="small" color="primary" variant="outlined" label={TEXTS.employee} />}
            {known?.atualizado_em && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {T.updatedOn(localDate(known.atualizado_em))}
              </Typography>
            )}
          </Stack>
        )}
      </PanelHeader>
      <Divider />
      {details.isError ? (
        <Alert severity="error">{errorText(details.error)}</Alert>
      ) : details.data ? (
        <PersonView person={details.data} resumePath={`/v1/careers/banco/${id}/curriculo`} areas={TALENT_AREAS} />
      ) : (
        <CircularProgress aria-label={TEXTS.loading} />
      )}
    </Stack>
  );
}

const PERSON_TITLE_ID = 'person-drawer-title';

/**
 * The filters: Palavras-chave and Cidade are sent with Buscar (or Enter), UF and Tipo at once (with
 * the words typed); the address's values are shown when they change elsewhere (going back, a link).
 */
function Filters({ filters, onSearch }: { filters: TalentFilters; onSearch: (values: Pick<TalentFilters, 'q' | 'cidade' | 'uf' | 'tipo'>) => void }) {
  const [words, setWords] = useState(filters.q);
  const [city, setCity] = useState(filters.cidade);
  useEffect(() => setWords(filters.q), [filters.q]);
  useEffect(() => setCity(filters.cidade), [filters.cidade]);
  const send = (changes: Partial<Pick<TalentFilters, 'uf' | 'tipo'>> = {}) => onSearch({ uf: filters.uf, tipo: filters.tipo, ...changes, q: words.trim(), cidade: city.trim() });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  return (
    <Paper component="form" role="search" aria-label={T.filters} onSubmit={submit} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <WordsField value={words} onChange={setWords} hint={T.wordsHint} sx={{ flex: 3, minWidth: { xs: '100%', md: 320 } }} />
        <TextField label={T.city} value={city} onChange={(e) => setCity(e.target.value)} size="small" sx={{ flex: 1, minWidth: 160 }} slotProps={{ htmlInput: { maxLength: 120 } }} />
        <Box sx={{ width: 100 }}>
          <Select label={T.uf} value={filters.uf} options={UF_OPTIONS} onChange={(uf) => send({ uf })} />
        </Box>
        <Box sx={{ width: 150 }}>
          <Select label={T.kind} value={filters.tipo} options={KIND_OPTIONS} onChange={(tipo) => send({ tipo: tipo as TalentFilters['tipo'] })} />
        </Box>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {T.search}
        </Button>
      </Stack>
    </Paper>
  );
}

export default function ResumeDatabasePage() {
  useApiOrigin();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => talentFiltersOf(params), [params]);
  const opened = /^\d{1,15}$/.test(params.get('pessoa') ?? '') ? Number(params.get('pessoa')) : null;

  const query = useQuery({
    queryKey: ['careers', 'resume-database', filters],
    queryFn: () => v1Json<TalentAnswer>(`/v1/careers/banco${searchQuery(filters, filters.pagina)}`, { module: TALENT_AREAS }),
    // While another page or search loads, the last results stay.
    placeholderData: (previous) => previous,
    retry: retryUnlessRefused,
  });

  /**
   * Sets (or, when empty, removes) parameters of the address. A new search starts at its first page;
   * searches and pages are steps of the history, opening and closing a person is not.
   */
  const update = (changes: Partial<Record<Param, string>>, replace = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('pagina' in changes) && !('pessoa' in changes)) next.delete('pagina');
        return next;
      },
      { replace },
    );

  const results = query.data?.resultados ?? [];
  const total = query.data?.total ?? 0;
  const filtered = Boolean(filters.q || filters.uf || filters.cidade || filters.tipo);
  const known = results.find((r) => r.id_usuario === opened);
  const close = () => update({ pessoa: '' }, true);

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={TITLES.resumeDatabase} />
      <Filters filters={filters} onSearch={(values) => update(values)} />

      <Box component="section" aria-label={T.results}>
        {query.isError && !query.data ? (
          <Alert severity="error">{errorText(query.error)}</Alert>
        ) : !query.data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={TEXTS.loading} />
          </Box>
        ) : total === 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <Typography variant="h6" component="p" role="status">
              {T.empty}
            </Typography>
            {filtered && (
              <>
                <Typography sx={{ color: 'text.secondary', mt: 1 }}>{T.emptyHint}</Typography>
                <Button variant="outlined" sx={{ mt: 2 }} onClick={() => setParams(new URLSearchParams())}>
                  {T.clear}
                </Button>
              </>
            )}
          </Paper>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
              <Typography role="status" sx={{ fontWeight: 600 }}>
                {T.count(total)}
              </Typography>
              {query.isFetching && <CircularProgress size={16} aria-label={TEXTS.loading} />}
            </Box>
            {query.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(query.error)}
              </Alert>
            )}
            <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0 }}>
              {results.map((result) => (
                <ResultCard
                  key={result.id_usuario}
                  result={result}
                  facts={result.atualizado_em ? [T.updatedOn(localDate(result.atualizado_em))] : []}
                  onOpen={() => update({ pessoa: String(result.id_usuario) }, true)}
                />
              ))}
            </Stack>
            <ResultsPager total={total} page={filters.pagina} onPage={(pagina) => update({ pagina: pagina > 1 ? String(pagina) : '' })} />
          </>
        )}
      </Box>

      <SidePanel open={opened !== null} onClose={close} titleId={PERSON_TITLE_ID}>
        {opened !== null && <PersonDetail key={opened} id={opened} known={known} onClose={close} />}
      </SidePanel>
    </Box>
  );
}
