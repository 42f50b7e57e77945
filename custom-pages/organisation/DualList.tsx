// Dual list (foundation document, section 4): items move between 'available' and 'chosen' with
// move selected, move all, remove selected and remove all; a double click moves one item.
import { useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';

export interface DualItem {
  key: string;
  label: string;
  secondary?: string;
}

export interface DualListProps {
  available: DualItem[];
  chosen: DualItem[];
  /** The new chosen items, in order. */
  onChange: (chosen: DualItem[]) => void;
  disabled?: boolean;
  loading?: boolean;
  availableTitle?: string;
  chosenTitle?: string;
  /** Above the available list: search box, state select, ... */
  availableHeader?: ReactNode;
  /** Text when there is nothing to list on the left. */
  availableEmpty?: string;
  error?: string | null;
}

export const DUAL_LABELS = {
  moveSelected: 'Mover selecionadas',
  moveAll: 'Mover todas',
  removeSelected: 'Remover selecionadas',
  removeAll: 'Remover todas',
} as const;

function Column({
  title,
  items,
  selected,
  onToggle,
  onActivate,
  disabled,
  loading,
  header,
  empty,
}: {
  title: string;
  items: DualItem[];
  selected: Set<string>;
  onToggle: (key: string) => void;
  onActivate: (item: DualItem) => void;
  disabled?: boolean;
  loading?: boolean;
  header?: ReactNode;
  empty: string;
}) {
  return (
    <Paper variant="outlined" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle2" component="h3">
          {title} ({items.length})
        </Typography>
        {header}
      </Box>
      <List dense role="listbox" aria-label={title} aria-multiselectable="true" sx={{ height: 280, overflow: 'auto' }}>
        {loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', height: '100%' }}>
            <CircularProgress size={24} />
          </Box>
        ) : items.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', p: 2 }}>
            {empty}
          </Typography>
        ) : (
          items.map((item) => (
            <ListItemButton
              key={item.key}
              role="option"
              aria-selected={selected.has(item.key)}
              selected={selected.has(item.key)}
              disabled={disabled}
              onClick={() => onToggle(item.key)}
              onDoubleClick={() => onActivate(item)}
              sx={{ py: 0 }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <Checkbox edge="start" size="small" checked={selected.has(item.key)} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-hidden': true } }} />
              </ListItemIcon>
              <ListItemText primary={item.label} secondary={item.secondary} />
            </ListItemButton>
          ))
        )}
      </List>
    </Paper>
  );
}

export function DualList({
  available,
  chosen,
  onChange,
  disabled,
  loading,
  availableTitle = 'Disponíveis',
  chosenTitle = 'Selecionadas',
  availableHeader,
  availableEmpty = 'Nenhum dado encontrado',
  error,
}: DualListProps) {
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [right, setRight] = useState<Set<string>>(new Set());
  const chosenKeys = new Set(chosen.map((i) => i.key));
  const offered = available.filter((i) => !chosenKeys.has(i.key));

  const toggle = (set: Set<string>, update: (s: Set<string>) => void) => (key: string) => {
    const next = new Set(set);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    update(next);
  };
  const add = (items: DualItem[]) => {
    if (!items.length) return;
    onChange([...chosen, ...items.filter((i) => !chosenKeys.has(i.key))]);
    setLeft(new Set());
  };
  const remove = (keys: Set<string>) => {
    if (!keys.size) return;
    onChange(chosen.filter((i) => !keys.has(i.key)));
    setRight(new Set());
  };

  const buttons = [
    { label: DUAL_LABELS.moveSelected, Icon: ChevronRightIcon, onClick: () => add(offered.filter((i) => left.has(i.key))), enabled: offered.some((i) => left.has(i.key)) },
    { label: DUAL_LABELS.moveAll, Icon: LastPageIcon, onClick: () => add(offered), enabled: offered.length > 0 },
    { label: DUAL_LABELS.removeSelected, Icon: ChevronLeftIcon, onClick: () => remove(new Set([...right].filter((k) => chosenKeys.has(k)))), enabled: chosen.some((i) => right.has(i.key)) },
    { label: DUAL_LABELS.removeAll, Icon: FirstPageIcon, onClick: () => remove(chosenKeys), enabled: chosen.length > 0 },
  ];

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'stretch' }}>
        <Column
          title={availableTitle}
          items={offered}
          selected={left}
          onToggle={toggle(left, setLeft)}
          onActivate={(item) => add([item])}
          disabled={disabled}
          loading={loading}
          header={availableHeader}
          empty={availableEmpty}
        />
        <Stack direction={{ xs: 'row', sm: 'column' }} spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
          {buttons.map(({ label, Icon, onClick, enabled }) => (
            <Tooltip key={label} title={label}>
              <span>
                <Button variant="outlined" size="small" aria-label={label} onClick={onClick} disabled={disabled || !enabled} sx={{ minWidth: 40 }}>
                  <Icon fontSize="small" />
                </Button>
              </span>
            </Tooltip>
          ))}
        </Stack>
        <Column
          title={chosenTitle}
          items={chosen}
          selected={right}
          onToggle={toggle(right, setRight)}
          onActivate={(item) => remove(new Set([item.key]))}
          disabled={disabled}
          empty="Nenhuma cidade selecionada"
        />
      </Stack>
      {error && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
