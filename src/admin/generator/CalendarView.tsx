// The month calendar of a register (x-intranet.list.calendar: <path>/calendar), beside its table: the
// title bar with the add button and the switch between 'Lista' and 'Calendário', the month with its
// arrows and 'Hoje', each record a chip on every day of its period in the month (the inactive ones
// greyed, the ones a custom page marks, such as events meeting another in the same city, in the
// warning colour with the mark as tooltip), a click opening the record's edit screen; then the
// month's records as a list. The records are read with the list's getList, filtered on the month
// (<start>_lte its last day, <end>_gte its first).
import { fullConfig } from './registry.js';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, CircularProgress, Tooltip, Typography } from '@mui/material';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { ResourceContextProvider, useGetList } from 'react-admin';
import { dayBounds } from '../../domain/dateRange.js';
import { formatDate } from '../../domain/format.js';
import { TitleBar } from './TitleBar.js';
import { AccessDenied } from './AccessDenied.js';
import { useSession } from '../core/session.js';
import { useRights } from '../core/access.js';
import { useApiOrigin } from '../core/api.js';
import { calendarMarksOf } from './extensions.js';
import { monthBounds, MonthGrid, MonthNavigation, useMonthCursor, type MonthCursor } from './MonthGrid.js';
import { useToasts } from './RowActions.js';
import { editPathOf, registerPathOf, statusFieldOf, type ResourceConfig, type ResourceSummary } from '../core/schemas.js';
import { ViewSwitch } from './ViewSwitch.js';

/** The most records a month shows (the list's "Todos" page size). */
const ALL = 0;

const pad = (n: number) => String(n).padStart(2, '0');

/** The local day (YYYY-MM-DD) of a date or date-time value; null when it is neither. */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const t = Date.parse(value);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface CalendarEntry {
  id: string;
  record: Record<string, unknown>;
  title: string;
  first: string;
  last: string;
  active: boolean;
  /** The custom page's mark of the record (its text), if any. */
  mark?: string;
}

/** The days of the month (numbers) each entry covers. */
export function daysInMonth(entry: Pick<CalendarEntry, 'first' | 'last'>, cursor: MonthCursor): number[] {
  const { start, end } = monthBounds(cursor);
  const from = entry.first > start ? entry.first : start;
  const to = entry.last < end ? entry.last : end;
  if (from > to) return [];
  const days: number[] = [];
  for (let day = Number(from.slice(8, 10)); day <= Number(to.slice(8, 10)); day++) days.push(day);
  return days;
}

/** The text that names an entry: its title, with its state and mark. */
export const entryName = (entry: Pick<CalendarEntry, 'title' | 'active' | 'mark'>) =>
  [entry.title, entry.active ? null : 'Inativo', entry.mark ?? null].filter(Boolean).join(' - ');

function EntryChip({ entry, to }: { entry: CalendarEntry; to?: string }) {
  const chip = (
    <Chip
      size="small"
      label={entry.title}
      aria-label={entryName(entry)}
      color={entry.mark ? 'warning' : entry.active ? 'primary' : 'default'}
      variant={entry.active ? 'filled' : 'outlined'}
      icon={entry.mark ? <WarningIcon /> : undefined}
      clickable={Boolean(to)}
      {...(to ? { component: Link, to } : {})}
      sx={{ maxWidth: '100%', mt: 0.25, display: 'flex', ...(entry.active ? {} : { color: 'text.disabled', borderStyle: 'dashed' }) }}
    />
  );
  // A chip shows as much of the title as fits: the tooltip tells all (and the mark).
  return (
    <Tooltip title={entry.mark ? `${entry.title}: ${entry.mark}` : entry.title} describeChild>
      {chip}
    </Tooltip>
  );
}

export function CalendarView({ config }: { config: ResourceConfig }) {
  useApiOrigin();
  const rule = config.calendar!;
  const rights = useRights(config);
  const roles = useSession()?.roles;
  const toasts = useToasts();
  const { cursor, move, today } = useMonthCursor();
  const { start, end } = monthBounds(cursor);
  const dateTime = (field: string) => config.properties[field]?.format === 'date-time';
  const filter = {
    ...config.listFilter,
    [`${rule.start}_lte`]: dateTime(rule.start) ? dayBounds(end)!.last : end,
    [`${rule.end}_gte`]: dateTime(rule.end) ? dayBounds(start)!.first : start,
  };
  const { data, isPending, error } = useGetList(
    config.resource,
    { filter, pagination: { page: 1, perPage: ALL }, sort: { field: rule.start, order: 'ASC' } },
    { enabled: rights.list },
  );
  const marker = calendarMarksOf(config.resource);
  const { data: marks } = useQuery({
    queryKey: ['calendar-marks', config.resource, start, end, roles],
    enabled: Boolean(marker) && rights.list,
    queryFn: () => marker!.marks({ start, end }),
  });
  // The schema's own text for a month that could not be loaded; else the server's.
  useEffect(() => {
    if (error) toasts.failure({ message: config.messages.listError ?? (error as Error).message });
  }, [error, toasts, config.messages.listError]);

  const status = statusFieldOf(config);
  const entries = useMemo<CalendarEntry[]>(
    () =>
      (data ?? []).flatMap((record) => {
        const first = dayOf(record[rule.start]);
        const last = dayOf(record[rule.end]) ?? first;
        if (!first || !last) return [];
        const id = String(record.id);
        return [{ id, record, title: String(record[rule.title] ?? `#${id}`), first, last, active: status ? record[status] !== false : true, mark: marks?.[id] }];
      }),
    [data, marks, rule, status],
  );
  const byDay = useMemo(() => {
    const map = new Map<number, CalendarEntry[]>();
    for (const entry of entries) for (const day of daysInMonth(entry, cursor)) map.set(day, [...(map.get(day) ?? []), entry]);
    return map;
  }, [entries, cursor]);

  const canAdd = config.editable && rights.create && !config.hideAdd;
  if (!rights.list) return <AccessDenied title={config.title} back={config.back} />;
  const linkOf = (entry: CalendarEntry) => (config.editable && rights.update ? editPathOf(config, entry.id, entry.record) : undefined);
  return (
    <ResourceContextProvider value={config.resource}>
      <Box sx={{ maxWidth: 983, width: '100%', minWidth: 0, mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        <TitleBar
          title={config.title}
          back={config.back}
          extra={<ViewSwitch config={config} current="calendar" />}
          addLabel={canAdd ? config.addLabel : undefined}
          addTo={canAdd ? registerPathOf(config) : undefined}
        />
        <MonthNavigation cursor={cursor} onMove={move} onToday={today} />
        {error ? <Alert severity="error" sx={{ mb: 2 }}>{config.messages.listError ?? (error as Error).message}</Alert> : null}
        <MonthGrid
          cursor={cursor}
          renderDay={(day) => (byDay.get(day) ?? []).map((entry) => <EntryChip key={entry.id} entry={entry} to={linkOf(entry)} />)}
        />
        <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
          Neste mês
        </Typography>
        {isPending && !error ? (
          <CircularProgress size={24} aria-label="Carregando" />
        ) : entries.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>Nenhum registro neste mês.</Typography>
        ) : (
          <Box component="ul" aria-label={`${config.labels.plural} do mês`} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
            {entries.map((entry) => {
              const to = linkOf(entry);
              return (
                <Box component="li" key={entry.id} aria-label={entryName(entry)} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
                  <Typography sx={{ minWidth: 190 }}>{entry.first === entry.last ? formatDate(entry.first) : `${formatDate(entry.first)} a ${formatDate(entry.last)}`}</Typography>
                  <Typography sx={{ fontWeight: 500, color: entry.active ? 'text.primary' : 'text.disabled' }}>
                    {to ? (
                      <Box component={Link} to={to} sx={{ color: 'inherit' }}>
                        {entry.title}
                      </Box>
                    ) : (
                      entry.title
                    )}
                  </Typography>
                  {!entry.active && <Chip size="small" label="Inativo" variant="outlined" />}
                  {entry.mark && (
                    <Typography variant="body2" sx={{ color: 'warning.dark', display: 'flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}>
                      <WarningIcon fontSize="small" aria-hidden />
                      {entry.mark}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    </ResourceContextProvider>
  );
}

/** The screen of a route, which names the resource by its summary (core/resources.ts): the whole config from registry.ts. */
function CalendarViewScreen({ config, ...props }: Omit<Parameters<typeof CalendarView>[0], 'config'> & { config: ResourceSummary }) {
  return <CalendarView config={fullConfig(config)} {...props} />;
}

export default CalendarViewScreen;
