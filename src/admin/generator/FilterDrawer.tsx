// A generated list's filters on a phone (below 600 px): instead of a stack of inputs above the first
// row, a 'Filtros' button with the count of the filters in force opens a sheet from the bottom with
// the same inputs, in react-admin's own FilterForm bound to the list, so a filter applies as it is
// chosen, as on a wide screen. 'Limpar filtros' clears them (not the search, which stays on the list).
import { isValidElement, useState, type ReactElement } from 'react';
import { Badge, Box, Button, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import { FilterContext, FilterForm, useListContext } from 'react-admin';
import { DateRangeFilter } from './DateRange.js';

export const FILTERS_LABEL = 'Filtros';
export const CLEAR_FILTERS_LABEL = 'Limpar filtros';
export const SHOW_RESULTS_LABEL = 'Ver resultados';

/** The list's filter values an input sets: a date range, both its bounds; another, its source. */
function keysOf(input: ReactElement): string[] {
  const props = input.props as { source?: string; field?: string };
  if (input.type === DateRangeFilter && props.field) return [`${props.field}_gte`, `${props.field}_lte`];
  return props.source ? [props.source] : [];
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

/** The button's name: 'Filtros', or 'Filtros (2)' with two filters in force. */
export const filtersButtonName = (active: number) => (active ? `${FILTERS_LABEL} (${active})` : FILTERS_LABEL);

export function FilterDrawerButton({ filters }: { filters: ReactElement[] }) {
  const [open, setOpen] = useState(false);
  const { filterValues, setFilters } = useListContext();
  const values = (filterValues ?? {}) as Record<string, unknown>;
  const inputs = filters.filter(isValidElement);
  const keys = inputs.flatMap(keysOf);
  const active = inputs.filter((input) => keysOf(input).some((key) => isSet(values[key]))).length;
  const clear = () => setFilters(Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key))), {});
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-label={filtersButtonName(active)} aria-haspopup="dialog" size="small" sx={{ whiteSpace: 'nowrap' }}
        startIcon={
          <Badge badgeContent={active} color="primary" invisible={!active}>
            <FilterListIcon />
          </Badge>
        }
      >
        {FILTERS_LABEL}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { role: 'dialog', 'aria-label': FILTERS_LABEL, sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 } } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {FILTERS_LABEL}
          </Typography>
          <IconButton aria-label="Fechar" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box
          sx={{
            px: 2,
            overflowY: 'auto',
            // One input a line, the width of the sheet.
            '& .RaFilterForm-root, & form': { flexDirection: 'column', alignItems: 'stretch', flexWrap: 'nowrap' },
            '& .RaFilterFormInput-root, & .RaFilterForm-filterFormInput': { width: '100%' },
            '& .MuiFormControl-root, & .MuiAutocomplete-root': { width: '100%', minWidth: 0 },
            '& .RaFilterFormInput-spacer': { display: 'none' },
          }}
        >
          <FilterContext.Provider value={inputs}>
            <FilterForm />
          </FilterContext.Provider>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Button onClick={clear} disabled={!active}>
            {CLEAR_FILTERS_LABEL}
          </Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {SHOW_RESULTS_LABEL}
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
