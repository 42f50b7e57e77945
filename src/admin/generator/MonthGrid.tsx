// A month of a calendar, as the screens draw it: the month's name between 'Mês anterior' and 'Próximo
// mês' with 'Hoje' beside them, and a grid of its weeks (Sunday first) whose days the screen fills
// (the employee's calendar: holidays and birthdays; a register's calendar view: its records).
import { useCallback, useState, type ReactNode } from 'react';
import { Box, Button, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { MONTH_NAMES } from '../../domain/format.js';

export const MONTHS = MONTH_NAMES;
export const WEEKDAYS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];

/** A month: its year and its number (1 to 12). */
export interface MonthCursor {
  ano: number;
  mes: number;
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

const pad = (n: number) => String(n).padStart(2, '0');

/** A day of the month as ISO text (YYYY-MM-DD). */
export const isoDay = ({ ano, mes }: MonthCursor, day: number) => `${ano}-${pad(mes)}-${pad(day)}`;

/** The month's first and last day (YYYY-MM-DD). */
export function monthBounds(cursor: MonthCursor): { start: string; end: string } {
  const days = new Date(Date.UTC(cursor.ano, cursor.mes, 0)).getUTCDate();
  return { start: isoDay(cursor, 1), end: isoDay(cursor, days) };
}

const current = (): MonthCursor => {
  const today = new Date();
  return { ano: today.getFullYear(), mes: today.getMonth() + 1 };
};

/** The month shown, starting at today's; move(±1) goes to the next or previous one, today() comes back. */
export function useMonthCursor(initial?: MonthCursor) {
  const [cursor, setCursor] = useState<MonthCursor>(() => initial ?? current());
  const move = useCallback(
    (delta: number) =>
      setCursor(({ ano, mes }) => {
        const index = ano * 12 + (mes - 1) + delta;
        return { ano: Math.floor(index / 12), mes: (index % 12) + 1 };
      }),
    [],
  );
  const today = useCallback(() => setCursor(current()), []);
  return { cursor, move, today };
}

export const monthTitle = ({ ano, mes }: MonthCursor) => `${MONTHS[mes - 1]} de ${ano}`;

/** The month's name between the arrows, and 'Hoje'. */
export function MonthNavigation({ cursor, onMove, onToday }: { cursor: MonthCursor; onMove: (delta: number) => void; onToday: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
      <Tooltip title="Mês anterior">
        <IconButton onClick={() => onMove(-1)} aria-label="Mês anterior">
          <ChevronLeftIcon />
        </IconButton>
      </Tooltip>
      <Typography variant="h6" component="h2" sx={{ minWidth: 180, textAlign: 'center' }} aria-live="polite">
        {monthTitle(cursor)}
      </Typography>
      <Tooltip title="Próximo mês">
        <IconButton onClick={() => onMove(1)} aria-label="Próximo mês">
          <ChevronRightIcon />
        </IconButton>
      </Tooltip>
      <Button onClick={onToday} sx={{ ml: 'auto' }}>
        Hoje
      </Button>
    </Box>
  );
}

export interface DayStyle {
  /** Background of the day's cell. */
  background?: string;
  /** Colour of the day's number. */
  color?: string;
}

/**
 * The month's grid (role grid, named by the month): a header row of weekdays, then a cell per day
 * (named by its number) with what `renderDay` draws; today's number in bold.
 */
export function MonthGrid({ cursor, renderDay, dayStyle }: { cursor: MonthCursor; renderDay: (day: number) => ReactNode; dayStyle?: (day: number) => DayStyle | undefined }) {
  const now = new Date();
  const isToday = (day: number) => cursor.ano === now.getFullYear() && cursor.mes === now.getMonth() + 1 && day === now.getDate();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box role="grid" aria-label={monthTitle(cursor)} sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
        {WEEKDAYS.map((w) => (
          <Typography key={w} role="columnheader" variant="caption" sx={{ p: 1, fontWeight: 600, textAlign: 'center', bgcolor: 'action.hover' }}>
            {w}
          </Typography>
        ))}
        {monthCells(cursor.ano, cursor.mes).map((day, i) => {
          const style = day ? dayStyle?.(day) : undefined;
          return (
            <Box
              key={i}
              role="gridcell"
              aria-label={day ? String(day) : undefined}
              sx={{ minHeight: { xs: 56, sm: 92 }, minWidth: 0, p: 0.5, borderTop: 1, borderLeft: i % 7 ? 1 : 0, borderColor: 'divider', bgcolor: style?.background }}
            >
              {day && (
                <>
                  <Typography variant="body2" sx={{ fontWeight: isToday(day) ? 700 : 400, color: isToday(day) ? 'primary.main' : (style?.color ?? 'text.primary') }}>
                    {day}
                  </Typography>
                  {renderDay(day)}
                </>
              )}
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
