// What the resume database and the keyword search share: a result's card (the person, where they are,
// what it says about them, the snippet with the words found) and the pages of results.
import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Chip, InputAdornment, Pagination, Stack, TextField, Typography, type SxProps, type Theme } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { pageCount, snippetParts, type TalentResult } from './talent.js';
import { TALENT_TEXTS as T, TEXTS } from './texts.js';

/**
 * The snippet the server found: its text drawn as text (whatever it holds, a tag included), the
 * words found in <mark>. Never HTML from the answer.
 */
export function Snippet({ html }: { html: string | null | undefined }) {
  const parts = snippetParts(html);
  if (parts.length === 0) return null;
  return (
    <Typography variant="body2" component="p" data-testid="snippet" sx={{ mt: 1, color: 'text.secondary', overflowWrap: 'anywhere', '& mark': { bgcolor: 'warning.light', color: 'text.primary', px: 0.25, borderRadius: 0.5 } }}>
      {parts.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </Typography>
  );
}

export const personName = (person: Pick<TalentResult, 'nome' | 'email'>) => person.nome || person.email || '';
export const personPlace = (person: Pick<TalentResult, 'cidade' | 'uf'>) => [person.cidade, person.uf].filter(Boolean).join('/');

/** A result: the name, `chips`, the place and `facts` given by the page, the snippet; the whole card opens the person. */
export function ResultCard({ result, onOpen, chips, facts }: { result: TalentResult; onOpen: () => void; chips?: ReactNode; facts?: string[] }) {
  const name = personName(result);
  const line = [personPlace(result), ...(facts ?? [])].filter(Boolean).join(' · ');
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none' }} aria-label={name}>
      <CardActionArea onClick={onOpen}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere', mr: 'auto' }}>
              {name}
            </Typography>
            {result.funcionario && <Chip size="small" color="primary" variant="outlined" label={TEXTS.employee} />}
            {chips}
          </Stack>
          {line && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {line}
            </Typography>
          )}
          <Snippet html={result.trecho} />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The pages of the results (20 each), when there is more than one. */
export function ResultsPager({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_event, next) => onPage(next)}
        color="primary"
        aria-label={T.pages}
        getItemAriaLabel={(type, item, selected) => T.pageLabel(type, item, selected)}
      />
    </Box>
  );
}

/** The keywords box of both searches (at most 200 characters, as the server takes). */
export function WordsField({ value, onChange, hint, sx }: { value: string; onChange: (words: string) => void; hint: string; sx: SxProps<Theme> }) {
  return (
    <TextField
      label={T.words}
      type="search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      size="small"
      helperText={hint}
      sx={sx}
      slotProps={{
        htmlInput: { maxLength: 200 },
        input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
      }}
    />
  );
}
