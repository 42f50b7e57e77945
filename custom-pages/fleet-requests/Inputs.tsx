// The incident and maintenance requests' vehicle: plain employees report without any frota role, so
// the select reads the active vehicles of their providers from GET v1/solicitacoes/veiculos instead
// of the vehicles' register.
import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, Box, CircularProgress, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { type FieldInputProps, FieldMessage, NO_OPTIONS_TEXT, useApiOrigin, useShownError, v1Json } from '../../src/admin/pages.js';
import { TEXTS } from './texts.js';

interface Vehicle {
  id: number;
  placa: string;
  marca: string;
  modelo: string;
  id_empresa: number;
  empresa: string;
}

interface Option {
  id: number;
  label: string;
}

export function VehicleInput({ field, label, validate }: FieldInputProps) {
  useApiOrigin();
  const { field: input, fieldState, isRequired } = useInput({ source: field, validate });
  const error = useShownError(fieldState);
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    v1Json<{ veiculos: Vehicle[] }>('/v1/solicitacoes/veiculos', { module: 'frota' })
      .then(({ veiculos }) => {
        if (cancelled) return;
        const several = new Set(veiculos.map((v) => v.id_empresa)).size > 1;
        setOptions(veiculos.map((v) => ({ id: v.id, label: `${v.placa} — ${v.marca} ${v.modelo}${several ? ` (${v.empresa})` : ''}` })));
      })
      .catch(() => !cancelled && setFailed(true))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);
  const value = typeof input.value === 'number' ? input.value : input.value ? Number(input.value) : null;
  const chosen = useMemo(() => (value === null ? null : (options.find((o) => o.id === value) ?? { id: value, label: loading ? '' : `#${value}` })), [value, options, loading]);
  return (
    <Box sx={{ mb: 2 }}>
      <Autocomplete
        options={options}
        value={chosen}
        loading={loading}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_e, o) => {
          input.onChange(o ? o.id : null);
          input.onBlur();
        }}
        noOptionsText={failed ? TEXTS.optionsError : NO_OPTIONS_TEXT}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={isRequired}
            error={Boolean(error)}
            onBlur={input.onBlur}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                endAdornment: (
                  <>
                    {loading && <CircularProgress size={18} />}
                    {params.slotProps.input.endAdornment}
                  </>
                ),
              },
            }}
          />
        )}
      />
      <FieldMessage error={error} />
    </Box>
  );
}
