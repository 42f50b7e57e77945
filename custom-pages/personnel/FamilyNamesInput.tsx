// The relatives' names of the family register (/family): the shared names input ('Nome completo da
// pessoa': Enter adds, commas split, trimmed, duplicates removed), enabled only while 'Tem familiar?'
// is on; switching it off clears the names, as the server keeps none then.
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useInput } from 'react-admin';
import { type FieldInputProps, RelativeNamesInput } from '../../src/admin/pages.js';

export default function FamilyNamesInput({ field, label, validate }: FieldInputProps) {
  const on = Boolean(useWatch({ name: 'tem_familiar' }));
  const { setValue, getValues } = useFormContext();
  const { field: input, fieldState } = useInput({ source: field, validate, defaultValue: [] });
  const names: string[] = Array.isArray(input.value) ? input.value : [];

  useEffect(() => {
    const current = getValues(field);
    if (!on && Array.isArray(current) && current.length) setValue(field, [], { shouldDirty: true });
  }, [on, field, getValues, setValue]);

  return (
    <RelativeNamesInput
      label={label}
      names={names}
      onChange={(next) => input.onChange(next)}
      onBlur={input.onBlur}
      disabled={!on}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    />
  );
}
