// The unit or the quantity of a supplies movement, as its product's control asks: a product tracked
// by patrimônio/serial shows the patrimônio (and a receipt's serial) and hides the quantity (one unit
// at a time); a counted one shows the quantity and hides the patrimônio. Before a product is chosen,
// both show. A hidden field goes back to its neutral value (no patrimônio; quantity 1), which the
// server expects (src/server/supplies/service.ts).
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextInput, useGetOne } from 'react-admin';
import { type FieldInputProps, formatCountInput, isBlankId, parseCountInput } from '../../src/admin/pages.js';

/** The chosen product's control, or null while none is chosen (or read). */
function useControl(): 'patrimonio' | 'quantidade' | null {
  const product = useWatch({ name: 'id_produto' });
  const { data } = useGetOne('supply-products', { id: product }, { enabled: !isBlankId(product) });
  return isBlankId(product) ? null : ((data?.controle as 'patrimonio' | 'quantidade' | undefined) ?? null);
}

/** Hides the input when `hidden`, putting `neutral` back in the form. */
function useHidden(field: string, hidden: boolean, neutral: unknown) {
  const { setValue, getValues } = useFormContext();
  useEffect(() => {
    if (hidden && getValues(field) !== neutral) setValue(field, neutral, { shouldDirty: true });
  }, [hidden, field, neutral, getValues, setValue]);
}

export function UnitInput({ config, field, label, validate }: FieldInputProps) {
  const hidden = useControl() === 'quantidade';
  useHidden(field, hidden, null);
  if (hidden) return null;
  return <TextInput source={field} label={label} validate={validate} fullWidth helperText={config.properties[field]?.description ?? false} />;
}

export function QuantityInput({ config, field, label, validate }: FieldInputProps) {
  const hidden = useControl() === 'patrimonio';
  useHidden(field, hidden, 1);
  if (hidden) return null;
  return (
    <TextInput
      source={field}
      label={label}
      validate={validate}
      fullWidth
      helperText={config.properties[field]?.description ?? false}
      placeholder="0"
      format={formatCountInput}
      parse={parseCountInput}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}
