// The offer form's Provedor: the providers of the signed-in user (GET /v1/caronas/provedores; an
// employee holds no role that lists the providers register), the only one chosen already when there
// is one. The server takes only one of the offerer's providers.
import { useEffect, useState } from 'react';
import { Box, CircularProgress, MenuItem, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { type FieldInputProps, FieldMessage, NO_OPTIONS_TEXT, useApiOrigin, useShownError, v1Json } from '../../src/admin/pages.js';

interface Provider {
  id: number;
  nome: string;
}

export const PROVIDERS_LOAD_ERROR = 'Erro ao buscar provedores!';

export default function ProviderInput({ field, label, validate }: FieldInputProps) {
  useApiOrigin();
  const { field: input, fieldState, isRequired, id } = useInput({ source: field, validate });
  const error = useShownError(fieldState);
  const [options, setOptions] = useState<Provider[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    v1Json<{ provedores: Provider[] }>('/v1/caronas/provedores', { module: 'frota' })
      .then(({ provedores }) => !cancelled && setOptions(provedores))
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        setOptions([]);
      });
    return () => {
      cancelled = true;
    };
  }, []);
  const value = input.value === '' || input.value === null || input.value === undefined ? null : Number(input.value);
  // One provider: it is the offer's (a new offer opens with it chosen).
  useEffect(() => {
    if (value === null && options?.length === 1) input.onChange(options[0].id);
  }, [value, options, input]);
  const shown = options && value !== null && !options.some((o) => o.id === value) ? [...options, { id: value, nome: `#${value}` }] : (options ?? []);
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        select
        fullWidth
        size="small"
        id={id}
        label={label}
        required={isRequired}
        value={value ?? ''}
        error={Boolean(error)}
        onChange={(e) => {
          input.onChange(e.target.value === '' ? null : Number(e.target.value));
          input.onBlur();
        }}
        onBlur={input.onBlur}
        slotProps={{ input: { endAdornment: options === null ? <CircularProgress size={18} sx={{ mr: 3 }} /> : undefined } }}
      >
        {shown.length ? (
          shown.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.nome}
            </MenuItem>
          ))
        ) : (
          <MenuItem disabled value="">
            {failed ? PROVIDERS_LOAD_ERROR : NO_OPTIONS_TEXT}
          </MenuItem>
        )}
      </TextField>
      <FieldMessage error={error} />
    </Box>
  );
}
