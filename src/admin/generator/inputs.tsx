// The form input of a schema property, chosen by its type and format, with its validators:
// references as selects searched on the server (500 ms debounce) and dependent on each other,
// multi-selects, switches, numbers, dates, masked CNPJ/CPF/phone/CEP (with the address lookup),
// colour, rich text, file and image uploads (x-intranet.files: bucket and extensions); a campaign or
// channel offered by the chosen provider's flag (references.<field>.providerFlag); bespoke inputs
// from custom pages take their place.
import { createContext, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Box, Button, CircularProgress, InputAdornment, Stack, Typography } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectArrayInput,
  SelectInput,
  TextArrayInput,
  TextInput,
  TimeInput,
  useChoicesContext,
  useDataProvider,
  useGetOne,
  useNotify,
  type AutocompleteInputProps,
} from 'react-admin';
import { applyMask, formatMoneyInput, formatMonthDay, isImageFieldName, MASKS, parseMonthDay, parseMoneyInput, type MaskName } from '../../domain/format.js';
import { addressFieldsOf, CEP_CLEAR_BELOW, CEP_LOOKUP_LENGTH, CEP_NOT_FOUND, CLEARED_PARTS, createCity, lookupCep, type CepAddress } from './cep.js';
import { DateInput } from './DateInput.js';
import { chainAbove, dependentFilter, fieldReference, isBlankId, providerFlagFilter, reconcile, sameId, type SelectSpec } from './dependent.js';
import { fieldInputOf, formValidatorsOf } from './extensions.js';
import { useProviderValidators } from './sameProvider.js';
import { FileArrayInput, FileInput, fileRuleOf } from './files.js';
import { useOptionText } from './optionText.js';
import { configByResource } from './registry.js';
import { RichTextInput } from './RichTextInput.js';
import { RoleArrayInput } from './RoleInput.js';
import { baseType, isNullable, type PropertySchema, type Reference, type ResourceConfig } from '../core/schemas.js';
import { validatorsFor, type Validator } from './validation.js';

/** Autocomplete search waits this long after the last key (foundation spec, section 9). */
export const SELECT_DEBOUNCE_MS = 500;
export const NO_OPTIONS_TEXT = 'Nenhum dado encontrado';
/** The empty choice of an optional select. */
export const NOT_INFORMED = 'Não informado';
/** Under a select waiting for its provider (references.<field>.providerFlag). */
export const CHOOSE_PROVIDER = 'Escolha primeiro o provedor';

type MarkedValidator = Validator & { isRequired?: boolean };

/** Validators with react-admin's marker, so the label shows the required asterisk. */
export function validation(property: PropertySchema, required: boolean): MarkedValidator[] {
  const list: MarkedValidator[] = validatorsFor(property, required);
  if (required && list.length && baseType(property) !== 'boolean') list[0].isRequired = true;
  return list;
}

const choicesOf = (values: unknown[] | undefined, labels?: Record<string, string>) =>
  (values ?? []).filter((v) => v !== null).map((v) => ({ id: v as string | number, name: labels?.[String(v)] ?? String(v) }));

/** A field spans the whole row when it holds long text, rich text or a file. */
export function isWide(property: PropertySchema) {
  return (
    property.format === 'html' ||
    property.format === 'file' ||
    (baseType(property) === 'string' && (property.maxLength ?? 0) > 255 && !property.enum) ||
    (baseType(property) === 'array' && !(property.items as PropertySchema | undefined)?.enum)
  );
}

/**
 * The field's part of the resource's record-level checks (formValidators of custom pages): the
 * message a check gives this field, given the whole record react-admin passes a validator.
 */
export function recordValidators(resource: string, field: string): MarkedValidator[] {
  const checks = formValidatorsOf(resource);
  if (!checks.length) return [];
  const check = (_value: unknown, values?: Record<string, unknown>) => {
    for (const c of checks) {
      const message = c.validate(values ?? {}).errors?.[field];
      if (message) return message;
    }
    return undefined;
  };
  return [check as MarkedValidator];
}

export function SchemaInput({ config, field }: { config: ResourceConfig; field: string }) {
  const property = config.properties[field];
  // The provider rules (sameProvider, providerShared), checked before sending as the server does.
  const providerChecks = useProviderValidators(config, field) as MarkedValidator[];
  if (!property || property.readOnly) return null;
  const required = config.required.has(field);
  const label = field === 'ativo' && baseType(property) === 'boolean' ? 'Ativo' : property.title;
  const validate = [...validation(property, required), ...recordValidators(config.resource, field), ...providerChecks];
  const common = { source: field, label, validate, fullWidth: true, helperText: property.description ?? false } as const;
  const ref = fieldReference(config, field);
  const type = baseType(property);

  const Custom = fieldInputOf(config.resource, field)?.component;
  if (Custom) {
    return (
      <Suspense fallback={<CircularProgress size={24} />}>
        <Custom config={config} field={field} label={label} required={required} validate={validate} />
      </Suspense>
    );
  }

  if (ref && type === 'array') return <ReferenceArraySelect reference={ref} common={common} />;
  if (ref?.providerFlag) return <ProviderFlagSelect reference={ref} common={common} field={field} />;
  if (ref) return <ReferenceSelect reference={ref} common={common} field={field} />;

  if (type === 'boolean') return <BooleanInput source={field} label={label} helperText={common.helperText} />;

  if (type === 'array') {
    const items = (property.items ?? {}) as PropertySchema;
    if (items.enum) return <SelectArrayInput {...common} choices={choicesOf(items.enum, property['x-enumLabels'])} />;
    if (items.format === 'role') return <RoleArrayInput source={field} label={label} validate={validate} helperText={common.helperText} property={property} />;
    if (items.format === 'file') {
      const rule = fileRuleOf(config, field);
      return (
        <FileArrayInput
          source={field}
          label={label}
          validate={validate}
          image={isImageFieldName(field)}
          module={config.module}
          bucket={rule.bucket}
          accept={rule.accept}
          refusal={rule.message}
          helperText={common.helperText}
          max={property.maxItems}
        />
      );
    }
    return <TextArrayInput {...common} />;
  }

  if (property.enum) {
    // A value the record must hold (required, or a type without null: a status with its default)
    // offers no empty choice; an optional one keeps 'Não informado'.
    if (required || !isNullable(property)) {
      return <SelectInput {...common} validate={[...validation(property, true), ...recordValidators(config.resource, field)]} choices={choicesOf(property.enum, property['x-enumLabels'])} />;
    }
    return <SelectInput {...common} choices={choicesOf(property.enum, property['x-enumLabels'])} emptyText={NOT_INFORMED} parse={(v: unknown) => (v === '' ? null : v)} />;
  }

  if (property.format === 'money') return <MoneyInput common={common} />;
  if (property.format === 'count') return <CountInput common={common} />;

  if (type === 'integer' || type === 'number') {
    return <NumberInput {...common} step={type === 'integer' ? 1 : 'any'} />;
  }

  switch (property.format) {
    case 'date':
    case 'date-time':
      return <DateInput {...common} dateTime={property.format === 'date-time'} />;
    case 'time':
      return <TimeInput {...common} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'month-day':
      return (
        <TextInput
          {...common}
          helperText="Dia e mês (DD/MM)"
          placeholder="DD/MM"
          format={(v: unknown) => (typeof v === 'string' && /^\d{2}-\d{2}$/.test(v) ? formatMonthDay(v) : ((v as string) ?? ''))}
          parse={(v: string) => parseMonthDay(applyMask('##/##', v)) || null}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
      );
    case 'color':
      return <ColorInput common={common} />;
    case 'email':
      return <TextInput {...common} type="email" autoComplete="email" />;
    case 'uri':
      // Not type="url": the browser's own check would stop the submit with its own words, before 'Link inválido'.
      return <TextInput {...common} placeholder="https://" slotProps={{ htmlInput: { inputMode: 'url' } }} />;
    case 'cep':
      return <CepInput common={common} config={config} nullable={isNullable(property)} />;
    case 'cnpj':
    case 'cpf':
    case 'phone':
      return <MaskedInput common={common} mask={property.format} nullable={isNullable(property)} />;
    case 'html':
      return <RichTextInput source={field} label={label} validate={validate} helperText={common.helperText} />;
    case 'file': {
      const rule = fileRuleOf(config, field);
      return (
        <FileInput
          source={field}
          label={label}
          validate={validate}
          image={isImageFieldName(field)}
          module={config.module}
          bucket={rule.bucket}
          accept={rule.accept}
          refusal={rule.message}
          helperText={common.helperText}
        />
      );
    }
    default:
      return <TextInput {...common} multiline={isWide(property)} minRows={isWide(property) ? 3 : undefined} />;
  }
}

type Common = {
  source: string;
  label: string;
  validate: MarkedValidator[];
  fullWidth: true;
  helperText: string | false;
};

function ColorInput({ common }: { common: Common }) {
  return (
    <TextInput
      {...common}
      type="color"
      format={(v: unknown) => (typeof v === 'string' && v ? v : '#000000')}
      sx={{ '& input[type=color]': { height: 28, cursor: 'pointer' } }}
    />
  );
}

/** The most characters a money input takes (marketing spec, sections 5 and 9: 'max length 20'). */
export const MONEY_MAX_LENGTH = 20;
/** The most digits a count input keeps (beyond any maximum a schema gives: the check still says so). */
const COUNT_MAX_DIGITS = 12;
const thousands = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0, useGrouping: 'always' } as Intl.NumberFormatOptions);

/** A count as its input shows it: thousands dots ('1.234.567'; '' when empty). */
export function formatCountInput(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(n) ? thousands.format(n) : '';
}

/** What is typed in a count input: only its digits, as a whole number (null without a digit). */
export function parseCountInput(text: string): number | null {
  const digits = String(text ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, COUNT_MAX_DIGITS);
  return digits ? Number(digits) : null;
}

/** A count (`format: count`): digits only, shown with thousands dots as they are typed. */
function CountInput({ common }: { common: Common }) {
  return (
    <TextInput
      {...common}
      placeholder="0"
      format={formatCountInput}
      parse={parseCountInput}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: COUNT_MAX_DIGITS + Math.floor((COUNT_MAX_DIGITS - 1) / 3) } }}
    />
  );
}

/** Reais typed as on a cash register (the digits are cents), shown 'R$ 1.234,56'. */
function MoneyInput({ common }: { common: Common }) {
  return (
    <TextInput
      {...common}
      placeholder="0,00"
      format={formatMoneyInput}
      parse={parseMoneyInput}
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: MONEY_MAX_LENGTH },
        input: { startAdornment: <InputAdornment position="start">R$</InputAdornment> },
      }}
    />
  );
}

/**
 * A masked value is checked when the field is left, not only at Save: a 4-digit CEP says 'CEP
 * invalido' under the field at once. An empty field is left alone (its 'Campo obrigatório' waits for
 * Save); once a message shows, every change checks again, so it goes as soon as the value is right.
 */
function useCheckOnBlur(source: string) {
  const { trigger, getValues } = useFormContext();
  const { errors } = useFormState({ name: source });
  const value = useWatch({ name: source });
  const shown = Boolean(errors[source]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (shown) void trigger(source);
    // Only a change of the value checks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return () => {
    const current = getValues(source);
    if (current !== null && current !== undefined && current !== '') void trigger(source);
  };
}

function MaskedInput({ common, mask, nullable }: { common: Common; mask: MaskName; nullable: boolean }) {
  const pattern = MASKS[mask];
  const checkOnBlur = useCheckOnBlur(common.source);
  return (
    <TextInput
      {...common}
      onBlur={checkOnBlur}
      placeholder={pattern.replace(/#/g, '0')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: pattern.length } }}
      format={(v: unknown) => applyMask(pattern, v)}
      parse={(v: string) => {
        const masked = applyMask(pattern, v);
        return masked === '' ? (nullable ? null : '') : masked;
      }}
    />
  );
}

/** The masked CEP, looking the address up when complete and clearing it when mostly erased. */
function CepInput({ common, config, nullable }: { common: Common; config: ResourceConfig; nullable: boolean }) {
  const { setValue, getValues } = useFormContext();
  const value = useWatch({ name: common.source }) as string | null | undefined;
  const fields = addressFieldsOf(Object.keys(config.properties).filter((f) => !config.properties[f].readOnly && f !== common.source));
  const hasProvider = 'id_empresa' in config.properties;
  const [state, setState] = useState<'idle' | 'loading' | 'notFound' | 'missingCity' | 'creating'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const checkOnBlur = useCheckOnBlur(common.source);
  const previous = useRef(value);
  const mounted = useRef(false);
  const latest = useRef(value);
  latest.current = value;
  const provider = () => (hasProvider ? getValues('id_empresa') : undefined);

  // The complemento the last lookup wrote: it belongs to that CEP and goes when the CEP changes;
  // one the user typed is theirs and is never touched.
  const lookedUpComplemento = useRef<string | null>(null);
  const clearLookedUpComplemento = () => {
    const name = fields.complemento;
    if (name && lookedUpComplemento.current !== null && getValues(name) === lookedUpComplemento.current) setValue(name, null, { shouldDirty: true });
    lookedUpComplemento.current = null;
  };

  const fill = (address: CepAddress) => {
    for (const [part, name] of Object.entries(fields)) {
      if (!name) continue;
      const next = address[part as keyof CepAddress];
      if (part === 'complemento') {
        if (!next || !isBlankId(getValues(name))) continue;
        lookedUpComplemento.current = String(next);
      }
      if (next === undefined || (part === 'id_cidade' && next === null)) continue;
      setValue(name, next === '' ? null : next, { shouldDirty: true, shouldValidate: true });
    }
  };

  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    // The value the form opens with (a record being edited) is not typed: only changes look up or clear.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (before === value) return;
    const text = value ?? '';
    setCreated(null);
    clearLookedUpComplemento();
    if (text.length < CEP_CLEAR_BELOW) {
      setState('idle');
      setFailure(null);
      for (const part of CLEARED_PARTS) {
        const name = fields[part];
        if (name && !isBlankId(getValues(name))) setValue(name, null, { shouldDirty: true });
      }
      return;
    }
    if (text.length !== CEP_LOOKUP_LENGTH) return;
    setState('loading');
    setFailure(null);
    lookupCep(text, config.module, provider())
      .then((address) => {
        if (latest.current !== text) return;
        if (!address) return setState('notFound');
        fill(address);
        // The provider does not have this city yet: it can be created from the CEP.
        setState(hasProvider && !isBlankId(provider()) && address.id_cidade === null ? 'missingCity' : 'idle');
      })
      .catch((error: Error) => {
        if (latest.current !== text) return;
        setFailure(error.message);
        setState('idle');
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const onCreate = () => {
    const text = value ?? '';
    setState('creating');
    createCity(text, config.module, provider())
      .then((address) => {
        fill(address);
        setCreated(address.cidade ?? null);
        setState('idle');
      })
      .catch((error: Error) => {
        setFailure(error.message);
        setState('missingCity');
      });
  };

  const pattern = MASKS.cep;
  const cidade = fields.cidade ? (getValues(fields.cidade) as string | null) : null;
  return (
    <Box>
      <TextInput
        {...common}
        onBlur={checkOnBlur}
        placeholder="00000-000"
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: pattern.length },
          input: { endAdornment: state === 'loading' ? <InputAdornment position="end"><CircularProgress size={18} /></InputAdornment> : undefined },
        }}
        format={(v: unknown) => applyMask(pattern, v)}
        parse={(v: string) => {
          const masked = applyMask(pattern, v);
          return masked === '' ? (nullable ? null : '') : masked;
        }}
      />
      {(state === 'notFound' || failure) && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5, mb: 1.5 }}>
          {state === 'notFound' ? CEP_NOT_FOUND : failure}
        </Typography>
      )}
      {(state === 'missingCity' || state === 'creating') && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5, mb: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {cidade ? `${cidade} ainda não é uma cidade do provedor.` : 'A cidade deste CEP ainda não é uma cidade do provedor.'}
          </Typography>
          <Button size="small" onClick={onCreate} disabled={state === 'creating'}>
            Cadastrar cidade
          </Button>
        </Stack>
      )}
      {created && (
        <Typography variant="caption" color="success.main" role="status" sx={{ display: 'block', mt: 0.5, mb: 1.5 }}>
          {`Cidade ${created} cadastrada no provedor.`}
        </Typography>
      )}
    </Box>
  );
}

const searchQuery = (resource: string) => (text: string) => {
  const target = configByResource.get(resource);
  return text && target?.search.length ? { q: text } : {};
};

/** How long the toast of options that could not be loaded stays (as the other error toasts). */
const LOAD_ERROR_TOAST_MS = 5000;

/** The reference's own toast (references.<field>.loadError) when its options cannot be loaded; once per failure. */
function useLoadErrorToast(reference: Reference) {
  const { error } = useChoicesContext();
  const notify = useNotify();
  const message = reference.loadError;
  useEffect(() => {
    if (message && error) notify(message, { type: 'error', autoHideDuration: LOAD_ERROR_TOAST_MS, messageArgs: { _: message } });
  }, [error, message, notify]);
}

/** The autocomplete of a ReferenceInput: options by their label, naming their provider where labels repeat. */
export function ReferenceAutocomplete({ reference, ...props }: AutocompleteInputProps & { reference: Reference }) {
  const optionText = useOptionText(reference);
  useLoadErrorToast(reference);
  return <AutocompleteInput {...props} optionText={optionText} />;
}

/** Select of a referenced record, searched on the server as the user types (500 ms debounce). */
export function ReferenceSelect({ reference, common, field }: { reference: Reference; common: Omit<Common, 'validate'> & { validate?: MarkedValidator[] }; field: string }) {
  const filter = useDependentSelect(reference, field);
  return (
    <ReferenceInput source={common.source} reference={reference.resource} filter={filter} sort={{ field: reference.label, order: 'ASC' }}>
      <ReferenceAutocomplete
        reference={reference}
        label={common.label}
        validate={common.validate}
        helperText={common.helperText}
        fullWidth
        filterToQuery={searchQuery(reference.resource)}
        debounce={SELECT_DEBOUNCE_MS}
        noOptionsText={NO_OPTIONS_TEXT}
      />
    </ReferenceInput>
  );
}

/**
 * A campaign or channel of the provider chosen in the form (references.<field>.providerFlag): the
 * active options carrying that provider's flag, found by its name (the provider reference's
 * label); disabled, saying so, until a provider is chosen; cleared when the provider changes.
 */
export function ProviderFlagSelect({ reference, common, field }: { reference: Reference; common: Common; field: string }) {
  const references = useContext(FormReferencesContext);
  const parentName = reference.dependsOn ?? '';
  const parentReference = references[parentName];
  const parent = useWatch({ name: parentName });
  useClearWhenParentChanges(parentName, parent, field);
  const { data: provider } = useGetOne(parentReference?.resource ?? reference.resource, { id: parent }, { enabled: Boolean(parentReference) && !isBlankId(parent) });
  const name = provider && parentReference && sameId(provider.id, parent) ? provider[parentReference.label] : undefined;
  const ready = !isBlankId(parent) && name !== undefined;
  const target = configByResource.get(reference.resource);
  const filter = useMemo(() => providerFlagFilter(name, Object.keys(target?.properties ?? {})), [name, target]);
  return (
    // One input per provider: no options of the previous one linger.
    <ReferenceInput
      key={ready ? String(parent) : ''}
      source={common.source}
      reference={reference.resource}
      filter={filter}
      sort={{ field: reference.label, order: 'ASC' }}
      queryOptions={{ enabled: ready }}
    >
      <ReferenceAutocomplete
        reference={reference}
        label={common.label}
        validate={common.validate}
        helperText={ready ? common.helperText : CHOOSE_PROVIDER}
        disabled={!ready}
        fullWidth
        filterToQuery={searchQuery(reference.resource)}
        debounce={SELECT_DEBOUNCE_MS}
        noOptionsText={NO_OPTIONS_TEXT}
      />
    </ReferenceInput>
  );
}

/** A context select (provider, department, ... of a position's sector): filters, never saved. */
export function ContextSelect({ spec }: { spec: SelectSpec }) {
  return <ReferenceSelect reference={spec.reference} field={spec.field} common={{ source: spec.field, label: spec.label, fullWidth: true, helperText: false }} />;
}

function ReferenceArraySelect({ reference, common }: { reference: Reference; common: Common }) {
  return (
    <ReferenceArrayInput source={common.source} reference={reference.resource} sort={{ field: reference.label, order: 'ASC' }}>
      <AutocompleteArrayInput
        label={common.label}
        validate={common.validate}
        helperText={common.helperText}
        fullWidth
        optionText={reference.label}
        filterToQuery={searchQuery(reference.resource)}
        debounce={SELECT_DEBOUNCE_MS}
        noOptionsText={NO_OPTIONS_TEXT}
      />
    </ReferenceArrayInput>
  );
}

/** The references of the form's selects (record fields and context selects), for the chain filters. */
const FormReferencesContext = createContext<Record<string, Reference>>({});
export const FormReferencesProvider = FormReferencesContext.Provider;

const asList = (v: unknown) => (Array.isArray(v) ? v : [v]);

/**
 * The options filter of a dependent select: its parent's value; when the parent is empty but a
 * select further up has a value, the ids the chain allows (a user's providers narrow the positions
 * offered to those of their departments' sectors before any sector is chosen).
 */
function useOptionsFilter(reference: Reference): Record<string, unknown> | undefined {
  const references = useContext(FormReferencesContext);
  const levels = useMemo(() => chainAbove(reference, references), [reference, references]);
  const watched = useWatch({ name: levels.map((l) => l.parent), disabled: !levels.length }) as unknown[] | undefined;
  const values = levels.length ? (watched ?? []) : [];
  const nearest = values.findIndex((v) => !isBlankId(v));
  const dataProvider = useDataProvider();
  const { data: allowed } = useQuery({
    queryKey: ['dependent-chain', reference.resource, levels.slice(0, nearest + 1).map((l) => l.parent), nearest > 0 ? values[nearest] : null],
    enabled: nearest > 0,
    queryFn: async () => {
      let current: unknown[] = asList(values[nearest]);
      for (let j = nearest - 1; j >= 0 && current.length; j--) {
        const via = levels[j].parentReference;
        if (!via?.dependsOn) return [];
        const { data } = await dataProvider.getList(via.resource, {
          filter: { [via.filterField ?? via.dependsOn]: current },
          pagination: { page: 1, perPage: 0 },
          sort: { field: 'id', order: 'ASC' },
        });
        current = data.map((r) => r.id);
      }
      return current;
    },
  });
  if (nearest < 0) return undefined;
  if (nearest === 0) return dependentFilter(reference, values[0]);
  return { [levels[0].filterField]: allowed ?? [] };
}

/**
 * Dependent selects: the options follow the value of `dependsOn` (or of a select above it); changing
 * that value clears this one (changing the provider clears department, then sector, then position);
 * an option that does not belong to the chosen parent is cleared (an invalid department clears
 * sector and position); choosing an option while the parent is empty fills the parent from it. A
 * parent holding several ids (a user's providers) clears only the options that belong to none.
 */
function useDependentSelect(reference: Reference, field: string) {
  const { setValue, getValues } = useFormContext();
  const parentName = reference.dependsOn;
  const parent = useWatch({ name: parentName ?? '__none__', disabled: !parentName });
  const value = useWatch({ name: field });
  useClearWhenParentChanges(parentName, parent, field);

  const { data: chosen } = useGetOne(reference.resource, { id: value }, { enabled: Boolean(parentName) && !isBlankId(value) });
  useEffect(() => {
    if (!parentName || !chosen || !sameId(chosen.id, value)) return;
    // After the current commit: the form resets itself to the record in its own mount effect, which
    // runs after this one and would wipe a parent filled now (a cached option is known at once).
    const timer = setTimeout(() => {
      if (!sameId(getValues(field), chosen.id)) return;
      const action = reconcile(reference, getValues(parentName), chosen);
      if (action.fillParent !== undefined) setValue(parentName, action.fillParent, { shouldDirty: false });
      else if (action.clear) setValue(field, null, { shouldDirty: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [chosen, value, parent, parentName, field, reference, getValues, setValue]);

  return useOptionsFilter(reference);
}

/** A dependent select's value goes when its parent (a single id) changes or is cleared; the value a form opens with stays. */
function useClearWhenParentChanges(parentName: string | undefined, parent: unknown, field: string) {
  const { setValue, getValues } = useFormContext();
  const previous = useRef(parent);
  useEffect(() => {
    if (!parentName) return;
    const before = previous.current;
    previous.current = parent;
    if (Array.isArray(parent) || Array.isArray(before)) return;
    if (!isBlankId(before) && !sameId(before, parent) && !isBlankId(getValues(field))) {
      setValue(field, null, { shouldDirty: true, shouldValidate: false });
    }
  }, [parent, parentName, field, getValues, setValue]);
}
