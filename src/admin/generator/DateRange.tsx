// Date ranges: the form's input of a declared period (x-intranet.dateRanges: two dates, the start
// not after the end, the range's message under the end), and the list filter of a date or
// date-time field (two dates typed DD/MM/YY, the spec's filter mask, sent as <field>_gte and
// <field>_lte; for a date-time, the first and last instant of those local days).
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, FormHelperText, FormLabel, Stack, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { dayBounds, DATE_RANGE_MESSAGE, startAfterEnd, type DateRange } from '../../domain/dateRange.js';
import { applyMask, formatShortDate, parseShortDate, SHORT_DATE_MASK } from '../../domain/format.js';
import { MSG } from '../../domain/messages.js';
import { DateInput } from './DateInput.js';
import { validation } from './inputs.js';
import type { ResourceConfig } from '../core/schemas.js';

type AnyValidator = (value: unknown, values?: Record<string, unknown>) => string | undefined;

/** The declared range a field starts, and whether the field is the end of one (drawn by its start). */
export const rangeStartingAt = (config: ResourceConfig, field: string) => config.dateRanges.find((r) => r.start === field);
export const isRangeEnd = (config: ResourceConfig, field: string) => config.dateRanges.some((r) => r.end === field);

export function DateRangeInput({ config, range }: { config: ResourceConfig; range: DateRange }) {
  const { trigger, getValues } = useFormContext();
  const start = useWatch({ name: range.start });
  // Moving the start re-checks an end already typed.
  useEffect(() => {
    if (getValues(range.end)) void trigger(range.end);
  }, [start, range.end, getValues, trigger]);

  const input = (field: string, extra: AnyValidator[] = []) => {
    const p = config.properties[field];
    const validate = [...(validation(p, config.required.has(field)) as AnyValidator[]), ...extra];
    return <DateInput source={field} label={p.title} validate={validate} fullWidth helperText={p.description ?? false} dateTime={p.format === 'date-time'} />;
  };
  const notBeforeStart: AnyValidator = (value, values) =>
    startAfterEnd(values?.[range.start], value) ? (range.message ?? DATE_RANGE_MESSAGE) : undefined;

  return (
    <Box role="group" aria-label={range.title ?? `${config.properties[range.start]?.title} - ${config.properties[range.end]?.title}`} sx={{ gridColumn: '1 / -1' }}>
      {range.title && <FormLabel sx={{ display: 'block', fontSize: '0.85rem', mb: 0.5 }}>{range.title}</FormLabel>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {input(range.start)}
        {input(range.end, [notBeforeStart])}
      </Stack>
    </Box>
  );
}

export const DATE_FILTER_FROM = 'de';
export const DATE_FILTER_TO = 'até';

export const DATE_FILTER_PLACEHOLDER = 'DD/MM/AA';

/**
 * One bound of a list's date filter: a DD/MM/YY text box whose filter value is the ISO date (or, for
 * a date-time, the first or last instant of that local day). Only a whole, real date filters: while
 * the text is half typed, or not a date ('Data inválida' once it is complete or left), or, for the
 * end, a day before the start (`notBefore`), this bound sends nothing and the other one still
 * applies. No react-hook-form validation: an invalid filter form would stop every filter of the bar.
 */
function DateFilterBound({ source, label, dateTime, bound, notBefore, onInverted }: {
  source: string;
  label: string;
  dateTime: boolean;
  bound: 'first' | 'last';
  /** The start bound's source, for the end: a day before it is not applied. */
  notBefore?: string;
  onInverted?: (inverted: boolean) => void;
}) {
  const { field } = useInput({ source });
  const start = useWatch({ name: notBefore ?? source }) as string | null | undefined;
  const valueOf = (text: string) => {
    const day = parseShortDate(text);
    return !day ? null : dateTime ? (dayBounds(day)?.[bound] ?? null) : day;
  };
  const [text, setText] = useState(() => formatShortDate(field.value));
  const [invalid, setInvalid] = useState(false);
  const parsed = valueOf(text);
  const inverted = Boolean(notBefore) && parsed !== null && startAfterEnd(start, parsed);
  const applied = inverted ? null : parsed;
  // The value this box last gave the filter: any other is a change from elsewhere.
  const given = useRef<string | null>(field.value || null);

  useEffect(() => {
    if ((field.value || null) === applied) return;
    given.current = applied;
    field.onChange(applied);
    // Only the text (and, for the end, the start) decide; field.onChange is react-hook-form's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);
  // A filter set from elsewhere (the address, a cleared filter bar) shows as its text.
  useEffect(() => {
    if ((field.value || null) === given.current) return;
    given.current = field.value || null;
    setText(formatShortDate(field.value));
    setInvalid(false);
  }, [field.value]);
  useEffect(() => onInverted?.(inverted), [inverted, onInverted]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const masked = applyMask(SHORT_DATE_MASK, event.target.value);
    setText(masked);
    setInvalid(masked.length === SHORT_DATE_MASK.length && valueOf(masked) === null);
  };
  const onBlur = () => {
    setInvalid(text !== '' && valueOf(text) === null);
    field.onBlur();
  };
  return (
    <TextField
      label={label}
      value={text}
      onChange={onChange}
      onBlur={onBlur}
      name={field.name}
      inputRef={field.ref}
      placeholder={DATE_FILTER_PLACEHOLDER}
      error={invalid || inverted}
      helperText={invalid ? MSG.date : undefined}
      variant="filled"
      size="small"
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: SHORT_DATE_MASK.length } }}
      sx={{ width: 150 }}
    />
  );
}

/**
 * The list filter of a date or date-time field. `source` (the first bound) is what react-admin's
 * filter bar keys the filter by; both bounds are inputs of its form. The filter bar hides helper
 * texts (react-admin's FilterForm): this one shows its messages ('Data inválida' under a bound, the
 * range message under both when the end comes before the start), in the filter bar's own flow.
 */
export function DateRangeFilter({ field, label, dateTime }: { source: string; field: string; label: string; alwaysOn?: boolean; dateTime: boolean }) {
  const from = `${field}_gte`;
  const [inverted, setInverted] = useState(false);
  return (
    <Box role="group" aria-label={label} sx={{ '&& .MuiFormHelperText-root': { display: 'block', mx: 0 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <DateFilterBound source={from} label={`${label}: ${DATE_FILTER_FROM}`} dateTime={dateTime} bound="first" />
        <DateFilterBound source={`${field}_lte`} label={`${label}: ${DATE_FILTER_TO}`} dateTime={dateTime} bound="last" notBefore={from} onInverted={setInverted} />
      </Stack>
      {inverted && (
        <FormHelperText error role="alert" sx={{ maxWidth: 308, mt: 0 }}>
          {DATE_RANGE_MESSAGE}
        </FormHelperText>
      )}
    </Box>
  );
}
