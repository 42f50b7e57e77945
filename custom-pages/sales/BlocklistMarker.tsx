// The lead table's blocklist marker (foundation document, section 3 "Table definitions"): a lead
// whose customer is on the blocklist shows a red error icon, one whose address is, a warning-colour
// icon; any other value shows nothing.
import { Tooltip } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';

export const BLOCKLIST_MARKERS = {
  cliente: 'Cliente na blocklist',
  endereco: 'Endereço na blocklist',
} as const;

export default function BlocklistMarker({ value }: { value: unknown }) {
  if (value !== 'cliente' && value !== 'endereco') return null;
  const text = BLOCKLIST_MARKERS[value];
  const Icon = value === 'cliente' ? ErrorIcon : WarningIcon;
  return (
    <Tooltip title={text}>
      <Icon color={value === 'cliente' ? 'error' : 'warning'} fontSize="small" role="img" aria-label={text} aria-hidden={false} data-blocklist={value} />
    </Tooltip>
  );
}
