// A value kept on one line in the tables (a restriction's CPF or CNPJ: '500.000.000-51' cut in two
// is hard to read).
import { Typography } from '@mui/material';

export default function NoWrapText({ value }: { value: unknown }) {
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {String(value)}
    </Typography>
  );
}
