// A headline figure of an area's home or dashboard (the fleet's, the supplies'): its label, the figure,
// a line of detail, drawn in the warning colour when it asks for attention, and, with `to`, a link to the
// list behind it. A region named by its label, so that a reader (and a test) finds each figure by name.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';

export interface Figure {
  label: string;
  value: string;
  detail?: string;
  /** Where the figure leads (its list); none: a figure alone. */
  to?: string;
  warn?: boolean;
}

export function FigureCard({ label, value, detail, to, warn, testId = 'figure' }: Figure & { testId?: string }) {
  const content: ReactNode = (
    <CardContent>
      <Typography variant="body2" component="h2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, color: warn ? 'warning.dark' : undefined }} data-testid={testId}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={warn ? { borderColor: 'warning.main' } : undefined}>
      {to ? (
        <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
