// A filter of the raffle and the reports (Público, Prêmio, Cliente, Erro): a labelled select of the
// spec's enumerations (src/domain/roulette.ts), empty until chosen.
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';

export function FilterSelect({ id, label, value, options, disabled, onChange }: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 200, flex: 1 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
