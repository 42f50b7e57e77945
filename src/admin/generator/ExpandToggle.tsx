// The expand control of a table row with an expanded part (list.expand, or columns a narrow table
// moved there): a real button, reached by Tab, named 'Expandir linha' / 'Recolher linha' with
// aria-expanded, toggled by a click, Enter or Space. react-admin's own chevron is hidden from the
// keyboard and from screen readers (aria-hidden, tabIndex -1): the tables draw this one in a first
// column of their own and hide react-admin's (EXPAND_SX). The state is react-admin's (useExpanded),
// so its expanded row opens and closes with it.
import type { KeyboardEvent, MouseEvent } from 'react';
import { IconButton } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useExpanded, useRecordContext, useResourceContext } from 'react-admin';

export const EXPAND_ROW_LABEL = 'Expandir linha';
export const COLLAPSE_ROW_LABEL = 'Recolher linha';

const CELL_CLASS = 'IntranetExpandCell';

/** Datagrid styles of a table with this column: react-admin's expand column hidden, this one as narrow. */
export const EXPAND_SX = {
  '& .RaDatagrid-expandIconCell, & .RaDatagrid-expandHeader': { display: 'none' },
  [`& .${CELL_CLASS}`]: { width: 48, px: 0, textAlign: 'center' },
} as const;

/** Datagrid reads label, sortable and the class names from the column's element. */
export function ExpandToggle(_: { label?: string; sortable?: boolean; cellClassName?: string; headerClassName?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const [expanded, toggle] = useExpanded(resource, record?.id ?? '');
  if (!record) return null;
  const onClick = (event: MouseEvent) => {
    // The row itself opens the edit screen.
    event.stopPropagation();
    toggle();
  };
  // Enter and Space act here (a native button would click by itself; preventing it keeps one toggle).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Enter' && !event.repeat) toggle();
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    toggle();
  };
  return (
    <IconButton
      size="small"
      className={`RaDatagrid-expandIcon${expanded ? ' RaDatagrid-expanded' : ''}`}
      aria-label={expanded ? COLLAPSE_ROW_LABEL : EXPAND_ROW_LABEL}
      aria-expanded={expanded}
      aria-controls={expanded ? `${record.id}-expand` : undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
    >
      <ExpandMoreIcon fontSize="inherit" />
    </IconButton>
  );
}

/** The column's element as a Datagrid child: no title, not sortable, narrow. */
export const expandColumn = () => <ExpandToggle key="__expand" label="" sortable={false} cellClassName={CELL_CLASS} headerClassName={CELL_CLASS} />;
