// /calendar: a month grid (Sunday first) with the month's holidays (type and place) and the colleagues'
// birthdays, then the same as a list; arrows move between months, 'Hoje' comes back.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CakeIcon from '@mui/icons-material/Cake';
import EventIcon from '@mui/icons-material/Event';
import { useApiOrigin, v1Json } from '../../src/admin/generator/api.js';
import { TitleBar } from '../../src/admin/shell/TitleBar.js';
import { formatDate } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';

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

export const MONTHS = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro'];
const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];

/** Where a holiday applies, in words. */
export function holidayPlace(h: Pick<CalendarHoliday, 'tipo' | 'uf' | 'cidades'>): string {
  if (h.tipo === 'Nacional') return 'Nacional';
  if (h.tipo === 'Estadual') return `Estadual (${h.uf ?? ''})`;
  return `Municipal (${[h.cidades.join(', '), h.uf].filter(Boolean).join(' - ')})`;
}

/** The cells of a month grid: leading blanks (null), the days, trailing blanks to the week's end. */
export function monthCells(year: number, month: number): (number | null)[] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array<null>(first).fill(null), ...Array.from({ length: days }, (_v, i) => i + 1)];
  // Trailing blanks complete the last week.
  while (cells.length % 7) cells.push(null);
  return cells;
}

export function Calendar() {
  useApiOrigin();
  const today = new Date();
  const [cursor, setCursor] = useState({ ano: today.getFullYear(), mes: today.getMonth() + 1 });
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

  const move = (delta: number) =>
    setCursor(({ ano, mes }) => {
      const index = ano * 12 + (mes - 1) + delta;
      return { ano: Math.floor(index / 12), mes: (index % 12) + 1 };
    });

  const byDay = useMemo(() => {
    const map = new Map<number, { holidays: CalendarHoliday[]; birthdays: CalendarBirthday[] }>();
    const at = (day: number) => map.get(day) ?? (map.set(day, { holidays: [], birthdays: [] }), map.get(day)!);
    for (const h of data?.feriados ?? []) at(Number(h.data.slice(8, 10))).holidays.push(h);
    for (const b of data?.aniversarios ?? []) at(Number(b.data.slice(8, 10))).birthdays.push(b);
    return map;
  }, [data]);

  const isToday = (day: number) => cursor.ano === today.getFullYear() && cursor.mes === today.getMonth() + 1 && day === today.getDate();
  const events = [...(data?.feriados ?? []).map((h) => ({ kind: 'feriado' as const, data: h.data, nome: h.nome, detail: holidayPlace(h) })), ...(data?.aniversarios ?? []).map((b) => ({ kind: 'aniversario' as const, data: b.data, nome: b.nome, detail: 'Aniversário' }))].sort((a, b) => a.data.localeCompare(b.data));

  return (
    <Box sx={{ maxWidth: 983, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title="Calendário" back="/" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Tooltip title="Mês anterior">
          <IconButton onClick={() => move(-1)} aria-label="Mês anterior">
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="h2" sx={{ minWidth: 180, textAlign: 'center' }} aria-live="polite">
          {MONTHS[cursor.mes - 1]} de {cursor.ano}
        </Typography>
        <Tooltip title="Próximo mês">
          <IconButton onClick={() => move(1)} aria-label="Próximo mês">
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        <Button onClick={() => setCursor({ ano: today.getFullYear(), mes: today.getMonth() + 1 })} sx={{ ml: 'auto' }}>
          Hoje
        </Button>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Box role="grid" aria-label={`${MONTHS[cursor.mes - 1]} de ${cursor.ano}`} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)' }}>
          {WEEKDAYS.map((w) => (
            <Typography key={w} role="columnheader" variant="caption" sx={{ p: 1, fontWeight: 600, textAlign: 'center', bgcolor: 'action.hover' }}>
              {w}
            </Typography>
          ))}
          {monthCells(cursor.ano, cursor.mes).map((day, i) => {
            const entry = day ? byDay.get(day) : undefined;
            return (
              <Box key={i} role="gridcell" aria-label={day ? String(day) : undefined} sx={{ minHeight: { xs: 56, sm: 92 }, p: 0.5, borderTop: 1, borderLeft: i % 7 ? 1 : 0, borderColor: 'divider', bgcolor: entry?.holidays.length ? 'rgba(211, 47, 47, 0.06)' : undefined }}>
                {day && (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: isToday(day) ? 700 : 400, color: isToday(day) ? 'primary.main' : entry?.holidays.length ? 'error.main' : 'text.primary' }}>
                      {day}
                    </Typography>
                    {entry?.holidays.map((h) => (
                      <Tooltip key={`f${h.id}`} title={holidayPlace(h)}>
                        <Chip size="small" color="error" variant="outlined" icon={<EventIcon />} label={h.nome} sx={{ maxWidth: '100%', mt: 0.25, display: { xs: 'none', sm: 'inline-flex' } }} />
                      </Tooltip>
                    ))}
                    {entry?.birthdays.map((b) => (
                      <Chip key={`a${b.id}`} size="small" color="secondary" variant="outlined" icon={<CakeIcon />} label={b.nome} sx={{ maxWidth: '100%', mt: 0.25, display: { xs: 'none', sm: 'inline-flex' } }} />
                    ))}
                  </>
                )}
              </Box>
            );
          })}
        </Box>
      </Paper>
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
