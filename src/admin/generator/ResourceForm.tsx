// The generated create (<path>/register) and edit (<path>/edit/:id) screens: the schema's form
// sections with sub-headers, the required-fields banner, Cancel and Save, the spec's toasts, and
// on edit the history panel. A scoped register (x-intranet.scope) has them under its parent
// (<path>/register?idCampaign=1, <path>/edit/3/7): the parent's field comes from the route, shown
// read-only by the parent's label, and the screens return to the parent's list. Record-level
// checks of custom pages (formValidators) refuse a submit with their own toast. A register with
// form.afterCreate opens that screen after a create (the new import's rows).
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Box, Button, Divider, TextField, Typography } from '@mui/material';
import {
  Create,
  Edit,
  ResourceContextProvider,
  SimpleForm,
  Toolbar,
  useGetOne,
} from 'react-admin';
import { MSG } from '../../domain/messages.js';
import { fillRoute, placeholders } from '../../domain/rowActions.js';
import { TitleBar } from './TitleBar.js';
import { AccessDenied, NOT_ALLOWED_TEXT } from './AccessDenied.js';
import { useGoBack } from '../core/navigation.js';
import { lockedFieldsOf, useRights } from '../core/access.js';
import { useSession } from '../core/session.js';
import { useApiOrigin } from '../core/api.js';
import { contextChain, contextFields, formReferences, isBlankId } from './dependent.js';
import { formNoticesOf, formOnlyFieldsOf, formValidatorsOf } from './extensions.js';
import { HistoryPanel } from './HistoryPanel.js';
import { SharedWithProbe, unmanagedFieldsOf, writingRules } from './managedFields.js';
import { ContextSelect, FormReferencesProvider, isWide, SchemaInput } from './inputs.js';
import { DateRangeInput, isRangeEnd, rangeStartingAt } from './DateRange.js';
import { configByResource, fullConfig } from './registry.js';
import { useResourceToasts, useToasts } from './RowActions.js';
import { SubmitButton } from './SubmitButton.js';
import { useTimers } from './timers.js';
import { MISSING_VALUE_ARG } from './validation.js';
import { baseType, registerPathOf, returnPathOf, scopeFieldValue, scopeHome, scopeValueOf, withScope, type ResourceConfig, type ResourceSummary } from '../core/schemas.js';
import { FormCell, FormSection } from './FormLayout.js';
import { SchemaField } from './fields.js';

export { FormCell, FormSection };

const lookup = (resource: string) => configByResource.get(resource);

export { NOT_ALLOWED_TEXT };

export const FORM_MAX_WIDTH = 980;
const NO_FIELDS: Set<string> = new Set();
/** Submit feedback (the toasts) appears this long after the submit (foundation document, section 4). */
export const SUBMIT_FEEDBACK_MS = 200;

/**
 * Runs the submit feedback SUBMIT_FEEDBACK_MS later, unless the form is left first: then nothing
 * runs (no toast about a form the user has left). On success the toast and the going back happen
 * together when the delay ends, so the toast still reaches the user.
 */
export function useSubmitFeedback() {
  const timers = useTimers();
  return useCallback((show: () => void) => timers.later(show, SUBMIT_FEEDBACK_MS), [timers]);
}
export const REQUIRED_BANNER = '* CAMPO DE PREENCHIMENTO OBRIGATÓRIO';

export function RequiredBanner() {
  return (
    <Typography variant="caption" sx={{ color: 'text.secondary', fontWeight: 600, letterSpacing: 0.5 }}>
      {REQUIRED_BANNER}
    </Typography>
  );
}

/**
 * The submit-level message: 'Preencha todos os campos obrigatórios!' (or the schema's
 * messages.required, `requiredText`) when a required value is missing ('Campo obrigatório', or a
 * rule's own text marked with missingValue(): a Municipal holiday's 'Selecione uma ou mais
 * cidades'), the generic failure text for other invalid fields. Server errors have their own toast.
 */
export function InvalidSubmitNotifier({ requiredText = MSG.requiredForm, config }: { requiredText?: string; config?: ResourceConfig }) {
  const { submitCount, errors } = useFormState();
  const { getValues } = useFormContext();
  const seen = useRef(submitCount);
  const toasts = useToasts();
  const afterFeedbackDelay = useSubmitFeedback();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    // A record-level check's own toast (formValidators) comes first.
    const own = (errors as Record<string, { message?: unknown } | undefined>)[FORM_CHECK]?.message;
    // messages.required's '{campos}': the titles of the missing fields, in the form's order.
    const required = requiredText.includes(CAMPOS) ? requiredText.split(CAMPOS).join(config ? missingFieldTitles(config, errors, getValues()).join(', ') : '') : requiredText;
    if (typeof own === 'string' && own) {
      afterFeedbackDelay(() => toasts.failure({ message: own === MSG.requiredForm ? required : own }));
      return;
    }
    const messages = formErrors(errors);
    if (!messages.length) return;
    const missing = messages.some((m) => m.missing || m.text === MSG.required);
    afterFeedbackDelay(() => toasts.failure({ message: missing ? required : MSG.failure }));
  }, [submitCount, errors, toasts, afterFeedbackDelay, requiredText, config, getValues]);
  return null;
}

/** The placeholder of messages.required filled with the missing fields' titles ('Preencha os seguintes campos obrigatórios: {campos}'). */
export const CAMPOS = '{campos}';

/**
 * The titles of the fields a refused submit misses, in the form's order, once each: a declared
 * period by its title ('Período'), any other field by its own. A required field left empty counts
 * even where its input is disabled and so unchecked (a channel waiting for its provider).
 */
export function missingFieldTitles(
  config: Pick<ResourceConfig, 'sections' | 'dateRanges' | 'properties' | 'required'>,
  errors: unknown,
  values: Record<string, unknown> = {},
): string[] {
  const byField = (errors ?? {}) as Record<string, unknown>;
  const order = config.sections.flatMap((s) => s.fields);
  const titles: string[] = [];
  const blank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
  const missing = (field: string) =>
    byField[field]
      ? formErrors(byField[field]).some((m) => m.missing || m.text === MSG.required)
      : config.required.has(field) && !config.properties[field]?.readOnly && baseType(config.properties[field] ?? { type: 'null', title: '' }) !== 'boolean' && blank(values[field]);
  for (const field of [...order, ...Object.keys(byField).filter((f) => !order.includes(f) && f !== FORM_CHECK)]) {
    if (!missing(field)) continue;
    const range = config.dateRanges.find((r) => r.start === field || r.end === field);
    const title = range?.title ?? config.properties[field]?.title ?? field;
    if (!titles.includes(title)) titles.push(title);
  }
  return titles;
}

interface FormError {
  text: string;
  /** A required value is missing (missingValue()). */
  missing: boolean;
}

/**
 * The errors of a form. react-admin stores its validators' answers as '@@react-admin@@' + JSON (to
 * translate them later: a text, or { message, args }); server errors come as plain strings.
 */
export function formErrors(errors: unknown): FormError[] {
  const out: FormError[] = [];
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 5) return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === 'ref') continue;
      if (key === 'message' && typeof value === 'string') out.push(decodeMessage(value));
      else visit(value, depth + 1);
    }
  };
  visit(errors, 0);
  return out;
}

const RA_PREFIX = '@@react-admin@@';

function decodeMessage(message: string): FormError {
  if (!message.startsWith(RA_PREFIX)) return { text: message, missing: false };
  try {
    const parsed = JSON.parse(message.slice(RA_PREFIX.length)) as unknown;
    if (typeof parsed === 'string') return { text: parsed, missing: false };
    if (parsed && typeof parsed === 'object' && typeof (parsed as { message?: unknown }).message === 'string') {
      const { message: text, args } = parsed as { message: string; args?: Record<string, unknown> };
      return { text, missing: args?.[MISSING_VALUE_ARG] === true };
    }
  } catch {
    // not react-admin's format after all
  }
  return { text: message, missing: false };
}

export function FormToolbar({ onCancel, saveLabel = 'Salvar', extra }: { onCancel: () => void; saveLabel?: string; extra?: ReactNode }) {
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 2 }}>
      <Button variant="outlined" onClick={onCancel}>
        Cancelar
      </Button>
      {extra}
      <SubmitButton label={saveLabel} />
    </Toolbar>
  );
}

export const SAVE_AND_CONTINUE = 'Salvar e Continuar';

/**
 * The register's 'Salvar e Continuar' (form.saveAndContinue): saves, toasts the created message and
 * stays for the next entry, keeping the selects (the record's references: provider, campaign,
 * channel) and clearing every other field back to its default (the period, the figures).
 */
function SaveAndContinueButton({ config, defaults, onError }: { config: ResourceConfig; defaults?: Record<string, unknown>; onError: (error: unknown, variables?: { data?: Record<string, unknown> }) => void }) {
  const { getValues, reset } = useFormContext();
  const toasts = useResourceToasts(config);
  const afterFeedbackDelay = useSubmitFeedback();
  const mutationOptions = useMemo(
    () => ({
      onSuccess: (saved: Record<string, unknown>) =>
        afterFeedbackDelay(() => {
          toasts.done('created', saved);
          const values = getValues();
          const kept = Object.fromEntries(Object.keys(config.references).filter((f) => f in values).map((f) => [f, values[f]]));
          reset({ ...defaults, ...kept });
        }),
      onError,
    }),
    [afterFeedbackDelay, toasts, getValues, reset, config.references, defaults, onError],
  );
  return <SubmitButton label={SAVE_AND_CONTINUE} type="button" mutationOptions={mutationOptions} />;
}

/** The notices of custom pages (formNotices) under the form's sections: they read its values, and never stop a submit. */
function FormNotices({ config, mode }: { config: ResourceConfig; mode: 'create' | 'edit' }) {
  const notices = formNoticesOf(config.resource);
  if (!notices.length) return null;
  return (
    <Suspense fallback={null}>
      {notices.map(({ component: Notice }, i) => (
        <Notice key={i} config={config} mode={mode} />
      ))}
    </Suspense>
  );
}

/** The form value holding the record-level checks' verdict (never saved). */
export const FORM_CHECK = '__formCheck';

/**
 * The record-level checks of custom pages (formValidators) as one hidden field of the form: a submit
 * runs them with the fields' own validators, and their message refuses it (the toast above).
 */
function FormCheckField({ config }: { config: ResourceConfig }) {
  const checks = useMemo(() => formValidatorsOf(config.resource), [config.resource]);
  useController({
    name: FORM_CHECK,
    rules: {
      validate: (_value, values) => {
        for (const check of checks) {
          const { message, errors } = check.validate(values as Record<string, unknown>);
          if (message) return message;
          if (errors && Object.keys(errors).length) return MSG.requiredForm;
        }
        return true;
      },
    },
  });
  return null;
}

/** The parent's field of a scoped form: fixed by the route, shown read-only by the parent's label. */
function ScopeParentInput({ config, field }: { config: ResourceConfig; field: string }) {
  const value = useWatch({ name: field });
  const reference = config.references[field];
  const { data } = useGetOne(reference?.resource ?? config.resource, { id: value }, { enabled: Boolean(reference) && !isBlankId(value) });
  const text = isBlankId(value) ? '' : String((reference && data?.[reference.label]) ?? value);
  return (
    <TextField
      label={config.properties[field]?.title ?? field}
      value={text}
      fullWidth
      variant="filled"
      size="small"
      margin="dense"
      helperText=" "
      // Fixed by the route: greyed as the read-only inputs are.
      disabled
      slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
    />
  );
}

/** A field the viewer may not set or change (x-intranet.fieldAccess): its value, read-only, and who may change it. */
function LockedInput({ config, field }: { config: ResourceConfig; field: string }) {
  const value = useWatch({ name: field });
  const title = config.properties[field]?.title ?? field;
  const right = config.fieldAccess[field];
  return (
    <TextField
      label={title}
      value={value === null || value === undefined ? '' : String(value)}
      fullWidth
      variant="filled"
      size="small"
      margin="dense"
      helperText={MSG.fieldRight(title, typeof right === 'string' ? [right] : right)}
      disabled
      slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
    />
  );
}

/**
 * A read-only field (`readOnly`: written by the server, as a request's protocol or a campaign
 * result's funnel figures) on the edit screen: its title and its stored value as the list shows it
 * (dates DD/MM/AAAA, money in reais, enums by their labels, references by their label). Never sent.
 */
function ReadOnlyValue({ config, field }: { config: ResourceConfig; field: string }) {
  const title = config.properties[field]?.title ?? field;
  const id = `readonly-${field}`;
  return (
    <Box role="group" aria-labelledby={id} data-readonly-field={field} sx={{ px: 1.5, pt: 1, pb: 1.5, mt: 1, mb: 2.5, bgcolor: 'action.hover', borderRadius: 1 }}>
      <Typography id={id} variant="caption" component="div" sx={{ color: 'text.secondary' }}>
        {title}
      </Typography>
      <Box sx={{ minHeight: 24 }}>
        <SchemaField config={config} source={field} />
      </Box>
    </Box>
  );
}

function FormSections({ config, locked, hidden, mode }: { config: ResourceConfig; locked: Set<string>; hidden: Set<string>; mode: 'create' | 'edit' }) {
  // Context selects (provider and department of a position's sector, ...) go before their field, once.
  const drawn = new Set<string>();
  const references = useMemo(() => formReferences(config, lookup), [config]);
  return (
    <FormReferencesProvider value={references}>
      <RequiredBanner />
      {config.sections.map((section, index) => {
        const cells = section.fields.flatMap((field) => {
          const p = config.properties[field];
          // x-intranet.managedFields the viewer does not manage for this record: not drawn.
          if (!p || hidden.has(field)) return [];
          // Read-only fields are the server's: shown on the edit screen as the list shows them, never on the register.
          if (p.readOnly) {
            return mode === 'edit'
              ? [
                  <FormCell key={field} wide={isWide(p)}>
                    <ReadOnlyValue config={config} field={field} />
                  </FormCell>,
                ]
              : [];
          }
          // An optional scope without its parent offers the parent's own select.
          if (field === config.scope?.field && (config.scopeValue !== undefined || !config.scope.optional)) {
            return [
              <FormCell key={field}>
                <ScopeParentInput config={config} field={field} />
              </FormCell>,
            ];
          }
          if (locked.has(field)) {
            return [
              <FormCell key={field} wide={isWide(p)}>
                <LockedInput config={config} field={field} />
              </FormCell>,
            ];
          }
          // A declared period is one input, drawn where its start is.
          const range = rangeStartingAt(config, field);
          if (range) return [<DateRangeInput key={field} config={config} range={range} />];
          if (isRangeEnd(config, field) && section.fields.some((f) => rangeStartingAt(config, f)?.end === field)) return [];
          const context = contextChain(config, field, lookup).filter((spec) => !drawn.has(spec.field));
          context.forEach((spec) => drawn.add(spec.field));
          return [
            ...context.map((spec) => (
              <FormCell key={`context:${spec.field}`} data-context-field={spec.field}>
                <ContextSelect spec={spec} />
              </FormCell>
            )),
            <FormCell key={field} wide={isWide(p)}>
              <SchemaInput config={config} field={field} />
            </FormCell>,
          ];
        });
        // A section whose every field is hidden (managed fields the viewer does not fill) is not drawn.
        return cells.length ? (
          <FormSection key={section.title} title={section.title} first={index === 0}>
            {cells}
          </FormSection>
        ) : null;
      })}
    </FormReferencesProvider>
  );
}

function defaultsOf(config: ResourceConfig) {
  const out: Record<string, unknown> = {};
  for (const [field, p] of Object.entries(config.properties)) if (!p.readOnly && p.default !== undefined) out[field] = p.default;
  return out;
}

/**
 * The record without the context fields, which only filter the selects, without the form-only
 * values of bespoke inputs and the record-level checks' verdict, and without the read-only fields
 * (the server writes them: the edit screen shows them, and never sends them back).
 */
function withoutContext(config: ResourceConfig, locked: Set<string>, hidden: Set<string>) {
  const readOnly = Object.keys(config.properties).filter((f) => config.properties[f].readOnly);
  const skip = [...contextFields(config, lookup), ...formOnlyFieldsOf(config.resource), FORM_CHECK, ...locked, ...hidden, ...readOnly];
  return (data: Record<string, unknown>) => {
    const out = { ...data };
    for (const field of skip) delete out[field];
    return out;
  };
}

const asText = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** The screen form.afterCreate names for the saved record, or null when a field it needs is empty. */
export function afterCreatePath(config: Pick<ResourceConfig, 'afterCreate'>, saved: Record<string, unknown> | undefined): string | null {
  const target = config.afterCreate;
  if (!target || !saved) return null;
  if (placeholders(target).some((f) => asText(saved[f]) === undefined)) return null;
  return fillRoute(target, saved);
}

export function ResourceForm({ config: declared, mode }: { config: ResourceConfig; mode: 'create' | 'edit' }) {
  const params = useParams();
  const [search] = useSearchParams();
  const scope = declared.scope;
  // A scoped register in query mode names the record in the query (edit?idCampaign=1&idRule=2).
  const id = params.id ?? (scope?.in === 'query' && mode === 'edit' ? (search.get(scope.idParam ?? 'id') ?? undefined) : undefined);
  const routeParent = scopeValueOf(declared, params, search);
  // Opened without its parent (edit/7), a scoped record's own field names it.
  const { data: stored } = useGetOne(declared.resource, { id }, { enabled: Boolean(scope && mode === 'edit' && !routeParent && id) });
  const parent = routeParent ?? (scope ? asText(stored?.[scope.field]) : undefined);
  const config = useMemo(() => (parent ? withScope(declared, parent) : declared), [declared, parent]);
  useApiOrigin();
  const rights = useRights(config);
  const toasts = useResourceToasts(config);
  const afterFeedbackDelay = useSubmitFeedback();
  // Where the form goes back to when the browser has no earlier page of the app (an address opened
  // directly): the schema's returnTo, else the register's own list (a scoped one's, the parent's).
  // An optional scope opened without its parent (register, edit/{id} from the list of every parent's
  // rows) returns where the user came from, else to that list (or returnTo).
  const unscoped = Boolean(scope?.optional && !routeParent);
  const returnTo = unscoped ? returnPathOf(declared) : scope && !parent ? scopeHome(declared) : returnPathOf(config);
  const goBack = useGoBack(returnTo);
  const navigate = useNavigate();
  // A scoped form always returns to its parent's list.
  const leave = useMemo(() => (scope && !unscoped ? () => navigate(returnTo) : goBack), [scope, unscoped, navigate, returnTo, goBack]);
  const parentReference = scope?.titleParent ? config.references[scope.field] : undefined;
  const { data: parentRecord } = useGetOne(parentReference?.resource ?? config.resource, { id: parent }, { enabled: Boolean(parentReference && parent) });
  const kind = mode === 'create' ? 'created' : 'updated';
  const mutationOptions = useMemo(
    () => ({
      // The server's answer is the saved record: its fields fill the schema's '{campo}'.
      onSuccess: (saved: Record<string, unknown>) =>
        afterFeedbackDelay(() => {
          toasts.done(kind, saved);
          const next = kind === 'created' ? afterCreatePath(config, saved) : null;
          if (next) navigate(next);
          else leave();
        }),
      onError: (error: unknown, variables?: { data?: Record<string, unknown> }) =>
        afterFeedbackDelay(() => toasts.failed(kind, error, variables?.data)),
    }),
    [toasts, leave, kind, afterFeedbackDelay, config, navigate],
  );
  const session = useSession();
  const roles = session?.roles;
  const locked = useMemo(() => lockedFieldsOf(config, roles ?? []), [config, roles]);
  // Managed fields (x-intranet.managedFields): hidden unless the viewer holds their right or, as the
  // form's values stand, a writing sharedWith rule names them (the chosen category's gestores).
  const unmanaged = useMemo(() => unmanagedFieldsOf(config, roles ?? []), [config, roles]);
  const [sharedManager, setSharedManager] = useState(false);
  const hidden = sharedManager ? NO_FIELDS : unmanaged;
  const probe = unmanaged.size > 0 && writingRules(config).length > 0;
  const transform = useMemo(() => withoutContext(config, locked, hidden), [config, locked, hidden]);
  const defaults = useMemo(
    () => (mode === 'create' ? { ...defaultsOf(config), ...(scope && parent ? { [scope.field]: scopeFieldValue(config, parent) } : {}) } : undefined),
    [config, mode, scope, parent],
  );
  // A record that cannot be read ('O item não existe') leads to where the form returns (its own
  // list unless the schema says otherwise), not to react-admin's /<resource> (no route where the
  // spec's path differs: /contracting/companies).
  const toList = useCallback(() => returnTo, [returnTo]);
  const baseTitle = mode === 'create' ? `Cadastrar ${config.labels.singular}` : `Editar ${config.labels.singular}`;
  // scope.titleParent: the title names the parent ('Cadastrar Resultado de campanha · Black Friday').
  const parentName = parentReference && parentRecord ? asText(parentRecord[parentReference.label]) : undefined;
  const title = parentName ? `${baseTitle} · ${parentName}` : baseTitle;
  const allowed = mode === 'create' ? rights.create : rights.update;
  // A scoped screen without its parent (register) or its record (edit) has nothing to show.
  if (scope && !scope.optional && mode === 'create' && !parent) return <Navigate to={scopeHome(declared)} replace />;
  if (scope && mode === 'edit' && !id) return <Navigate to={parent ? registerPathOf(config) : scopeHome(declared)} replace />;
  if (!allowed) return <AccessDenied title={title} back={returnTo} />;
  const checks = formValidatorsOf(config.resource).length > 0;
  const form = (
    <SimpleForm
      toolbar={
        <FormToolbar
          onCancel={leave}
          saveLabel={mode === 'create' ? config.createLabel : undefined}
          extra={mode === 'create' && config.saveAndContinue ? <SaveAndContinueButton config={config} defaults={defaults} onError={mutationOptions.onError} /> : undefined}
        />
      }
      defaultValues={defaults}
      disableInvalidFormNotification
      warnWhenUnsavedChanges={false}
    >
      <InvalidSubmitNotifier requiredText={config.messages.required} config={config} />
      {checks && <FormCheckField config={config} />}
      {probe && <SharedWithProbe config={config} userId={session?.user?.usuarioId} onChange={setSharedManager} />}
      <FormSections config={config} locked={locked} hidden={hidden} mode={mode} />
      <FormNotices config={config} mode={mode} />
    </SimpleForm>
  );
  return (
    <ResourceContextProvider value={config.resource}>
      <Box sx={{ maxWidth: FORM_MAX_WIDTH, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        {/* form.registerBack 'previous': the register's arrow returns to the page the user came from. */}
        <TitleBar title={title} back={returnTo} onBack={mode === 'create' && config.registerBack === 'previous' && !scope ? goBack : undefined} />
        {mode === 'create' ? (
          <Create resource={config.resource} title={title} actions={false} redirect={false} mutationOptions={mutationOptions} transform={transform}>
            {form}
          </Create>
        ) : (
          <Edit
            resource={config.resource}
            id={id}
            title={title}
            actions={false}
            redirect={false}
            redirectOnError={toList}
            mutationMode="pessimistic"
            mutationOptions={mutationOptions}
            transform={transform}
          >
            {form}
          </Edit>
        )}
        {mode === 'edit' && config.history && id && <HistoryPanel config={config} id={id} />}
      </Box>
    </ResourceContextProvider>
  );
}

export const ResourceCreate = ({ config }: { config: ResourceConfig }) => <ResourceForm config={config} mode="create" />;
export const ResourceEdit = ({ config }: { config: ResourceConfig }) => <ResourceForm config={config} mode="edit" />;
/** The screen of a route, which names the resource by its summary (core/resources.ts): the whole config from registry.ts. */
function ResourceFormScreen({ config, ...props }: Omit<Parameters<typeof ResourceForm>[0], 'config'> & { config: ResourceSummary }) {
  return <ResourceForm config={fullConfig(config)} {...props} />;
}

export default ResourceFormScreen;
