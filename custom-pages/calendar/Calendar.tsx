// /calendar: a month grid (Sunday first) with the month's holidays (type and place) and the colleagues'
// birthdays, then the same as a list; arrows move between months, 'Hoje' comes back.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Chip, CircularProgress, Tooltip, Typography } from '@mui/material';
import CakeIcon from '@mui/icons-material/Cake';
import EventIcon from '@mui/icons-material/Event';
import { MonthGrid, MonthNavigation, TitleBar, useApiOrigin, useMonthCursor, v1Json } from '../../src/admin/pages.js';
import { formatDate } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';

export { MONTHS, monthCells } from '../../src/admin/pages.js';

export interface CalendarHoliday {
  id: number;
  nome: string;
  data: string;
  tipo: 'Nacional' | 'Estadual' | 'Municipal';
  uf: string | null;
  cidades: string[];
}
export interface CalendarBirthday {
  id: number;
  nome: string;
  data: string;
}
interface CalendarMonth {
  ano: number;
  mes: number;
  feriados: CalendarHoliday[];
  aniversarios: CalendarBirthday[];
}

/** Where a holiday applies, in words. */
export function holidayPlace(h: Pick<CalendarHoliday, 'tipo' | 'uf' | 'cidades'>): string {
  if (h.tipo === 'Nacional') return 'Nacional';
  if (h.tipo === 'Estadual') return `Estadual (${h.uf ?? ''})`;
  return `Municipal (${[h.cidades.join(', '), h.uf].filter(Boolean).join(' - ')})`;
}

export function Calendar() {
  useApiOrigin();
  const { cursor, move, today } = useMonthCursor();
  const [data, setData] = useState<CalendarMonth | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setData(null);
    setError(null);
    v1Json<CalendarMonth>(`/v1/calendario?ano=${cursor.ano}&mes=${cursor.mes}`)
      .then((answer) => !cancelled && setData(answer))
      .catch((e: Error) => !cancelled && setError(e.message || MSG.failure));
    return () => {
      cancelled = true;
    };
  }, [cursor]);

  const byDay = useMemo(() => {
    const map = new Map<number, { holidays: CalendarHoliday[]; birthdays: CalendarBirthday[] }>();
    const at = (day: number) => map.get(day) ?? (map.set(day, { holidays: [], birthdays: [] }), map.get(day)!);
    for (const h of data?.feriados ?? []) at(Number(h.data.slice(8, 10))).holidays.push(h);
    for (const b of data?.aniversarios ?? []) at(Number(b.data.slice(8, 10))).birthdays.push(b);
    return map;
  }, [data]);

  const events = [...(data?.feriados ?? []).map((h) => ({ kind: 'feriado' as const, data: h.data, nome: h.nome, detail: holidayPlace(h) })), ...(data?.aniversarios ?? []).map((b) => ({ kind: 'aniversario' as const, data: b.data, nome: b.nome, detail: 'Aniversário' }))].sort((a, b) => a.data.localeCompare(b.data));

  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title="Calendário" back="/" />
      <MonthNavigation cursor={cursor} onMove={move} onToday={today} />
      {error && <Alert severity="error">{error}</Alert>}
      <MonthGrid
        cursor={cursor}
        dayStyle={(day) => (byDay.get(day)?.holidays.length ? { background: 'rgba(211, 47, 47, 0.06)', color: 'error.main' } : undefined)}
        renderDay={(day) => {
          const entry = byDay.get(day);
          return (
            <>
              {entry?.holidays.map((h) => (
                <Tooltip key={`f${h.id}`} title={holidayPlace(h)}>
                  <Chip size="small" color="error" variant="outlined" icon={<EventIcon />} label={h.nome} sx={{ maxWidth: '100%', mt: 0.25, display: { xs: 'none', sm: 'inline-flex' } }} />
                </Tooltip>
              ))}
              {entry?.birthdays.map((b) => (
                <Chip key={`a${b.id}`} size="small" color="secondary" variant="outlined" icon={<CakeIcon />} label={b.nome} sx={{ maxWidth: '100%', mt: 0.25, display: { xs: 'none', sm: 'inline-flex' } }} />
              ))}
            </>
          );
        }}
      />
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 600 }}>
        Neste mês
      </Typography>
      {!data && !error ? (
        <CircularProgress size={24} aria-label="Carregando" />
      ) : events.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>Nenhum feriado ou aniversário neste mês.</Typography>
      ) : (
        <Box component="ul" aria-label="Eventos do mês" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
          {events.map((e) => (
            <Box component="li" key={`${e.kind}-${e.data}-${e.nome}`} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
              {e.kind === 'feriado' ? <EventIcon color="error" fontSize="small" /> : <CakeIcon color="secondary" fontSize="small" />}
              <Typography sx={{ minWidth: 96 }}>{formatDate(e.data)}</Typography>
              <Typography sx={{ fontWeight: 500 }}>{e.nome}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', ml: 'auto' }}>
                {e.detail}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

export default Calendar;
