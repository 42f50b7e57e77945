// The customer's code of a supplies movement, looked up as it is typed (after a pause), within the
// provider chosen in the form, with the role of the suprimentos area: one match fills the code and
// names the customer under the field ('Cliente Maria Souza (BITCOM)'); several open the choice dialog
// 'Mais de um resultado encontrado'; none says 'Nenhum resultado encontrado'. A saved movement's
// customer does not change (the server refuses it): the code is shown read-only.
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box } from '@mui/material';
import { TextInput, useRecordContext } from 'react-admin';
import { type FieldInputProps, isBlankId, SELECT_DEBOUNCE_MS } from '../../src/admin/pages.js';
import { customerTitle, LOOKUP_TEXT, useCustomerLookup, type CustomerRow } from '../sales/CustomerLookup.js';

const AREA = 'suprimentos';
const CHOOSE_PROVIDER = 'Escolha primeiro o provedor';

export default function CustomerCodeInput({ field, label, validate }: FieldInputProps) {
  const record = useRecordContext();
  const editing = record?.id !== undefined && record?.id !== null;
  const { setValue } = useFormContext();
  const code = ((useWatch({ name: field }) as string | null | undefined) ?? '').trim();
  const provider = useWatch({ name: 'id_empresa' });
  const [settled, setSettled] = useState<string | null>(null);
  const [found, setFound] = useState<CustomerRow | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(code || null), SELECT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code]);
  const filtro = !editing && settled && settled === code && !isBlankId(provider) && found?.cod_cliente !== code ? { codpessoa: settled, id_empresa: provider } : null;
  const choose = (c: CustomerRow) => {
    setFound(c);
    if (c.cod_cliente && c.cod_cliente !== code) setValue(field, c.cod_cliente, { shouldDirty: true, shouldValidate: true });
  };
  const { data, isFetching, error, dialog } = useCustomerLookup({ filtro, module: AREA, onChoose: choose });
  if (editing) {
    const name = record?.cliente_nome as string | undefined;
    return <TextInput source={field} label={label} readOnly fullWidth helperText={name ? customerTitle({ nome_razaosocial: name, sistema: record?.cliente_sistema }) : false} />;
  }
  let status: string | null = null;
  let failed = false;
  if (code && isBlankId(provider)) status = CHOOSE_PROVIDER;
  else if (filtro && isFetching) status = LOOKUP_TEXT.searching;
  else if (filtro && error) [status, failed] = [(error as Error).message, true];
  else if (filtro && data && data.length === 0) [status, failed] = [LOOKUP_TEXT.none, true];
  else if (found && found.cod_cliente === code) status = customerTitle(found);
  return (
    <>
      <TextInput
        source={field}
        label={label}
        validate={validate}
        fullWidth
        helperText={
          status ? (
            <Box component="span" role="status" sx={{ color: failed ? 'error.main' : undefined }}>
              {status}
            </Box>
          ) : (
            false
          )
        }
      />
      {dialog}
    </>
  );
}
