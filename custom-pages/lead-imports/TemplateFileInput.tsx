// The lead import register's Arquivo: the engine's file input (its x-intranet.files rule: bucket
// importacoes, .csv/.xlsx/.xls, 'Formato do arquivo não permitido!') with the button that downloads
// the template spreadsheet the server generates (modelo_importacao_leads.xlsx: nome, cpf, telefone).
import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { type FieldInputProps, FileInput, fileRuleOf, useApiOrigin, useToasts } from '../../src/admin/pages.js';
import { downloadTemplate } from './api.js';
import { DOWNLOADED, TEMPLATE_BUTTON, TEMPLATE_HELP } from './texts.js';

export default function TemplateFileInput({ config, field, label, validate }: FieldInputProps) {
  useApiOrigin();
  const rule = fileRuleOf(config, field);
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadTemplate();
      toasts.success(DOWNLOADED);
    } catch (error) {
      toasts.failure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FileInput
      source={field}
      label={label}
      validate={validate}
      image={false}
      module={[config.module, ...config.alsoModules]}
      bucket={rule.bucket}
      accept={rule.accept}
      refusal={rule.message}
      helperText={TEMPLATE_HELP}
      actions={
        <Button size="small" startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />} disabled={busy} onClick={() => void download()}>
          {TEMPLATE_BUTTON}
        </Button>
      }
    />
  );
}
