// Inputs of the generated resume forms: the end date checked against the start with the spec's
// texts (src/domain/resume.ts, the same rule the server applies), and the education situation
// with its labels (stored CONCLUIDO, EM_ANDAMENTO, INCOMPLETO).
import { useMemo } from 'react';
import { DateInput, SelectInput } from 'react-admin';
import type { FieldInputProps } from '../../src/admin/generator/extensions.js';
import { EDUCATION_SITUATIONS, RESUME_DATE_RULES, resumeKindOf, resumeProblems, situationLabel } from '../../src/domain/resume.js';

type AnyValidator = (value: unknown, values?: Record<string, unknown>) => string | undefined;

export function EndDateInput({ config, field, label, validate }: FieldInputProps) {
  const kind = resumeKindOf(config.resource);
  const rules = useMemo(() => {
    if (!kind || RESUME_DATE_RULES[kind].end !== field) return validate;
    const order: AnyValidator = (value, values) => resumeProblems(kind, { ...(values ?? {}), [field]: value })[field];
    return [...(validate as AnyValidator[]), order];
  }, [kind, field, validate]);
  return <DateInput source={field} label={label} validate={rules} fullWidth helperText={false} parse={(v: string) => v || null} />;
}

export function SituationInput({ field, label, validate, required }: FieldInputProps) {
  return (
    <SelectInput
      source={field}
      label={label}
      validate={validate}
      choices={EDUCATION_SITUATIONS.map((s) => ({ ...s }))}
      emptyText={required ? undefined : 'Não informado'}
      fullWidth
      helperText={false}
    />
  );
}

export function SituationView({ value }: { value: unknown }) {
  return <>{situationLabel(value)}</>;
}
