// The search "Onde está o equipamento?" of the supplies home and the lookup: a patrimônio or serial,
// opened at /supplies/lookup/{codigo}; an empty one asks for it.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { lookupPath, TEXTS as T } from './texts.js';

/** "Onde está o equipamento?": a patrimônio or serial, opened in the lookup. */
export function LookupSearch({ initial = '', autoFocus = false }: { initial?: string; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const [code, setCode] = useState(initial);
  const [error, setError] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError(true);
      return;
    }
    navigate(lookupPath(code));
  };
  return (
    <Paper variant="outlined" component="form" role="search" aria-label={T.lookupTitle} onSubmit={submit} sx={{ p: 2, mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {T.lookupTitle}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={T.searchLabel}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? T.searchHint : ' '}
          size="small"
          autoFocus={autoFocus}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off', spellCheck: false } }}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ height: 40 }}>
          {T.searchButton}
        </Button>
      </Stack>
    </Paper>
  );
}
