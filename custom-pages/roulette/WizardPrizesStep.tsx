// Step 2 of the roulette wizard, Prêmios da roleta: the customers' wheel and the non-customers'
// wheel, each 4 to 7 prize rows (Adicionar Prêmio up to 7; Remover Prêmios, from the 4th row on,
// takes the last row away and is disabled at exactly 4). The rows and their messages live in the
// wizard (Wizard.tsx); the rules are wizardRules.ts's.
import { Alert, Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { PRIZE_MESSAGE_MAX, PRIZE_NAME_MAX } from '../../src/domain/roulette.js';
import {
  addPrize,
  canAddPrize,
  canRemovePrizes,
  counterText,
  digitsOnly,
  quantityProblem,
  removeLastPrize,
  showsRemovePrizes,
  type PrizeErrors,
  type PrizeField,
  type PrizeGroups,
  type PrizeRow,
} from './wizardRules.js';
import { WIZARD_TEXTS as T } from './wizardTexts.js';

const FIELD = { variant: 'filled', size: 'small', margin: 'dense', fullWidth: true } as const;

export type PrizeGroup = keyof PrizeGroups;

export interface PrizesStepProps {
  groups: PrizeGroups;
  errors: Record<PrizeGroup, PrizeErrors[]>;
  /** A group's new rows, and the field edited (its message goes) or null for an added/removed row. */
  onChange(group: PrizeGroup, rows: PrizeRow[], edited: { index: number; field: PrizeField } | null): void;
  disabled?: boolean;
}

function PrizeRowFields({ row, index, errors, onEdit, disabled }: {
  row: PrizeRow;
  index: number;
  errors: PrizeErrors;
  onEdit(field: PrizeField, value: string): void;
  disabled?: boolean;
}) {
  const title = T.prize(index + 1);
  const quantity = errors.quantidade ?? quantityProblem(row);
  const span = (n: number) => ({ gridColumn: { xs: '1 / -1', sm: `span ${n}` }, minWidth: 0 });
  return (
    <Paper variant="outlined" role="group" aria-label={title} sx={{ p: 2, pt: 1.5 }}>
      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(12, 1fr)' }, columnGap: 2 }}>
        <Box sx={span(5)}>
          <TextField
            {...FIELD}
            label={T.prizeName}
            required
            value={row.nome}
            onChange={(e) => onEdit('nome', e.target.value)}
            disabled={disabled}
            error={Boolean(errors.nome)}
            helperText={errors.nome ?? counterText(row.nome, PRIZE_NAME_MAX)}
            slotProps={{ htmlInput: { maxLength: PRIZE_NAME_MAX } }}
          />
        </Box>
        <Box sx={span(7)}>
          <TextField
            {...FIELD}
            label={T.prizeMessage}
            required
            value={row.descricao}
            onChange={(e) => onEdit('descricao', e.target.value)}
            disabled={disabled}
            error={Boolean(errors.descricao)}
            helperText={errors.descricao ?? counterText(row.descricao, PRIZE_MESSAGE_MAX)}
            slotProps={{ htmlInput: { maxLength: PRIZE_MESSAGE_MAX } }}
          />
        </Box>
        <Box sx={span(2)}>
          <TextField
            {...FIELD}
            label={T.weight}
            required
            value={row.peso_item}
            onChange={(e) => onEdit('peso_item', digitsOnly(e.target.value, 4))}
            disabled={disabled}
            error={Boolean(errors.peso_item)}
            helperText={errors.peso_item ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Box>
        <Box sx={span(2)}>
          <TextField
            {...FIELD}
            label={T.quantity}
            required
            value={row.quantidade}
            onChange={(e) => onEdit('quantidade', digitsOnly(e.target.value))}
            disabled={disabled}
            error={Boolean(quantity)}
            helperText={quantity ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
        </Box>
        <Box sx={span(3)}>
          <TextField
            {...FIELD}
            label={T.minStock}
            required
            value={row.quantidade_minima}
            onChange={(e) => onEdit('quantidade_minima', digitsOnly(e.target.value))}
            disabled={disabled}
            error={Boolean(errors.quantidade_minima)}
            helperText={errors.quantidade_minima ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          />
        </Box>
        <Box sx={span(2)}>
          <TextField
            {...FIELD}
            select
            label={T.confetti}
            required
            value={row.animacao}
            onChange={(e) => onEdit('animacao', e.target.value)}
            disabled={disabled}
            error={Boolean(errors.animacao)}
            helperText={errors.animacao ?? ' '}
          >
            <MenuItem value="true">{T.yes}</MenuItem>
            <MenuItem value="false">{T.no}</MenuItem>
          </TextField>
        </Box>
        <Box sx={span(3)}>
          <TextField
            {...FIELD}
            select
            label={T.noPrize}
            value={row.sem_premio}
            onChange={(e) => onEdit('sem_premio', e.target.value)}
            disabled={disabled}
            error={Boolean(errors.sem_premio)}
            helperText={errors.sem_premio ?? (row.sem_premio === 'true' ? T.noPrizeHint : ' ')}
          >
            <MenuItem value="true">{T.yes}</MenuItem>
            <MenuItem value="false">{T.no}</MenuItem>
          </TextField>
        </Box>
      </Box>
    </Paper>
  );
}

function PrizeGroupFields({ group, title, rows, errors, onChange, disabled }: {
  group: PrizeGroup;
  title: string;
  rows: PrizeRow[];
  errors: PrizeErrors[];
  onChange: PrizesStepProps['onChange'];
  disabled?: boolean;
}) {
  const edit = (index: number, field: PrizeField, value: string) =>
    onChange(group, rows.map((r, i) => (i === index ? { ...r, [field]: value } : r)), { index, field });
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1.5}>
        {rows.map((row, i) => (
          <PrizeRowFields key={row.key} row={row} index={i} errors={errors[i] ?? {}} onEdit={(field, value) => edit(i, field, value)} disabled={disabled} />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {showsRemovePrizes(rows.length) && (
          <Button variant="outlined" color="inherit" startIcon={<RemoveIcon />} disabled={disabled || !canRemovePrizes(rows.length)} onClick={() => onChange(group, removeLastPrize(rows), null)}>
            {T.removePrizes}
          </Button>
        )}
        <Button variant="outlined" startIcon={<AddIcon />} disabled={disabled || !canAddPrize(rows.length)} onClick={() => onChange(group, addPrize(rows), null)}>
          {T.addPrize}
        </Button>
      </Stack>
    </Box>
  );
}

export function PrizesStep({ groups, errors, onChange, disabled }: PrizesStepProps) {
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {T.prizesHint}
      </Alert>
      <PrizeGroupFields group="customers" title={T.customers} rows={groups.customers} errors={errors.customers} onChange={onChange} disabled={disabled} />
      <PrizeGroupFields group="nonCustomers" title={T.nonCustomers} rows={groups.nonCustomers} errors={errors.nonCustomers} onChange={onChange} disabled={disabled} />
    </Box>
  );
}
