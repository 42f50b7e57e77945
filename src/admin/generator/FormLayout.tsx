// The generated form's layout pieces (a titled section with its two-column grid, and a cell of it),
// apart from ResourceForm.tsx so that bespoke forms use them without loading the generated form.
import type { ReactNode } from 'react';
import { Box, Divider, Typography } from '@mui/material';

/**
 * One section of a form: its sub-header (after a divider but for the first) and a two-column grid
 * of its inputs (FormCell). The generated forms draw theirs with it; bespoke forms too.
 */
export function FormSection({ title, first = false, children }: { title: string; first?: boolean; children: ReactNode }) {
  return (
    <Box component="section" sx={{ width: '100%' }} aria-label={title}>
      {!first && <Divider sx={{ mb: 2 }} />}
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

/** A cell of a FormSection's grid: one column, or the whole row (`wide`: long text, a file, ...). */
export function FormCell({ wide = false, children, ...rest }: { wide?: boolean; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    // A bespoke input drawing nothing for now (a date only some records have) takes no cell.
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0, '&:empty': { display: 'none' } }} {...rest}>
      {children}
    </Box>
  );
}
