// The rule form's logic (HR/sales document, section 5 "Rule form"), drawn as inputs of the generated
// form of schemas/comunicacao/communication-rules.json (fieldInputs in index.tsx), with the rules of
// src/domain/communicationRules.ts:
// - envio offers every option, those the criterion disables shown disabled; choosing a criterion
//   that disables the chosen envio clears it;
// - tempo: no_dia sets 0 and disables it, anual shows 'Não aplicável', otherwise it is typed;
// - the specific date shows (and is required) only for the specific-date criterion;
// - each channel's message shows, required, while its switch is on, with the placeholders the
//   dispatcher fills; the e-mail title is fixed to the default title, read-only, while e-mail is on.
// The record-level check (validateRule) runs on submit (formValidators in index.tsx): its field
// messages show under these inputs, and a rule without any channel on has its own toast.
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@mui/material';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import {
  DEFAULT_EMAIL_TITLE,
  disabledEnvio,
  ENVIO_LABELS,
  ENVIO_OPTIONS,
  NOT_APPLICABLE,
  tempoState,
  type Criterio,
} from '../../src/domain/communicationRules.js';
import { MSG } from '../../src/domain/messages.js';
import { DateInput, type FieldInputProps, type Validator } from '../../src/admin/pages.js';
import { PLACEHOLDER_HELP } from './texts.js';

type Marked = Validator & { isRequired?: boolean };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** 'Campo obrigatório', marked so the label shows the asterisk. */
const requiredValidator = (): Marked => Object.assign((v: unknown) => (blank(v) ? MSG.required : undefined), { isRequired: true });

/** The criteria whose rules need an envio. */
const NEEDS_ENVIO: readonly string[] = ['data_ativacao', 'data_contratacao', 'data_aniversario'];

/** A read-only value drawn as the form's inputs are, greyed (a tempo fixed by the envio). */
function FixedValue({ label, value }: { label: string; value: string }) {
  return <TextField label={label} value={value} disabled fullWidth variant="filled" size="small" margin="dense" helperText=" " />;
}

export function EnvioInput({ field, label, validate }: FieldInputProps) {
  const criterio = useWatch({ name: 'criterio' }) as Criterio | null | undefined;
  const envio = useWatch({ name: field }) as string | null | undefined;
  const { setValue } = useFormContext();
  const disabled = disabledEnvio(criterio);
  // A criterion that disables the chosen envio clears it.
  useEffect(() => {
    if (envio && (disabled as string[]).includes(envio)) setValue(field, null, { shouldDirty: true });
  }, [criterio, envio, disabled, field, setValue]);
  const choices = ENVIO_OPTIONS.map((id) => ({ id, name: ENVIO_LABELS[id], disabled: disabled.includes(id) }));
  const required = NEEDS_ENVIO.includes(criterio ?? '');
  return (
    <SelectInput
      source={field}
      label={label}
      choices={choices}
      validate={validate}
      isRequired={required}
      emptyText={NOT_APPLICABLE}
      parse={(v: unknown) => (v === '' ? null : v)}
      fullWidth
      helperText={false}
      // No envio reads 'Não aplicável' where the criterion needs none.
      slotProps={required ? undefined : { select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    />
  );
}

export function TempoInput({ field, label, validate }: FieldInputProps) {
  const envio = useWatch({ name: 'envio' }) as string | null | undefined;
  const tempo = useWatch({ name: field }) as unknown;
  const { setValue } = useFormContext();
  const state = tempoState(envio);
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (state === 'zero' && tempo !== 0) setValue(field, 0, { shouldDirty: true });
    else if (state === 'not_applicable' && tempo !== null && tempo !== undefined) setValue(field, null, { shouldDirty: true });
    // Leaving a fixed tempo, the days are typed anew.
    else if (state === 'entered' && before !== 'entered') setValue(field, null, { shouldDirty: true });
  }, [state, tempo, field, setValue]);
  if (state === 'zero') return <FixedValue label={label} value="0" />;
  if (state === 'not_applicable') return <FixedValue label={label} value={NOT_APPLICABLE} />;
  return <NumberInput source={field} label={label} validate={validate} step={1} min={0} fullWidth helperText={false} />;
}

export function SpecificDateInput({ field, label, validate }: FieldInputProps) {
  const criterio = useWatch({ name: 'criterio' });
  const { setValue, getValues } = useFormContext();
  const shown = criterio === 'data_especifica';
  // Another criterion has no date.
  useEffect(() => {
    if (!shown && !blank(getValues(field))) setValue(field, null, { shouldDirty: true });
  }, [shown, field, getValues, setValue]);
  if (!shown) return null;
  return <DateInput source={field} label={label} validate={[requiredValidator(), ...validate]} fullWidth />;
}

/** A channel's message (template_whatsapp, mensagem_email, mensagem_sms), shown and required while its switch is on. */
export function MessageInput({ field, label, validate, channel }: FieldInputProps & { channel: 'whatsapp' | 'email' | 'sms' }) {
  const on = useWatch({ name: channel }) === true;
  if (!on) return null;
  return <TextInput source={field} label={label} validate={[requiredValidator(), ...validate]} multiline minRows={3} fullWidth helperText={PLACEHOLDER_HELP} />;
}

export const WhatsappTemplateInput = (props: FieldInputProps) => <MessageInput {...props} channel="whatsapp" />;
export const EmailMessageInput = (props: FieldInputProps) => <MessageInput {...props} channel="email" />;
export const SmsMessageInput = (props: FieldInputProps) => <MessageInput {...props} channel="sms" />;

/** The e-mail title: the default title, read-only, while e-mail is on. */
export function EmailTitleInput({ field, label }: FieldInputProps) {
  const on = useWatch({ name: 'email' }) === true;
  const title = useWatch({ name: field });
  const { setValue } = useFormContext();
  useEffect(() => {
    if (on && title !== DEFAULT_EMAIL_TITLE) setValue(field, DEFAULT_EMAIL_TITLE, { shouldDirty: true });
  }, [on, title, field, setValue]);
  if (!on) return null;
  return <TextInput source={field} label={label} readOnly fullWidth helperText="Título padrão dos e-mails da régua" />;
}
