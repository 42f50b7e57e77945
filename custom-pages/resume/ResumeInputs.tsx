// Inputs of the generated resume forms: the end date checked against the start with the spec's
// texts (src/domain/resume.ts, the same rule the server applies), and the education situation
// with its labels (stored CONCLUIDO, EM_ANDAMENTO, INCOMPLETO); and the owner of an entry in HR's
// tables.
import { useMemo } from 'react';
import { ReferenceField, SelectInput } from 'react-admin';
import { DateInput, type FieldInputProps } from '../../src/admin/pages.js';
import { EDUCATION_SITUATIONS, RESUME_DATE_RULES, resumeKindOf, resumeProblems, situationLabel } from '../../src/domain/resume.js';

type AnyValidator = (value: unknown, values?: Record<string, unknown>) => string | undefined;

export function EndDateInput({ config, field, label, validate }: FieldInputProps) {
  const kind = resumeKindOf(config.resource);
  const rules = useMemo(() => {
    if (!kind || RESUME_DATE_RULES[kind].end !== field) return validate;
    const order: AnyValidator = (value, values) => resumeProblems(kind, { ...(values ?? {}), [field]: value })[field];
    return [...(validate as AnyValidator[]), order];
  }, [kind, field, validate]);
  return <DateInput source={field} label={label} validate={rules} fullWidth helperText={false} />;
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

/** The text of an owner whose user record the reader may not read (a candidate is linked to no provider). */
export const ownerFallback = (id: unknown) => `Usuário nº ${String(id)}`;

/**
 * The owner of an entry (id_usuario) in the resume tables: the user's name, or 'Usuário nº 12' when
 * the reader may list users but not that one (the users' provider scope). Who may not read users at
 * all sees no owner column (the generated list leaves it out).
 */
export function OwnerView({ value }: { value: unknown }) {
  return (
    <ReferenceField
      source="id_usuario"
      reference="users"
      link={false}
      empty={<>{ownerFallback(value)}</>}
      render={({ referenceRecord }) => <>{(referenceRecord?.nome as string | null | undefined) || ownerFallback(value)}</>}
    />
  );
}
