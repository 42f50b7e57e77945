// The forms' date input (foundation spec, section 9: "Dates DD/MM/YYYY; with time DD/MM/YYYY -
// HH:MM"), the same whatever the browser's language: a text box masked '##/##/####' (or
// '##/##/#### - ##:##') whose value is the ISO day 'YYYY-MM-DD' (or the ISO instant of that local
// time), null when empty, and a calendar button opening the browser's own picker, whose choice
// fills the text (only that popup follows the browser's language, never the text). DateTextField is
// the plain controlled box for pages with their own form state; DateInput is react-admin's.
//
// While the text is not a date (half typed, or '31/02/2024') the value is that text, so the form's
// validation refuses it ('Data inválida') instead of saving an empty or stale date; the message
// shows under the box as soon as the text is complete, or when the box is left.
import { useEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonthOutlined';
import { FieldTitle, InputHelperText, useInput, type Validator as RaValidator } from 'react-admin';
import {
  DATE_MASK,
  DATE_PLACEHOLDER,
  DATE_TIME_MASK,
  DATE_TIME_PLACEHOLDER,
  formatDateInput,
  formatDateTimeInput,
  maskDateText,
  parseDateInput,
  parseDateTimeInput,
  pickerValue,
} from '../../domain/format.js';
import { MSG } from '../../domain/messages.js';
import { isIsoDate, isIsoDateTime } from '../../domain/validators.js';

/** The accessible name (and tooltip) of the button opening the picker. */
export const CALENDAR_BUTTON_LABEL = 'Abrir calendário';

const textOf = (value: unknown, dateTime: boolean) =>
  (dateTime ? formatDateTimeInput(value) : formatDateInput(value)) || (typeof value === 'string' ? maskDateText(value, dateTime) : '');

/** Whether a form value is a stored date (or instant): the ISO text the server keeps. */
export function isStoredDate(value: unknown, dateTime = false): boolean {
  if (typeof value !== 'string') return false;
  return dateTime ? isIsoDateTime(value) : /^\d{4}-\d{2}-\d{2}(?:$|T)/.test(value) && isIsoDate(value.slice(0, 10));
}

/** The validator of a date input's value: 'Data inválida' (or 'Data e hora inválidas') while it holds text that is not one. */
export const dateValidator =
  (dateTime = false) =>
  (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' && !isStoredDate(value, dateTime) ? (dateTime ? MSG.dateTime : MSG.date) : undefined;

/** Visually hidden, but rendered: the browser anchors its picker to it (showPicker() refuses an input not rendered). */
const hiddenPicker = {
  position: 'absolute',
  right: 0,
  bottom: 0,
  width: 1,
  height: 1,
  padding: 0,
  border: 0,
  opacity: 0,
  pointerEvents: 'none',
} as const;

export interface DateTextFieldProps {
  /** The ISO day (or instant), or the text typed while it is not a date; null or '' when empty. */
  value: string | null | undefined;
  onChange(value: string | null): void;
  /** Date and time ('DD/MM/AAAA - HH:MM', an ISO instant) instead of a day. */
  dateTime?: boolean;
  label: ReactNode;
  /** A message of the form (required, a range's order): shown unless the box shows its own. */
  error?: ReactNode;
  helperText?: ReactNode;
  onBlur?(): void;
  name?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  size?: TextFieldProps['size'];
  margin?: TextFieldProps['margin'];
  variant?: TextFieldProps['variant'];
}

/** The date box of pages with their own form state: controlled by the value, which it keeps ISO. */
export function DateTextField({ value, onChange, dateTime = false, label, error, helperText, onBlur, name, id, required, disabled, fullWidth, inputRef, size, margin, variant }: DateTextFieldProps) {
  const mask = dateTime ? DATE_TIME_MASK : DATE_MASK;
  const parse = dateTime ? parseDateTimeInput : parseDateInput;
  const [text, setText] = useState(() => textOf(value, dateTime));
  const [invalid, setInvalid] = useState(false);
  // The value this box last gave: any other is a change from elsewhere (a record loaded, a reset).
  const given = useRef<string | null>(value || null);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if ((value || null) === given.current) return;
    given.current = value || null;
    setText(textOf(value, dateTime));
    setInvalid(false);
  }, [value, dateTime]);

  const update = (raw: string) => {
    const masked = maskDateText(raw, dateTime);
    const parsed = parse(masked);
    const next = masked === '' ? null : (parsed ?? masked);
    setText(masked);
    setInvalid(masked.length === mask.length && parsed === null);
    if (next === given.current) return;
    given.current = next;
    onChange(next);
  };

  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      if (typeof input.showPicker === 'function') return input.showPicker();
    } catch {
      // Not allowed here (an old browser, a frame): the input's own click still opens it in most.
    }
    input.click();
  };

  const own = invalid ? (dateTime ? MSG.dateTime : MSG.date) : null;
  const message = own ?? error;
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      value={text}
      onChange={(event) => update(event.target.value)}
      onBlur={() => {
        setInvalid(text !== '' && parse(text) === null);
        onBlur?.();
      }}
      inputRef={inputRef}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
      margin={margin}
      variant={variant}
      placeholder={dateTime ? DATE_TIME_PLACEHOLDER : DATE_PLACEHOLDER}
      error={Boolean(message)}
      helperText={message || helperText}
      autoComplete="off"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: mask.length },
        input: {
          endAdornment: (
            <InputAdornment position="end" sx={{ position: 'relative' }}>
              <IconButton aria-label={CALENDAR_BUTTON_LABEL} title={CALENDAR_BUTTON_LABEL} onClick={openPicker} disabled={disabled} edge="end" size="small">
                <CalendarIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type={dateTime ? 'datetime-local' : 'date'}
                value={pickerValue(value, dateTime)}
                onChange={(event) => update(event.target.value)}
                tabIndex={-1}
                aria-hidden
                data-date-picker=""
                style={hiddenPicker}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

type AnyValidator = RaValidator | ((value: unknown, values?: Record<string, unknown>) => unknown);

export interface DateInputProps {
  source: string;
  label: string;
  validate?: AnyValidator[];
  helperText?: ReactNode | false;
  dateTime?: boolean;
  fullWidth?: boolean;
}

/** The react-admin input of a date (or date-time) field of a generated form. */
export function DateInput({ source, label, validate, helperText, dateTime = false, fullWidth }: DateInputProps) {
  const rules = useMemo(() => [...((validate ?? []) as RaValidator[]), dateValidator(dateTime) as RaValidator], [validate, dateTime]);
  const { field, fieldState, isRequired, id } = useInput({ source, validate: rules, format: (v: unknown) => v ?? null, parse: (v: unknown) => v });
  const error = fieldState.error?.message;
  return (
    <DateTextField
      id={id}
      name={field.name}
      value={field.value as string | null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      dateTime={dateTime}
      fullWidth={fullWidth}
      disabled={field.disabled}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={error ? <InputHelperText error={error} /> : undefined}
      helperText={helperText === false ? undefined : helperText}
      size="small"
    />
  );
}
