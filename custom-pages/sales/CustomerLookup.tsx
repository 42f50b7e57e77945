// The customer lookup (POST /v1/relacionamento/clientes, with the role header of the screen's area):
// useCustomerLookup() searches by a filter (a CPF, a person's code, a provider), hands over the one
// match, or opens the radio dialog 'Mais de um resultado encontrado' to pick one among several; none
// is 'Nenhum resultado encontrado'. Used by the field form of leads (foundation document, section 5:
// CustomerLookup below) and the communication restrictions' form (custom-pages/communication).
//
// The field form's lookup: once the CPF has its 11 digits the providers' customers are searched by
// it (vendas area); one match fills the lead's empty fields from the customer, several open the
// dialog. A banner tells the seller whether the person is already a customer: 'Cliente <nome>
// (<sistema>)' or 'Não é cliente'. A CPF under 11 digits is not searched.
import { MSG } from '../../src/domain/messages.js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { Alert, AlertTitle, CircularProgress, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { applyMask, MASKS } from '../../src/domain/format.js';
import { onlyDigits } from '../../src/domain/validators.js';
import { IntranetDialog, isBlankId, v1Json } from '../../src/admin/pages.js';

export const LOOKUP_TEXT = {
  several: 'Mais de um resultado encontrado',
  none: MSG.noResult,
  notCustomer: 'Não é cliente',
  searching: 'Buscando cliente...',
} as const;

/** A customer as POST /v1/relacionamento/clientes answers it (the fields the form uses). */
export interface CustomerRow {
  nome_razaosocial: string;
  cpf?: string | null;
  cnpj?: string | null;
  cod_cliente?: string | null;
  codpessoa?: string | null;
  sistema?: string | null;
  id_empresa?: number | null;
  situacao?: string | null;
  dias_atraso?: number | null;
  telefone?: string | null;
  celular?: string | null;
  cep?: string | null;
  rua?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  cidade?: string | null;
  uf?: string | null;
}

export const customerTitle = (c: Pick<CustomerRow, 'nome_razaosocial' | 'sistema'>) => `Cliente ${c.nome_razaosocial}${c.sistema ? ` (${c.sistema})` : ''}`;

/** The CPF digits searched: only a complete CPF is. */
export const searchableCpf = (value: unknown) => {
  const digits = typeof value === 'string' ? onlyDigits(value) : '';
  return digits.length === 11 ? digits : null;
};

/** A customer's details beside their name: code, situation, days overdue. */
export const describe = (c: CustomerRow) =>
  [c.cod_cliente ? `Código ${c.cod_cliente}` : null, c.situacao ? `situação ${c.situacao}` : null, (c.dias_atraso ?? 0) > 0 ? `${c.dias_atraso} dias em atraso` : null]
    .filter(Boolean)
    .join(' · ');

/** The customers matching `filtro` (POST /v1/relacionamento/clientes), with the role of `module`. */
export async function findCustomers(filtro: Record<string, unknown>, module: string): Promise<CustomerRow[]> {
  const json = await v1Json<{ relacionamento_dados_pessoas?: CustomerRow[] }>('/v1/relacionamento/clientes', {
    method: 'POST',
    body: JSON.stringify({ filtro }),
    module,
  });
  return json.relacionamento_dados_pessoas ?? [];
}

export interface CustomerLookup {
  /** The lookup's answer (undefined before one, or without a filter). */
  data: CustomerRow[] | undefined;
  isFetching: boolean;
  error: unknown;
  /** The customer handed over (the one match, or the one picked). */
  chosen: CustomerRow | null;
  /** The choice dialog among several matches: render it. */
  dialog: ReactNode;
}

/**
 * Searches customers by `filtro` (null: no search) and hands the customer over to `onChoose`: at once
 * when one matches, after the radio dialog when several do (the dialog is in the answer). Each filter
 * is handled once; a new `attempt` searches the same filter again.
 */
export function useCustomerLookup({
  filtro,
  module,
  onChoose,
  attempt = 0,
  describe: describeRow = describe,
}: {
  filtro: Record<string, unknown> | null;
  module: string;
  onChoose: (customer: CustomerRow) => void;
  attempt?: number;
  /** The details shown beside each customer's name in the dialog. */
  describe?: (customer: CustomerRow) => string;
}): CustomerLookup {
  const key = filtro ? JSON.stringify(filtro) : null;
  const { data, isFetching, error } = useQuery({
    queryKey: ['customer-lookup', module, key],
    queryFn: () => findCustomers(filtro!, module),
    enabled: key !== null,
    staleTime: 60_000,
    retry: false,
  });
  const [chosen, setChosen] = useState<CustomerRow | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [picked, setPicked] = useState('0');
  // Each filter's answer is handled once: handing the customer over, or asking which one.
  const handled = useRef<string | null>(null);
  const handledKey = key === null ? null : `${key}#${attempt}`;
  const choose = useRef(onChoose);
  choose.current = onChoose;

  useEffect(() => {
    if (handledKey === null) {
      handled.current = null;
      setChosen(null);
      setChoosing(false);
      return;
    }
    if (!data || isFetching || handled.current === handledKey) return;
    handled.current = handledKey;
    setChosen(null);
    if (data.length === 1) {
      setChosen(data[0]);
      choose.current(data[0]);
    } else if (data.length > 1) {
      setPicked('0');
      setChoosing(true);
    }
  }, [handledKey, data, isFetching]);

  const dialog =
    data && data.length > 1 ? (
      <IntranetDialog
        open={choosing}
        title={LOOKUP_TEXT.several}
        onClose={() => setChoosing(false)}
        onConfirm={() => {
          const customer = data[Number(picked)];
          setChoosing(false);
          if (!customer) return;
          setChosen(customer);
          choose.current(customer);
        }}
      >
        <RadioGroup value={picked} onChange={(_, value) => setPicked(value)} aria-label={LOOKUP_TEXT.several}>
          {data.map((c, i) => (
            <FormControlLabel key={i} value={String(i)} control={<Radio />} label={[customerTitle(c), describeRow(c)].filter(Boolean).join(' — ')} />
          ))}
        </RadioGroup>
      </IntranetDialog>
    ) : null;

  return { data, isFetching, error, chosen, dialog };
}

/** A phone as the lead's mask wants it, when the customer's has the 11 digits of a mobile number. */
function maskedPhone(c: CustomerRow): string | null {
  for (const value of [c.celular, c.telefone]) {
    const digits = onlyDigits(value ?? '').replace(/^55(?=\d{11}$)/, '');
    if (digits.length === 11) return applyMask(MASKS.phone, digits);
  }
  return null;
}

function maskedCep(value: string | null | undefined): string | null {
  const digits = onlyDigits(value ?? '');
  return digits.length === 8 ? applyMask(MASKS.cep, digits) : null;
}

/**
 * Fills the lead's empty fields from the customer (the seller's typing is never overwritten). The
 * address comes along only when the form has no CEP yet; the CEP goes last, so the form's CEP lookup
 * runs on it as on a typed one.
 */
function useFillFromCustomer(fields: readonly string[]) {
  const { getValues, setValue } = useFormContext();
  return (c: CustomerRow) => {
    const put = (field: string, value: unknown) => {
      if (!fields.includes(field) || value === null || value === undefined || value === '') return;
      if (!isBlankId(getValues(field))) return;
      setValue(field, value, { shouldDirty: true, shouldValidate: true });
    };
    put('nome', c.nome_razaosocial);
    put('telefone', maskedPhone(c));
    put('id_empresa', c.id_empresa);
    const cep = maskedCep(c.cep);
    if (cep && isBlankId(getValues('cep'))) {
      for (const field of ['rua', 'numero', 'complemento', 'bairro', 'cidade', 'uf'] as const) put(field, c[field]);
      put('cep', cep);
    }
  };
}

/** The banner under the CPF, and the choice among several customers. `fields`: the form's fields the lookup may fill. */
export function CustomerLookup({ fields }: { fields: readonly string[] }) {
  const cpf = searchableCpf(useWatch({ name: 'cpf' }));
  const fill = useFillFromCustomer(fields);
  const { data, isFetching, error, chosen, dialog } = useCustomerLookup({ filtro: cpf === null ? null : { cpf }, module: 'vendas', onChoose: fill });

  if (cpf === null) return null;
  let banner;
  if (isFetching) {
    banner = (
      <Alert severity="info" icon={<CircularProgress size={18} />} role="status">
        {LOOKUP_TEXT.searching}
      </Alert>
    );
  } else if (error) {
    banner = (
      <Alert severity="warning" role="alert">
        {(error as Error).message}
      </Alert>
    );
  } else if (data && data.length === 0) {
    banner = (
      <Alert severity="info" role="status">
        <AlertTitle>{LOOKUP_TEXT.notCustomer}</AlertTitle>
        {LOOKUP_TEXT.none}
      </Alert>
    );
  } else if (data && data.length > 0) {
    const shown = chosen ? [chosen] : data;
    banner = (
      <Alert severity="success" role="status">
        {shown.map((c, i) => (
          <Stack key={i}>
            <AlertTitle sx={{ mb: 0 }}>{customerTitle(c)}</AlertTitle>
            {describe(c) && <Typography variant="body2">{describe(c)}</Typography>}
          </Stack>
        ))}
      </Alert>
    );
  }

  return (
    <>
      <Stack sx={{ mb: 2 }}>{banner}</Stack>
      {dialog}
    </>
  );
}
