// The switch between a register's table and its month calendar (x-intranet.list.calendar), beside the
// title: links 'Lista' (<path>/list) and 'Calendário' (<path>/calendar), the one shown filled (aria-current).
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonGroup } from '@mui/material';
import ListIcon from '@mui/icons-material/ViewList';
import CalendarIcon from '@mui/icons-material/CalendarMonth';
import type { ResourceConfig } from '../core/schemas.js';

export const LIST_VIEW_LABEL = 'Lista';
export const CALENDAR_VIEW_LABEL = 'Calendário';

export const calendarPathOf = (config: Pick<ResourceConfig, 'path'>) => `${config.path}/calendar`;

export function ViewSwitch({ config, current }: { config: ResourceConfig; current: 'list' | 'calendar' }) {
  const option = (view: 'list' | 'calendar', label: string, to: string, icon: ReactElement) => (
    <Button
      component={Link}
      to={to}
      variant={current === view ? 'contained' : 'outlined'}
      aria-current={current === view ? 'page' : undefined}
      startIcon={icon}
    >
      {label}
    </Button>
  );
  return (
    <ButtonGroup size="small" aria-label="Visualização">
      {option('list', LIST_VIEW_LABEL, config.listPath, <ListIcon />)}
      {option('calendar', CALENDAR_VIEW_LABEL, calendarPathOf(config), <CalendarIcon />)}
    </ButtonGroup>
  );
}
