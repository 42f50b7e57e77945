// The name of a city chosen from the built-in municipality list (foundation document, section 3:
// "searchable in the city inputs"): a provider city's name (/cities/register, /cities/edit/{id}) and
// a contracting company's address city. The options are the chosen state's municipalities (field
// uf, or estado on addresses), searched as the user types; with no state chosen, a search of two
// letters or more looks in every state, and choosing a city fills the state. A state that no longer
// holds the chosen name clears it. The server stores the same IBGE spelling (src/server/geo/cities.ts).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Autocomplete, Box, CircularProgress, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { CITY_MSG } from '../../src/domain/municipalities.js';
import { type FieldInputProps, FieldMessage, NO_OPTIONS_TEXT, SELECT_DEBOUNCE_MS, useApiOrigin, useShownError } from '../../src/admin/pages.js';
import { cityKey, searchMunicipalities, type Municipality } from './municipalities.js';

const optionKey = (m: Municipality) => `${m.ibge}-${m.label}`;

/** The field holding the state beside a city name: uf (provider cities) or estado (addresses). */
export const stateFieldOf = (properties: Record<string, unknown>) => ('uf' in properties ? 'uf' : 'estado');

export function CityNameInput({ config, field, label, validate }: FieldInputProps) {
  useApiOrigin();
  const stateField = stateFieldOf(config.properties);
  const uf = useWatch({ name: stateField }) as string | null | undefined;
  const { setValue, getValues } = useFormContext();
  const { field: input, fieldState, isRequired } = useInput({ source: field, validate });
  const error = useShownError(fieldState);
  const value = typeof input.value === 'string' && input.value ? input.value : null;

  const [text, setText] = useState('');
  const [options, setOptions] = useState<Municipality[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  // The state's municipalities (853 at most), or a search of every state, 500 ms after the last key.
  const query = uf ? '' : text.trim();
  useEffect(() => {
    if (!uf && query.length < 2) {
      setOptions([]);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      searchMunicipalities(uf ? { uf } : { q: query, limit: 50 })
        .then((list) => {
          if (cancelled) return;
          setOptions(list);
          setFailed(false);
        })
        .catch(() => !cancelled && setFailed(true))
        .finally(() => !cancelled && setLoading(false));
    }, uf ? 0 : SELECT_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [uf, query]);

  // A new state that does not have the chosen city clears it (the state a record opens with does not):
  // checked once that state's municipalities have come.
  const previousUf = useRef(uf);
  const recheck = useRef(false);
  useEffect(() => {
    if (previousUf.current !== uf && previousUf.current) recheck.current = true;
    previousUf.current = uf;
  }, [uf]);
  useEffect(() => {
    if (!recheck.current || !uf || loading || options[0]?.uf !== uf) return;
    recheck.current = false;
    if (value && !options.some((m) => cityKey(m.label, m.uf) === cityKey(value, uf))) setValue(field, null, { shouldDirty: true });
  }, [uf, value, options, loading, field, setValue]);

  // Stable: MUI resets the typed text whenever this function changes while the input is not focused.
  const optionLabel = useCallback((m: Municipality) => (uf ? m.label : m.uf ? `${m.label}/${m.uf}` : m.label), [uf]);
  const sameCity = useCallback((a: Municipality, b: Municipality) => cityKey(a.label, a.uf) === cityKey(b.label, b.uf), []);

  const chosen = useMemo(() => {
    if (!value) return null;
    const known = options.find((m) => cityKey(m.label, m.uf) === cityKey(value, uf ?? m.uf));
    return known ?? ({ ID: '', label: value, Estado: '', uf: (uf ?? '') as Municipality['uf'], ibge: 0 } satisfies Municipality);
  }, [value, options, uf]);

  return (
    <Box sx={{ mb: 2 }}>
      <Autocomplete
        options={options}
        value={chosen}
        loading={loading}
        getOptionLabel={optionLabel}
        getOptionKey={optionKey}
        isOptionEqualToValue={sameCity}
        onInputChange={(_e, next) => setText(next)}
        onChange={(_e, m) => {
          input.onChange(m ? m.label : null);
          input.onBlur();
          if (m && !getValues(stateField)) setValue(stateField, m.uf, { shouldDirty: true, shouldValidate: true });
        }}
        noOptionsText={failed ? CITY_MSG.loadError : !uf && query.length < 2 ? 'Escolha o estado ou digite 2 letras do nome.' : NO_OPTIONS_TEXT}
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

export default CityNameInput;
