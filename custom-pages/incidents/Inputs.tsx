// The incident form's impacted department and the compliment form's colleague: plain employees report
// incidents and praise colleagues without any module role, so these selects read the calls open to
// every employee (GET v1/incidente/departamentos, GET v1/company/users) instead of the departments'
// and users' registers, which need a module role. The colleague of /compliments/register/{id} comes
// from the address and is shown read-only; chosen from the list, the colleagues offered leave out the
// signed-in user (nobody praises themselves: the server refuses it too).
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Autocomplete, Box, CircularProgress, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { type FieldInputProps, FieldMessage, NO_OPTIONS_TEXT, SELECT_DEBOUNCE_MS, useApiOrigin, useShownError, useViewer, v1Json } from '../../src/admin/pages.js';
import { TEXTS } from './texts.js';

interface Option {
  id: number;
  label: string;
}

function OptionSelect({ field, label, validate, options, loading, failed, onText, readOnly, fixed = null }: FieldInputProps & { options: Option[]; loading: boolean; failed: boolean; onText?: (t: string) => void; readOnly?: boolean; fixed?: number | null }) {
  const { field: input, fieldState, isRequired } = useInput({ source: field, validate });
  const error = useShownError(fieldState);
  const value = typeof input.value === 'number' ? input.value : input.value ? Number(input.value) : null;
  // A value the address fixes (the colleague of /compliments/register/{id}) is set on the input itself: set through the
  // form before the input registered, the form's own start could put it back to empty.
  useEffect(() => {
    if (fixed !== null && value !== fixed) input.onChange(fixed);
  }, [fixed, value, input]);
  const chosen = useMemo(() => (value === null ? null : (options.find((o) => o.id === value) ?? { id: value, label: loading ? '' : `#${value}` })), [value, options, loading]);
  return (
    <Box sx={{ mb: 2 }}>
      <Autocomplete
        options={options}
        value={chosen}
        loading={loading}
        readOnly={readOnly}
        getOptionLabel={(o) => o.label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        filterOptions={onText ? (x) => x : undefined}
        onInputChange={(_e, next, reason) => reason === 'input' && onText?.(next)}
        onChange={(_e, o) => {
          input.onChange(o ? o.id : null);
          input.onBlur();
        }}
        noOptionsText={failed ? TEXTS.loadError : NO_OPTIONS_TEXT}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            required={isRequired}
            error={Boolean(error)}
            onBlur={input.onBlur}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, ...(readOnly ? { 'aria-readonly': true } : {}) },
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

interface Department {
  id: number;
  nome: string;
  id_empresa: number;
  empresa: string;
}

export function DepartmentInput(props: FieldInputProps) {
  useApiOrigin();
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    v1Json<{ rh_departamento: Department[] }>('/v1/incidente/departamentos', { module: 'incidentes' })
      .then(({ rh_departamento: rows }) => {
        if (cancelled) return;
        const several = new Set(rows.map((d) => d.id_empresa)).size > 1;
        setOptions(rows.map((d) => ({ id: d.id, label: several ? `${d.nome} (${d.empresa})` : d.nome })));
      })
      .catch(() => !cancelled && setFailed(true))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, []);
  return <OptionSelect {...props} options={options} loading={loading} failed={failed} />;
}

interface Contact {
  id: number;
  nome: string | null;
  email: string;
  empresas: string[];
}

const contactLabel = (c: Contact) => `${c.nome || c.email}${c.empresas?.length ? ` (${c.empresas.join(', ')})` : ''}`;

export function ColleagueInput(props: FieldInputProps) {
  useApiOrigin();
  const params = useParams();
  const fixed = /^\d{1,9}$/.test(params.id ?? '') && !window.location.pathname.includes('/edit/') ? Number(params.id) : null;
  const current = useWatch({ name: props.field }) as unknown;
  const self = useViewer().usuarioId;
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const value = typeof current === 'number' ? current : null;
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      const one = fixed ?? (text.trim() ? null : value);
      const call = one !== null
        ? v1Json<{ usuario: Contact }>(`/v1/company/users/${one}`, { module: 'rh' }).then((r) => [r.usuario])
        : v1Json<{ usuarios: Contact[] }>(`/v1/company/users?limit=30&nome=${encodeURIComponent(text.trim())}`, { module: 'rh' }).then((r) => r.usuarios.filter((c) => c.id !== self));
      call
        .then((rows) => !cancelled && (setOptions(rows.map((c) => ({ id: c.id, label: contactLabel(c) }))), setFailed(false)))
        .catch(() => !cancelled && setFailed(true))
        .finally(() => !cancelled && setLoading(false));
    }, fixed !== null ? 0 : SELECT_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [text, fixed, value, self]);
  return <OptionSelect {...props} options={options} loading={loading} failed={failed} onText={fixed === null ? setText : undefined} readOnly={fixed !== null} fixed={fixed} />;
}
