// The restriction form (HR/sales document, section 5 "Restriction form"), drawn as inputs of the
// generated form of schemas/comunicacao/communication-restrictions.json (fieldInputs in index.tsx):
// - provider (sistema): the generated select; the customer's fields clear when it changes;
// - customer code (cod_cliente) with the 'search by' choice (Código or CPF, a form-only value):
//   the chosen one drives the customer lookup, the other is filled by it;
// - CPF masked ###.###.###-##; a CPF under 11 digits is not searched;
// - the customer's name, read-only, filled by the lookup, which tells its state under it;
// - the WhatsApp, e-mail and SMS switches, default off: off is restricted, on allowed.
// The lookup (POST /v1/relacionamento/clientes with filtro { codpessoa | cpf, id_empresa }, role of
// the regua_comunicacao area: useCustomerLookup of the sales pages) fills code (cod_cliente), CPF
// and name from one match, asks among several in the dialog 'Mais de um resultado encontrado', and
// says 'Nenhum resultado encontrado' for none. Editing a restriction changes only its channels.
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Stack, TextField } from '@mui/material';
import { BooleanInput, RadioButtonGroupInput, TextInput, useGetOne, useRecordContext } from 'react-admin';
import { applyMask, MASKS } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { onlyDigits } from '../../src/domain/validators.js';
import { type FieldInputProps, isBlankId, ReferenceSelect, SELECT_DEBOUNCE_MS, type Validator } from '../../src/admin/pages.js';
import { LOOKUP_TEXT, searchableCpf, useCustomerLookup, type CustomerRow } from '../sales/CustomerLookup.js';
import { allowedLabel, CHOOSE_PROVIDER_FIRST, CUSTOMER_NAME_HELP, RESTRICTED_HELP, SEARCH_BY, SEARCH_BY_FIELD, SEARCH_BY_LABEL, type SearchBy } from './texts.js';

/** The area whose role the lookup carries. */
const AREA = 'regua_comunicacao';

type Marked = Validator & { isRequired?: boolean };
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const requiredValidator = (): Marked => Object.assign((v: unknown) => (blank(v) ? MSG.required : undefined), { isRequired: true });

const SEARCH_CHOICES = (Object.keys(SEARCH_BY) as SearchBy[]).map((id) => ({ id, name: SEARCH_BY[id] }));

/** Editing an existing restriction (its customer is fixed: only the channels change). */
const useEditing = () => {
  const record = useRecordContext();
  return record?.id !== undefined && record?.id !== null;
};

const useSearchBy = (): SearchBy => (useWatch({ name: SEARCH_BY_FIELD }) as SearchBy | undefined) ?? 'codpessoa';

/** A value shown read-only as the form's inputs are (a fixed provider). */
function ReadOnlyValue({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      variant="filled"
      size="small"
      margin="dense"
      helperText=" "
      disabled
      slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
    />
  );
}

/** Clears the customer found so far (its code, CPF and name), but for `keep`. */
function useClearCustomer() {
  const { setValue, getValues } = useFormContext();
  return (keep?: 'cod_cliente' | 'cpf') => {
    for (const field of ['cod_cliente', 'cpf', 'nome_razaosocial'] as const) {
      if (field !== keep && !blank(getValues(field))) setValue(field, field === 'cod_cliente' ? '' : null, { shouldDirty: true });
    }
  };
}

export function ProviderInput({ config, field, label, validate }: FieldInputProps) {
  const editing = useEditing();
  const reference = config.references[field];
  const value = useWatch({ name: field });
  const clear = useClearCustomer();
  const previous = useRef(value);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    // Another provider: the customer found belongs to the previous one.
    if (!editing && !isBlankId(before) && before !== value) clear();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, editing]);
  const { data } = useGetOne(reference.resource, { id: value }, { enabled: editing && !isBlankId(value) });
  if (editing) return <ReadOnlyValue label={label} value={data ? String(data[reference.label] ?? value) : ''} />;
  return <ReferenceSelect reference={reference} field={field} common={{ source: field, label, validate, fullWidth: true, helperText: false }} />;
}

/** The 'search by' choice and the customer code; by code, typing it looks the customer up (after a pause). */
export function CustomerCodeInput({ field, label, validate }: FieldInputProps) {
  const editing = useEditing();
  const searchBy = useSearchBy();
  const clear = useClearCustomer();
  if (editing) return <TextInput source={field} label={label} readOnly fullWidth helperText={false} />;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'flex-start' }}>
      <RadioButtonGroupInput
        source={SEARCH_BY_FIELD}
        label={SEARCH_BY_LABEL}
        choices={SEARCH_CHOICES}
        defaultValue="codpessoa"
        row
        fullWidth={false}
        helperText={false}
        // Another search clears the customer found by the previous one.
        onChange={() => clear()}
        sx={{ mt: 0, mb: 0, flexShrink: 0, '& .MuiFormControlLabel-root': { mr: 1 } }}
      />
      <TextInput
        source={field}
        label={label}
        validate={validate}
        readOnly={searchBy !== 'codpessoa'}
        onChange={() => clear('cod_cliente')}
        fullWidth
        sx={{ flex: 1, minWidth: 140 }}
        helperText={searchBy === 'codpessoa' ? false : 'Preenchido pela busca do CPF'}
      />
    </Stack>
  );
}

export function CpfInput({ field, label, validate }: FieldInputProps) {
  const editing = useEditing();
  const searchBy = useSearchBy();
  const clear = useClearCustomer();
  const pattern = MASKS.cpf;
  const driving = !editing && searchBy === 'cpf';
  return (
    <TextInput
      source={field}
      label={label}
      validate={driving ? [requiredValidator(), ...validate] : validate}
      readOnly={!driving}
      onChange={driving ? () => clear('cpf') : undefined}
      placeholder={pattern.replace(/#/g, '0')}
      format={(v: unknown) => applyMask(pattern, v)}
      parse={(v: string) => applyMask(pattern, v) || null}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: pattern.length } }}
      fullWidth
      helperText={driving ? false : editing ? false : 'Preenchido pela busca do código'}
    />
  );
}

/** The filter the lookup runs now: by code (after a pause in typing) or by a complete CPF, within the provider. */
function useLookupFilter(editing: boolean): Record<string, unknown> | null | 'no-provider' {
  const searchBy = useSearchBy();
  const provider = useWatch({ name: 'sistema' });
  const code = useWatch({ name: 'cod_cliente' }) as string | null | undefined;
  const cpf = searchableCpf(useWatch({ name: 'cpf' }));
  const [settledCode, setSettledCode] = useState<string | null>(null);
  useEffect(() => {
    const text = (code ?? '').trim();
    const timer = setTimeout(() => setSettledCode(text || null), SELECT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code]);
  if (editing) return null;
  const wanted = searchBy === 'cpf' ? cpf : settledCode && settledCode === (code ?? '').trim() ? settledCode : null;
  if (wanted === null) return null;
  if (isBlankId(provider)) return 'no-provider';
  return searchBy === 'cpf' ? { cpf: wanted, id_empresa: provider } : { codpessoa: wanted, id_empresa: provider };
}

/** The customer's name, read-only: filled by the lookup, whose state shows under it. */
export function CustomerNameInput({ field, label }: FieldInputProps) {
  const editing = useEditing();
  const { setValue } = useFormContext();
  const filter = useLookupFilter(editing);
  // The code the last lookup wrote: it is not typed, so it is not looked up again.
  const filled = useRef<string | null>(null);
  const fill = (c: CustomerRow) => {
    filled.current = c.cod_cliente ?? null;
    setValue('cod_cliente', c.cod_cliente ?? '', { shouldDirty: true, shouldValidate: true });
    const cpf = onlyDigits(c.cpf ?? '');
    setValue('cpf', cpf.length === 11 ? applyMask(MASKS.cpf, cpf) : null, { shouldDirty: true, shouldValidate: true });
    setValue(field, c.nome_razaosocial, { shouldDirty: true, shouldValidate: true });
  };
  // Typing again (which clears the name) looks up again, even the same code.
  const name = useWatch({ name: field });
  if (blank(name)) filled.current = null;
  const filtro = filter && filter !== 'no-provider' && !(filter.codpessoa !== undefined && filter.codpessoa === filled.current) ? filter : null;
  const { data, isFetching, error, dialog } = useCustomerLookup({ filtro, module: AREA, onChoose: fill });
  let status: string | null = editing ? null : CUSTOMER_NAME_HELP;
  let failed = false;
  if (filter === 'no-provider') status = CHOOSE_PROVIDER_FIRST;
  else if (filtro && isFetching) status = LOOKUP_TEXT.searching;
  else if (filtro && error) [status, failed] = [(error as Error).message, true];
  else if (filtro && data && data.length === 0) [status, failed] = [LOOKUP_TEXT.none, true];
  return (
    <>
      <TextInput
        source={field}
        label={label}
        validate={editing ? undefined : [requiredValidator()]}
        readOnly
        fullWidth
        // The lookup's state, announced; 'Nenhum resultado encontrado' in the error colour.
        helperText={
          status ? (
            <Box component="span" role="status" sx={{ color: failed ? 'error.main' : undefined }}>
              {status}
            </Box>
          ) : (
            false
          )
        }
      />
      {dialog}
    </>
  );
}

/** A channel switch: on, the channel is allowed ('WhatsApp permitido'); off, restricted. */
export function ChannelInput({ field, label }: FieldInputProps) {
  return <BooleanInput source={field} label={allowedLabel(label)} helperText={RESTRICTED_HELP} />;
}
