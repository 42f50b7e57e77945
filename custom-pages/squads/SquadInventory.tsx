// /squads/inventory/{id} (id: the squad): the squad's inventory count (src/server/v1/inventory.ts).
// - The squad (name, provider, city); without an open count, what the system says it holds now and
//   'Abrir contagem' (solicitante and up): the count opens with it.
// - The open count: product, patrimônio, 'Sistema', 'Informado' (typed in the row, saved with PUT
//   v1/company/inventario/{row} on leaving the field or on Enter), 'Diferença' (red when something is
//   missing, amber when there is more than the system says, green when it matches); 'Adicionar item
//   informado' (something the squad has that the system does not give it); 'Validar inventário' (asked
//   first), which settles the stock (POST v1/company/suprimentos/inventario) and leaves the count read-only.
// - The validated counts below, read-only, each with its summary and its rows.
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import {
  differenceTone,
  formatDifference,
  inventoryDifference,
  type DifferenceTone,
  type InventoryCount,
  type InventoryHolding,
  type InventoryLine,
  type InventoryProduct,
  type SquadInventory as SquadInventoryData,
} from '../../src/domain/inventory.js';
import { formatDate, formatDateTime, NO_DATA_TEXT } from '../../src/domain/format.js';
import { MSG } from '../../src/domain/messages.js';
import { SUPPLIES_MSG } from '../../src/domain/supplies.js';
import { ApiError, configByResource, IntranetDialog, rightsOf, TitleBar, useApiOrigin, useSession, useToasts, v1Json } from '../../src/admin/pages.js';

const MODULE = 'suprimentos';
const BACK = '/squads/list';
const INVENTORIES = 'squad-inventories';

/** How each difference reads: its colour, its word. */
const TONES: Record<Exclude<DifferenceTone, 'pending'>, { color: 'error' | 'warning' | 'success'; word: string }> = {
  missing: { color: 'error', word: 'falta' },
  extra: { color: 'warning', word: 'sobra' },
  equal: { color: 'success', word: 'confere' },
};

/** The reason of a refusal: the field's own message when the server names one, else its text. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const errors = (error.body as { errors?: Record<string, string> } | null)?.errors;
    const first = errors ? Object.values(errors).find((m) => m && m !== MSG.required) : undefined;
    return first ?? error.message;
  }
  return (error as Error | undefined)?.message || MSG.failure;
}

const lineLabel = (l: Pick<InventoryLine, 'produto' | 'patrimonio'>) => (l.patrimonio ? `${l.produto} (${l.patrimonio})` : l.produto);

function Difference({ line }: { line: Pick<InventoryLine, 'sistema' | 'quantidade_informada' | 'unidade'> }) {
  const difference = inventoryDifference(line.sistema, line.quantidade_informada);
  const tone = differenceTone(difference);
  if (tone === 'pending') {
    return (
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }} data-tone="pending" aria-label="Diferença: não informado">
        —
      </Typography>
    );
  }
  const { color, word } = TONES[tone];
  return (
    <Chip
      size="small"
      color={color}
      variant={tone === 'equal' ? 'outlined' : 'filled'}
      label={`${formatDifference(difference)} ${line.unidade}`}
      data-tone={tone}
      aria-label={`Diferença: ${formatDifference(difference)} (${word})`}
      sx={{ fontWeight: 600, minWidth: 64 }}
    />
  );
}

/** The told quantity of a row, typed in place and saved on leaving the field or on Enter. */
function InformedInput({ line, onSaved }: { line: InventoryLine; onSaved: (line: InventoryLine) => void }) {
  const toasts = useToasts();
  const saved = line.quantidade_informada === null ? '' : String(line.quantidade_informada);
  const [text, setText] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(saved);
  // A new value from the server (another save, a reload) replaces what is typed.
  if (shown !== saved) {
    setShown(saved);
    setText(saved);
  }
  const unit = line.controle === 'patrimonio';
  const save = async () => {
    const typed = text.trim();
    if (typed === saved || busy) return;
    const value = typed === '' ? null : Number(typed);
    if (value !== null && (!Number.isInteger(value) || value < 0 || (unit && value > 1))) {
      toasts.failure({ message: unit ? 'Um equipamento com patrimônio conta 0 (não está com a equipe) ou 1.' : 'Informe um número inteiro, zero ou maior.' });
      setText(saved);
      return;
    }
    setBusy(true);
    try {
      const answer = await v1Json<{ message: string; item: InventoryLine }>(`/v1/company/inventario/${line.id}`, {
        method: 'PUT',
        module: MODULE,
        body: JSON.stringify({ quantidade_informada: value }),
      });
      toasts.success(answer.message || MSG.success);
      onSaved(answer.item);
    } catch (error) {
      toasts.failure({ message: reasonOf(error) });
      setText(saved);
    } finally {
      setBusy(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
    if (event.key === 'Escape') setText(saved);
  };
  return (
    <TextField
      size="small"
      type="number"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => void save()}
      onKeyDown={onKeyDown}
      disabled={busy}
      placeholder="—"
      sx={{ width: 96 }}
      slotProps={{ htmlInput: { min: 0, max: unit ? 1 : undefined, step: 1, inputMode: 'numeric', 'aria-label': `Informado: ${lineLabel(line)}` } }}
    />
  );
}

interface LinesTableProps {
  lines: InventoryLine[];
  label: string;
  /** The open count's rows, for who may change them: the told quantity is an input, a declared row may go. */
  editable?: boolean;
  onSaved?: (line: InventoryLine) => void;
  onRemove?: (line: InventoryLine) => void;
}

function LinesTable({ lines, label, editable, onSaved, onRemove }: LinesTableProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Produto</TableCell>
            <TableCell>Patrimônio</TableCell>
            <TableCell align="right">Sistema</TableCell>
            <TableCell align="right">Informado</TableCell>
            <TableCell align="center">Diferença</TableCell>
            {editable && <TableCell padding="checkbox" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={editable ? 6 : 5} sx={{ color: 'text.secondary' }}>
                {NO_DATA_TEXT}
              </TableCell>
            </TableRow>
          )}
          {lines.map((l) => (
            <TableRow key={l.id} hover data-testid="inventory-row">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{l.produto}</span>
                  {l.origem === 'informado' && <Chip size="small" variant="outlined" label="Informado pela equipe" />}
                </Stack>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{l.patrimonio ?? '—'}</span>
                  {l.cadastrado === false && (
                    <Tooltip title="Este patrimônio não está cadastrado no provedor: a validação será recusada até que a entrada do equipamento seja registrada ou o patrimônio corrigido.">
                      <Chip size="small" color="warning" variant="outlined" label="Não cadastrado" />
                    </Tooltip>
                  )}
                </Stack>
              </TableCell>
              <TableCell align="right">
                {l.sistema} {l.unidade}
              </TableCell>
              <TableCell align="right">
                {editable && onSaved ? (
                  <InformedInput line={l} onSaved={onSaved} />
                ) : l.quantidade_informada === null ? (
                  '—'
                ) : (
                  `${l.quantidade_informada} ${l.unidade}`
                )}
              </TableCell>
              <TableCell align="center">
                <Difference line={l} />
              </TableCell>
              {editable && (
                <TableCell padding="checkbox">
                  {l.origem === 'informado' && onRemove && (
                    <Tooltip title="Remover item informado">
                      <IconButton size="small" aria-label={`Remover item informado: ${lineLabel(l)}`} onClick={() => onRemove(l)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Summary({ count }: { count: InventoryCount }) {
  const pending = count.itens.filter((l) => l.quantidade_informada === null).length;
  const { itens, iguais, faltas, sobras } = count.resumo;
  const chips: { label: string; color?: 'error' | 'warning' | 'success' }[] = [
    { label: `${itens} ${itens === 1 ? 'item' : 'itens'}` },
    { label: `${iguais} ${iguais === 1 ? 'confere' : 'conferem'}`, color: 'success' },
    { label: `${faltas} em falta`, color: faltas ? 'error' : undefined },
    { label: `${sobras} em sobra`, color: sobras ? 'warning' : undefined },
  ];
  if (!count.validado) chips.push({ label: `${pending} por informar` });
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Resumo da contagem" role="group">
      {chips.map((c) => (
        <Chip key={c.label} size="small" label={c.label} color={c.color} variant="outlined" />
      ))}
    </Stack>
  );
}

/** The dialog of a row the squad declares: a product, and its patrimônio (a unit) or its quantity. */
function DeclareDialog({ open, products, onClose, onAdd }: { open: boolean; products: InventoryProduct[]; onClose: () => void; onAdd: (body: Record<string, unknown>) => Promise<boolean> }) {
  const [productId, setProductId] = useState('');
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [busy, setBusy] = useState(false);
  const product = products.find((p) => String(p.id) === productId);
  const close = () => {
    setProductId('');
    setCode('');
    setQuantity('');
    onClose();
  };
  const confirm = async () => {
    if (!product) return;
    setBusy(true);
    const body: Record<string, unknown> = { id_produto: product.id };
    if (product.controle === 'patrimonio') body.patrimonio = code.trim();
    else body.quantidade_informada = quantity.trim() === '' ? null : Number(quantity);
    const done = await onAdd(body);
    setBusy(false);
    if (done) close();
  };
  return (
    <IntranetDialog
      open={open}
      title="Adicionar item informado"
      subhead="Algo que a equipe tem e o sistema não lhe dá"
      primaryButtonLabel="Adicionar"
      loading={busy}
      onConfirm={() => void confirm()}
      onClose={close}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField select label="Produto" value={productId} onChange={(e) => setProductId(e.target.value)} required fullWidth>
          {products.map((p) => (
            <MenuItem key={p.id} value={String(p.id)}>
              {p.nome}
            </MenuItem>
          ))}
        </TextField>
        {product?.controle === 'patrimonio' && (
          <TextField label="Patrimônio" value={code} onChange={(e) => setCode(e.target.value)} required fullWidth helperText="Na validação, o equipamento vem de onde estiver para a equipe." />
        )}
        {product?.controle === 'quantidade' && (
          <TextField
            label={`Quantidade (${product.unidade})`}
            type="number"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            required
            fullWidth
            slotProps={{ htmlInput: { min: 0, step: 1 } }}
            helperText="Na validação, a quantidade entra no saldo da equipe."
          />
        )}
      </Stack>
    </IntranetDialog>
  );
}

/** What the system says the squad holds now: what a count opened now starts from. */
function Holdings({ holdings }: { holdings: InventoryHolding[] }) {
  if (!holdings.length) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        O sistema não dá nenhum equipamento a esta equipe.
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        O que o sistema diz que a equipe tem agora (a contagem começa daqui):
      </Typography>
      <Table size="small" aria-label="Com a equipe segundo o sistema">
        <TableHead>
          <TableRow>
            <TableCell>Produto</TableCell>
            <TableCell align="right">Quantidade</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {holdings.map((h) => (
            <TableRow key={h.id_produto}>
              <TableCell>{h.produto}</TableCell>
              <TableCell align="right">
                {h.quantidade} {h.unidade}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: 2, mb: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {extra}
      </Stack>
      {children}
    </Paper>
  );
}

export default function SquadInventory() {
  useApiOrigin();
  const { id } = useParams();
  const squadId = Number(id);
  const valid = Number.isInteger(squadId) && squadId > 0;
  const toasts = useToasts();
  const client = useQueryClient();
  const config = configByResource.get(INVENTORIES);
  const roles = useSession()?.roles ?? [];
  const rights = config ? rightsOf(config, roles) : null;
  const key = ['squad-inventory', squadId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => v1Json<SquadInventoryData>(`/v1/suprimentos/equipes/${squadId}/inventario`, { module: MODULE }),
    enabled: valid,
    retry: false,
  });
  const [opening, setOpening] = useState(false);
  const [declaring, setDeclaring] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [validating, setValidating] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: key });

  const data = query.data;
  const open = data?.aberto ?? null;
  const canEdit = Boolean(rights?.create && rights.update);

  const openCount = async () => {
    setOpening(true);
    try {
      const answer = await v1Json<{ message: string }>(`/v1/suprimentos/equipes/${squadId}/inventario`, { method: 'POST', module: MODULE });
      toasts.success(answer.message);
      setRefusal(null);
      await reload();
    } catch (error) {
      toasts.failure({ message: reasonOf(error) });
      await reload();
    } finally {
      setOpening(false);
    }
  };

  /** A saved row, put in place (its difference and the count's summary follow). */
  const onSaved = (line: InventoryLine) => {
    client.setQueryData<SquadInventoryData>(key, (old) => {
      if (!old?.aberto) return old;
      const itens = old.aberto.itens.map((l) => (l.id === line.id ? line : l));
      const resumo = { itens: itens.length, iguais: 0, faltas: 0, sobras: 0 };
      for (const l of itens) {
        if (l.diferenca === 0) resumo.iguais++;
        else if (l.diferenca !== null && l.diferenca < 0) resumo.faltas -= l.diferenca;
        else if (l.diferenca !== null) resumo.sobras += l.diferenca;
      }
      return { ...old, aberto: { ...old.aberto, itens, resumo } };
    });
  };

  const addDeclared = async (body: Record<string, unknown>) => {
    if (!open) return false;
    try {
      const answer = await v1Json<{ message: string }>(`/v1/company/inventario/${open.id}/itens`, { method: 'POST', module: MODULE, body: JSON.stringify(body) });
      toasts.success(answer.message);
      await reload();
      return true;
    } catch (error) {
      toasts.failure({ message: reasonOf(error) });
      return false;
    }
  };

  const removeDeclared = async (line: InventoryLine) => {
    try {
      const answer = await v1Json<{ message: string }>(`/v1/company/inventario/${line.id}`, { method: 'DELETE', module: MODULE });
      toasts.success(answer.message);
    } catch (error) {
      toasts.failure({ message: reasonOf(error) });
    }
    await reload();
  };

  const validate = async () => {
    if (!open) return;
    setValidating(true);
    try {
      const answer = await v1Json<{ message: string }>('/v1/company/suprimentos/inventario', { method: 'POST', module: MODULE, body: JSON.stringify({ id: open.id }) });
      toasts.success(answer.message || SUPPLIES_MSG.inventoryValidated);
      setRefusal(null);
      setConfirming(false);
      await reload();
    } catch (error) {
      // The spec's toast; the reason (what is missing, which patrimônio) stays on the page.
      toasts.failure({ message: SUPPLIES_MSG.inventoryValidateError });
      setRefusal(reasonOf(error));
      setConfirming(false);
    } finally {
      setValidating(false);
    }
  };

  const title = 'Inventário da equipe';
  if (!valid || query.isError) {
    const notFound = !valid || (query.error instanceof ApiError && query.error.status === 404);
    return (
      <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
        <TitleBar title={title} back={BACK} />
        <Alert severity="error">{notFound ? MSG.notFound : (query.error as Error).message}</Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={title} back={BACK} />
      {!data ? (
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      ) : (
        <>
          <Paper sx={{ p: 2, mb: 3 }} component="section" aria-label="Equipe">
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
              {data.equipe.nome}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[data.equipe.empresa, data.equipe.cidade ?? 'Cidade não informada'].join(' · ')}
              {!data.equipe.ativo && ' · Equipe inativa'}
            </Typography>
          </Paper>

          {open ? (
            <Section
              title={`Contagem aberta em ${formatDate(open.data)}`}
              extra={
                canEdit && (
                  <Stack direction="row" spacing={1}>
                    <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDeclaring(true)}>
                      Adicionar item informado
                    </Button>
                    <Button variant="contained" startIcon={<FactCheckIcon />} onClick={() => setConfirming(true)}>
                      Validar inventário
                    </Button>
                  </Stack>
                )
              }
            >
              <Stack spacing={2}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {open.aberto_por ? `Aberta por ${open.aberto_por}. ` : ''}
                  Informe quanto a equipe tem de cada item; a diferença é o informado menos o que o sistema dava à equipe quando a contagem abriu.
                </Typography>
                <Summary count={open} />
                {refusal && (
                  <Alert severity="error" onClose={() => setRefusal(null)}>
                    {refusal}
                  </Alert>
                )}
                <LinesTable lines={open.itens} label="Itens da contagem" editable={canEdit} onSaved={onSaved} onRemove={(l) => void removeDeclared(l)} />
              </Stack>
            </Section>
          ) : (
            <Section title="Contagem">
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2">Nenhuma contagem aberta para esta equipe.</Typography>
                <Holdings holdings={data.posse} />
                {canEdit && (
                  <Button
                    variant="contained"
                    startIcon={opening ? <CircularProgress size={16} color="inherit" /> : <PlaylistAddCheckIcon />}
                    disabled={opening}
                    onClick={() => void openCount()}
                  >
                    Abrir contagem
                  </Button>
                )}
              </Stack>
            </Section>
          )}

          <Section title="Contagens validadas">
            {data.validados.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {NO_DATA_TEXT}
              </Typography>
            ) : (
              data.validados.map((c) => (
                <Accordion key={c.id} disableGutters variant="outlined">
                  <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                    <Stack spacing={0.5}>
                      <Typography sx={{ fontWeight: 600 }}>Contagem de {formatDate(c.data)}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        Validada{c.validado_por_nome ? ` por ${c.validado_por_nome}` : ''}
                        {c.validado_em ? ` em ${formatDateTime(c.validado_em)}` : ''}
                      </Typography>
                      <Summary count={c} />
                    </Stack>
                  </AccordionSummary>
                  <AccordionDetails>
                    <LinesTable lines={c.itens} label={`Itens da contagem de ${formatDate(c.data)}`} />
                  </AccordionDetails>
                </Accordion>
              ))
            )}
          </Section>

          {open && (
            <>
              <DeclareDialog open={declaring} products={data.produtos} onClose={() => setDeclaring(false)} onAdd={addDeclared} />
              <IntranetDialog
                open={confirming}
                title="Validar inventário?"
                text={`<p>O estoque da equipe ${escapeHtml(data.equipe.nome)} será acertado com o que foi informado: o que falta vai para extraviado, o que sobra entra na equipe e um equipamento informado vem de onde estiver. Depois de validada, a contagem não pode mais ser alterada.</p>`}
                primaryButtonLabel="Validar"
                loading={validating}
                onConfirm={() => void validate()}
                onClose={() => setConfirming(false)}
              />
            </>
          )}
        </>
      )}
    </Box>
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
