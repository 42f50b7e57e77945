// Choose items (trails of an onboarding, contents of a trail) and put them in order: the available
// ones on the left, the chosen ones on the right in reading order (priority 1, 2, ...), moved by
// drag and drop or by the up/down buttons (the first cannot go up, the last cannot go down). The
// buttons' tooltips let the pointer through: an item moving under the pointer must not leave a
// tooltip covering the next button.
import { useState } from 'react';
import { Box, IconButton, List, ListItem, ListItemText, Paper, Tooltip, Typography } from '@mui/material';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import AddCircleOutline from '@mui/icons-material/AddCircleOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';

export interface PickItem {
  id: number;
  label: string;
}

/** Moves the item at `from` to `to` (pure). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export interface OrderPickerProps {
  available: PickItem[];
  selected: PickItem[];
  onChange(selected: PickItem[]): void;
  availableTitle: string;
  selectedTitle: string;
  /** Text of an empty chosen list. */
  emptyText: string;
}

export function OrderPicker({ available, selected, onChange, availableTitle, selectedTitle, emptyText }: OrderPickerProps) {
  const [dragging, setDragging] = useState<number | null>(null);
  const chosen = new Set(selected.map((s) => s.id));
  const left = available.filter((a) => !chosen.has(a.id));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={availableTitle} role="region">
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {availableTitle}
        </Typography>
        <List dense>
          {left.length === 0 && (
            <ListItem>
              <ListItemText secondary="Nenhum item disponível." />
            </ListItem>
          )}
          {left.map((item) => (
            <ListItem
              key={item.id}
              secondaryAction={
                <Tooltip title="Adicionar" disableInteractive>
                  <IconButton edge="end" aria-label={`Adicionar ${item.label}`} onClick={() => onChange([...selected, item])}>
                    <AddCircleOutline color="primary" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemText primary={item.label} />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 1.5 }} aria-label={selectedTitle} role="region">
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {selectedTitle}
        </Typography>
        <List dense data-testid="selected-list">
          {selected.length === 0 && (
            <ListItem>
              <ListItemText secondary={emptyText} />
            </ListItem>
          )}
          {selected.map((item, index) => (
            <ListItem
              key={item.id}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) onChange(moveItem(selected, dragging, index));
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              sx={{ cursor: 'grab', bgcolor: dragging === index ? 'action.selected' : undefined, borderRadius: 1 }}
              secondaryAction={
                <Box>
                  <Tooltip title="Mover para cima" disableInteractive>
                    <span>
                      <IconButton aria-label={`Mover ${item.label} para cima`} disabled={index === 0} onClick={() => onChange(moveItem(selected, index, index - 1))}>
                        <ArrowUpward />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Mover para baixo" disableInteractive>
                    <span>
                      <IconButton
                        aria-label={`Mover ${item.label} para baixo`}
                        disabled={index === selected.length - 1}
                        onClick={() => onChange(moveItem(selected, index, index + 1))}
                      >
                        <ArrowDownward />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Remover" disableInteractive>
                    <IconButton edge="end" aria-label={`Remover ${item.label}`} onClick={() => onChange(selected.filter((s) => s.id !== item.id))}>
                      <RemoveCircleOutline color="error" />
                    </IconButton>
                  </Tooltip>
                </Box>
              }
            >
              <DragIndicator fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
              <ListItemText primary={`${index + 1}. ${item.label}`} />
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
