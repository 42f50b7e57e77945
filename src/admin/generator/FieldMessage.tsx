// The message under a hand-made input, as react-admin's own inputs show it: the validation error
// (translated from react-admin's encoded form) once the field was touched or the form submitted,
// else the helper text.
import { FormHelperText } from '@mui/material';
import { useFormState, type ControllerFieldState } from 'react-hook-form';
import { InputHelperText } from 'react-admin';

export function useShownError(fieldState: ControllerFieldState): string | undefined {
  const { isSubmitted } = useFormState();
  return fieldState.invalid && (fieldState.isTouched || isSubmitted) ? fieldState.error?.message : undefined;
}

export function FieldMessage({ error, helperText, id }: { error?: string; helperText?: string | false; id?: string }) {
  if (!error && !helperText) return null;
  return (
    <FormHelperText error={Boolean(error)} id={id} role={error ? 'alert' : undefined}>
      <InputHelperText error={error} helperText={helperText ?? false} />
    </FormHelperText>
  );
}
