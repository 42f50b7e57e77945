// The relatives' names input (foundation document, section 5: 'Nome completo da pessoa'): a name is
// added on Enter (or when the input is left, so a name still typed counts), commas split several,
// each trimmed, empty ones dropped and duplicates removed (src/domain/dialog.ts); the names show as
// chips that can be removed. Used by the generic dialog and by the relatives' register form.
import { useState, type KeyboardEvent } from 'react';
import { Box, Chip, Stack, TextField } from '@mui/material';
import { addRelativeNames, DIALOG_DEFAULTS, removeRelativeName } from '../../domain/dialog.js';

export interface RelativeNamesInputProps {
  names: string[];
  onChange(names: string[]): void;
  disabled?: boolean;
  label?: string;
  error?: boolean;
  /** Shown under the input instead of the how-to text (an error). */
  helperText?: string;
  /** Called after the input is left (what was still typed added first). */
  onBlur?(): void;
  /** The text being typed, when the caller keeps it (the dialog's confirm counts it as a name). */
  typed?: string;
  onTypedChange?(typed: string): void;
}

export const RELATIVE_NAMES_HELP = 'Tecle Enter para adicionar; separe vários nomes com vírgulas.';

export function RelativeNamesInput(props: RelativeNamesInputProps) {
  const { names, onChange, disabled, label = DIALOG_DEFAULTS.familiarLabel, error, helperText, onBlur } = props;
  const [ownTyped, setOwnTyped] = useState('');
  const typed = props.typed ?? ownTyped;
  const setTyped = props.onTypedChange ?? setOwnTyped;
  const commit = () => {
    if (!typed.trim()) return setTyped('');
    onChange(addRelativeNames(names, typed));
    setTyped('');
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };
  return (
    <Box sx={{ mt: 1 }}>
      <TextField
        label={label}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={onKey}
        onBlur={() => {
          commit();
          onBlur?.();
        }}
        disabled={disabled}
        error={error}
        fullWidth
        helperText={helperText ?? RELATIVE_NAMES_HELP}
      />
      {names.length > 0 && (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }} aria-label="Familiares" role="list">
          {names.map((name) => (
            <Chip key={name} role="listitem" label={name} onDelete={disabled ? undefined : () => onChange(removeRelativeName(names, name))} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
