// The generated create (<path>/register) and edit (<path>/edit/:id) screens: the schema's form
// sections with sub-headers, the required-fields banner, Cancel and Save, the spec's toasts, and
// on edit the history panel.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { Box, Button, Divider, Typography } from '@mui/material';
import {
  Create,
  Edit,
  ResourceContextProvider,
  SimpleForm,
  Toolbar,
} from 'react-admin';
import { MSG } from '../../domain/messages.js';
import { TitleBar } from '../shell/TitleBar.js';
import { AccessDenied, NOT_ALLOWED_TEXT } from '../shell/AccessDenied.js';
import { useGoBack } from '../shell/navigation.js';
import { useRights } from './access.js';
import { useApiOrigin } from './api.js';
import { contextChain, contextFields, formReferences } from './dependent.js';
import { HistoryPanel } from './HistoryPanel.js';
import { ContextSelect, FormReferencesProvider, isWide, SchemaInput } from './inputs.js';
import { DateRangeInput, isRangeEnd, rangeStartingAt } from './DateRange.js';
import { configByResource } from './registry.js';
import { useResourceToasts, useToasts } from './RowActions.js';
import { SubmitButton } from './SubmitButton.js';
import { useTimers } from './timers.js';
import { MISSING_VALUE_ARG } from './validation.js';
import { returnPathOf, type ResourceConfig } from './schemas.js';

const lookup = (resource: string) => configByResource.get(resource);

export { NOT_ALLOWED_TEXT };

export const FORM_MAX_WIDTH = 980;
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
 * The submit-level message: 'Preencha todos os campos obrigatórios!' when a required value is
 * missing ('Campo obrigatório', or a rule's own text marked with missingValue(): a Municipal
 * holiday's 'Selecione uma ou mais cidades'), the generic failure text for other invalid fields.
 * Server errors have their own toast.
 */
export function InvalidSubmitNotifier() {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const toasts = useToasts();
  const afterFeedbackDelay = useSubmitFeedback();
  useEffect(() => {
    if (submitCount <= seen.current) return;
    seen.current = submitCount;
    const messages = formErrors(errors);
    if (!messages.length) return;
    const missing = messages.some((m) => m.missing || m.text === MSG.required);
    afterFeedbackDelay(() => toasts.failure({ message: missing ? MSG.requiredForm : MSG.failure }));
  }, [submitCount, errors, toasts, afterFeedbackDelay]);
  return null;
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

export function FormToolbar({ onCancel }: { onCancel: () => void }) {
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 2 }}>
      <Button variant="outlined" onClick={onCancel}>
        Cancelar
      </Button>
      <SubmitButton label="Salvar" />
    </Toolbar>
  );
}

function FormSections({ config }: { config: ResourceConfig }) {
  // Context selects (provider and department of a position's sector, ...) go before their field, once.
  const drawn = new Set<string>();
  const references = useMemo(() => formReferences(config, lookup), [config]);
  return (
    <FormReferencesProvider value={references}>
      <RequiredBanner />
      {config.sections.map((section, index) => (
        <Box key={section.title} component="section" sx={{ width: '100%' }} aria-label={section.title}>
          {index > 0 && <Divider sx={{ mb: 2 }} />}
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {section.title}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {section.fields.flatMap((field) => {
              const p = config.properties[field];
              if (!p || p.readOnly) return [];
              // A declared period is one input, drawn where its start is.
              const range = rangeStartingAt(config, field);
              if (range) return [<DateRangeInput key={field} config={config} range={range} />];
              if (isRangeEnd(config, field) && section.fields.some((f) => rangeStartingAt(config, f)?.end === field)) return [];
              const context = contextChain(config, field, lookup).filter((spec) => !drawn.has(spec.field));
              context.forEach((spec) => drawn.add(spec.field));
              return [
                ...context.map((spec) => (
                  <Box key={`context:${spec.field}`} sx={{ minWidth: 0 }} data-context-field={spec.field}>
                    <ContextSelect spec={spec} />
                  </Box>
                )),
                <Box key={field} sx={{ gridColumn: isWide(p) ? '1 / -1' : undefined, minWidth: 0 }}>
                  <SchemaInput config={config} field={field} />
                </Box>,
              ];
            })}
          </Box>
        </Box>
      ))}
    </FormReferencesProvider>
  );
}

function defaultsOf(config: ResourceConfig) {
  const out: Record<string, unknown> = {};
  for (const [field, p] of Object.entries(config.properties)) if (!p.readOnly && p.default !== undefined) out[field] = p.default;
  return out;
}

/** The record without the context fields, which only filter the selects. */
function withoutContext(config: ResourceConfig) {
  const skip = contextFields(config, lookup);
  return (data: Record<string, unknown>) => {
    if (!skip.length) return data;
    const out = { ...data };
    for (const field of skip) delete out[field];
    return out;
  };
}

export function ResourceForm({ config, mode }: { config: ResourceConfig; mode: 'create' | 'edit' }) {
  const { id } = useParams();
  useApiOrigin();
  const rights = useRights(config);
  const toasts = useResourceToasts(config);
  const afterFeedbackDelay = useSubmitFeedback();
  // Where the form goes back to when the browser has no earlier page of the app (an address opened
  // directly): the schema's returnTo, else the register's own list.
  const returnTo = returnPathOf(config);
  const goBack = useGoBack(returnTo);
  const kind = mode === 'create' ? 'created' : 'updated';
  const mutationOptions = useMemo(
    () => ({
      // The server's answer is the saved record: its fields fill the schema's '{campo}'.
      onSuccess: (saved: Record<string, unknown>) =>
        afterFeedbackDelay(() => {
          toasts.done(kind, saved);
          goBack();
        }),
      onError: (error: unknown, variables?: { data?: Record<string, unknown> }) =>
        afterFeedbackDelay(() => toasts.failed(kind, error, variables?.data)),
    }),
    [toasts, goBack, kind, afterFeedbackDelay],
  );
  const transform = useMemo(() => withoutContext(config), [config]);
  // A record that cannot be read ('O item não existe') leads to where the form returns (its own
  // list unless the schema says otherwise), not to react-admin's /<resource> (no route where the
  // spec's path differs: /contracting/companies).
  const toList = useCallback(() => returnTo, [returnTo]);
  const title = mode === 'create' ? `Cadastrar ${config.labels.singular}` : `Editar ${config.labels.singular}`;
  const allowed = mode === 'create' ? rights.create : rights.update;
  if (!allowed) return <AccessDenied title={title} back={returnTo} />;
  const form = (
    <SimpleForm
      toolbar={<FormToolbar onCancel={goBack} />}
      defaultValues={mode === 'create' ? defaultsOf(config) : undefined}
      disableInvalidFormNotification
      warnWhenUnsavedChanges={false}
    >
      <InvalidSubmitNotifier />
      <FormSections config={config} />
    </SimpleForm>
  );
  return (
    <ResourceContextProvider value={config.resource}>
      <Box sx={{ maxWidth: FORM_MAX_WIDTH, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        <TitleBar title={title} back={returnTo} />
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
export default ResourceForm;
