// The holiday form's state and cities (foundation document, sections 4 and 5), with the shared
// rules of src/domain/holidays.ts:
// - the state is enabled only for Estadual and Municipal, required for Estadual, cleared for Nacional;
// - cities are chosen in a dual list only for Municipal holidays ('Selecione uma ou mais cidades'
//   when none); for Nacional or Estadual the list is blocked with the spec's message;
// - with a state chosen, the cities offered (and kept) are that state's;
// - a one-off holiday (no yearly recurrence) has its year, this year unless changed; a recurring one none.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, Box, FormLabel, InputAdornment, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { NumberInput, SelectInput, useInput } from 'react-admin';
import { citiesBlockedMessage, citiesEnabled, HOLIDAY_MSG, stateEnabled, stateRequired, yearEnabled } from '../../src/domain/holidays.js';
import { MSG } from '../../src/domain/messages.js';
import { type FieldInputProps, FieldMessage, missingValue, SELECT_DEBOUNCE_MS, useShownError } from '../../src/admin/pages.js';
import { DualList, type DualItem } from './DualList.js';
import { searchMunicipalities, STATES, type Municipality } from './municipalities.js';

type AnyValidator = (value: unknown, values?: Record<string, unknown>) => string | ReturnType<typeof missingValue> | undefined;

export function HolidayStateInput({ field, label, validate }: FieldInputProps) {
  const tipo = useWatch({ name: 'tipo' });
  const { setValue, getValues } = useFormContext();
  const enabled = stateEnabled(tipo);
  const required = stateRequired(tipo);

  // A Nacional holiday has no state.
  useEffect(() => {
    if (tipo === 'Nacional' && getValues(field)) setValue(field, null, { shouldDirty: true });
  }, [tipo, field, getValues, setValue]);

  const rules = useMemo(() => {
    const byType: AnyValidator & { isRequired?: boolean } = (value, values) =>
      stateRequired(values?.tipo) && (value === null || value === undefined || value === '') ? MSG.required : undefined;
    byType.isRequired = required;
    return [...(validate as AnyValidator[]), byType];
  }, [validate, required]);

  return (
    <SelectInput
      source={field}
      label={label}
      choices={STATES.map((uf) => ({ id: uf, name: uf }))}
      validate={rules}
      disabled={!enabled}
      emptyText="Não informado"
      parse={(v: unknown) => (v === '' ? null : v)}
      fullWidth
      helperText={enabled ? false : 'Apenas para feriados estaduais ou municipais'}
    />
  );
}

export function HolidayYearInput({ field, label, validate }: FieldInputProps) {
  const recorrente = useWatch({ name: 'recorrencia_anual' });
  const { setValue, getValues } = useFormContext();
  const enabled = yearEnabled(recorrente);
  useEffect(() => {
    const year = getValues(field);
    if (enabled && (year === null || year === undefined || year === '')) setValue(field, new Date().getFullYear(), { shouldDirty: true });
    if (!enabled && recorrente !== undefined && year != null) setValue(field, null, { shouldDirty: true });
  }, [enabled, recorrente, field, getValues, setValue]);
  return (
    <NumberInput
      source={field}
      label={label}
      validate={validate}
      disabled={!enabled}
      step={1}
      fullWidth
      helperText={enabled ? 'O feriado acontece só neste ano.' : 'Feriados com recorrência anual acontecem todo ano.'}
    />
  );
}

const toItem = (m: Municipality): DualItem => ({ key: String(m.ibge), label: m.label, secondary: m.uf });

export function HolidayCitiesInput({ field, label, validate }: FieldInputProps) {
  const tipo = useWatch({ name: 'tipo' });
  const uf = useWatch({ name: 'uf' }) as string | null | undefined;
  const rules = useMemo(() => {
    const needsCities: AnyValidator = (value, values) =>
      citiesEnabled(values?.tipo) && (!Array.isArray(value) || value.length === 0) ? missingValue(HOLIDAY_MSG.citiesRequired) : undefined;
    return [...(validate as AnyValidator[]), needsCities];
  }, [validate]);
  const { field: input, fieldState, isRequired } = useInput({ source: field, validate: rules });
  const error = useShownError(fieldState);
  const codes = useMemo<number[]>(() => (Array.isArray(input.value) ? (input.value as number[]) : []), [input.value]);
  const blocked = citiesBlockedMessage(tipo);
  const enabled = citiesEnabled(tipo);

  // Known municipalities by IBGE code (names of the chosen ones and of every search).
  const [known, setKnown] = useState<Map<number, Municipality>>(new Map());
  const remember = (list: Municipality[]) =>
    setKnown((current) => {
      const next = new Map(current);
      for (const m of list) next.set(m.ibge, m);
      return next;
    });

  // Names of cities already chosen (editing a holiday).
  useEffect(() => {
    const missing = codes.filter((c) => !known.has(c));
    if (!missing.length) return;
    let cancelled = false;
    searchMunicipalities({ ibge: missing })
      .then((list) => !cancelled && remember(list))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [codes]);

  // Nacional and Estadual holidays have no cities.
  const onChange = useRef(input.onChange);
  onChange.current = input.onChange;
  useEffect(() => {
    if (blocked && codes.length) onChange.current([]);
  }, [blocked, codes.length]);

  // A state chosen: only its cities stay.
  useEffect(() => {
    if (!uf || !codes.length) return;
    const others = codes.filter((c) => known.get(c) && known.get(c)!.uf !== uf);
    if (others.length) onChange.current(codes.filter((c) => !others.includes(c)));
  }, [uf, codes, known]);

  // The available list: the state's cities, narrowed by the search (500 ms after the last key).
  const [search, setSearch] = useState('');
  const [available, setAvailable] = useState<Municipality[]>([]);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled || (!uf && search.trim().length < 2)) {
      setAvailable([]);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      searchMunicipalities({ uf, q: search })
        .then((list) => {
          if (cancelled) return;
          remember(list);
          setAvailable(list);
        })
        .catch(() => !cancelled && setAvailable([]))
        .finally(() => !cancelled && setLoading(false));
    }, search ? SELECT_DEBOUNCE_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, uf, search]);

  const chosen: DualItem[] = codes.map((c) => (known.get(c) ? toItem(known.get(c)!) : { key: String(c), label: String(c) }));

  return (
    <Box sx={{ mb: 2 }}>
      <FormLabel required={isRequired || enabled} error={Boolean(error)} sx={{ display: 'block', mb: 1, fontSize: '0.85rem' }}>
        {label}
      </FormLabel>
      {blocked ? (
        <Alert severity="info">{blocked}</Alert>
      ) : !enabled ? (
        <Alert severity="info">Escolha o tipo do feriado para selecionar cidades.</Alert>
      ) : (
        <DualList
          available={available.map(toItem)}
          chosen={chosen}
          loading={loading}
          onChange={(items) => {
            input.onChange(items.map((i) => Number(i.key)));
            input.onBlur();
          }}
          availableTitle="Cidades disponíveis"
          chosenTitle="Cidades selecionadas"
          availableEmpty={uf ? 'Nenhum dado encontrado' : 'Escolha o estado ou pesquise a cidade (2 letras ou mais).'}
          availableHeader={
            <Stack direction="row" sx={{ mt: 1 }}>
              <TextField
                size="small"
                fullWidth
                placeholder="Pesquisar cidade"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                slotProps={{
                  htmlInput: { 'aria-label': 'Pesquisar cidade' },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Stack>
          }
        />
      )}
      <FieldMessage error={error} />
    </Box>
  );
}

/** How a holiday's cities show in the list's expanded row: their names, not their IBGE codes. */
export function HolidayCityNames({ value }: { value: unknown }) {
  const codes = useMemo(() => (Array.isArray(value) ? (value as number[]) : []), [value]);
  const [names, setNames] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    searchMunicipalities({ ibge: codes })
      .then((list) => !cancelled && setNames(list.map((m) => `${m.label}/${m.uf}`).join(', ')))
      .catch(() => !cancelled && setNames(codes.join(', ')));
    return () => {
      cancelled = true;
    };
  }, [codes]);
  return <span>{names ?? '…'}</span>;
}

