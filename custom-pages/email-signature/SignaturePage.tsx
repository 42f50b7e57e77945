// /emailsignature/list (title 'Assinatura de e-mail'): the signed-in employee's e-mail signature,
// built by src/domain/emailSignature.ts from their profile (GET /v1/profile/{id}: name, position,
// department, providers, corporate e-mail) and their provider's site (GET /v1/public/financeiro, the
// providers' public data). The profile keeps no phone: the page asks for the phone and the WhatsApp
// number and remembers them in this browser. 'Copiar assinatura' writes the HTML and its plain text
// to the clipboard (navigator.clipboard.write with a ClipboardItem; without it, the preview is
// selected and copied with execCommand), then says how to paste it in Gmail and Outlook.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { TitleBar, useApiBase, useApiOrigin, useSession, useToasts, v1Json } from '../../src/admin/pages.js';
import { signatureHtml, signatureText, type SignatureData } from '../../src/domain/emailSignature.js';
import { applyMask, MASKS } from '../../src/domain/format.js';

export const SIGNATURE_TEXTS = {
  title: 'Assinatura de e-mail',
  copy: 'Copiar assinatura',
  copied: 'Assinatura copiada! Cole nas configurações do seu e-mail.',
  copyFailed: 'Não foi possível copiar a assinatura. Selecione a prévia e copie com Ctrl+C.',
  preview: 'Prévia da assinatura',
  intro: 'Sua assinatura é montada com os dados do seu perfil. Para mudar nome, cargo ou departamento, atualize o seu perfil.',
  phone: 'Telefone',
  mobile: 'Celular / WhatsApp',
  email: 'E-mail',
  provider: 'Provedor',
  phonesNote: 'Os telefones ficam guardados só neste navegador.',
  howTo: 'Como usar',
  gmail: 'Gmail: Configurações (engrenagem) > Ver todas as configurações > Geral > Assinatura > Criar nova; cole (Ctrl+V) e clique em Salvar alterações no fim da página.',
  outlook: 'Outlook: Configurações > Contas > Assinaturas (no Outlook da web: Configurações > E-mail > Escrever e responder); crie uma assinatura, cole (Ctrl+V) e salve.',
} as const;

interface Named {
  id: number;
  nome: string;
}
interface ProfileAnswer {
  usuario: { nome: string | null; email: string; provider: Named[]; cargo: Named | null; departamento: Named | null };
  perfil: { email_corp?: string | null } | null;
}
interface PublicProviders {
  provedores: { id: number; nome: string; site: string | null }[];
}

/** A landline (10 digits) or a mobile (11) as typed: (31) 3333-4444, (31) 98765-4321. */
const maskPhone = (value: string) => (value.replace(/\D/g, '').length <= 10 ? applyMask('(##) ####-####', value) : applyMask(MASKS.phone, value));

const PHONES_KEY = 'intranet.assinatura.telefones';

function storedPhones(usuarioId: number): { telefone: string; celular: string } {
  try {
    const all = JSON.parse(localStorage.getItem(PHONES_KEY) ?? '{}') as Record<string, { telefone?: string; celular?: string }>;
    const mine = all[String(usuarioId)] ?? {};
    return { telefone: mine.telefone ?? '', celular: mine.celular ?? '' };
  } catch {
    return { telefone: '', celular: '' };
  }
}

function storePhones(usuarioId: number, phones: { telefone: string; celular: string }) {
  try {
    const all = JSON.parse(localStorage.getItem(PHONES_KEY) ?? '{}') as Record<string, unknown>;
    all[String(usuarioId)] = phones;
    localStorage.setItem(PHONES_KEY, JSON.stringify(all));
  } catch {
    // A browser without storage just forgets them.
  }
}

/** Writes the signature to the clipboard as HTML and text; false when the browser refused both ways. */
export async function copySignature(html: string, text: string, preview: HTMLElement | null): Promise<boolean> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (clipboard?.write && typeof ClipboardItem !== 'undefined') {
    try {
      await clipboard.write([
        new ClipboardItem({ 'text/html': new Blob([html], { type: 'text/html' }), 'text/plain': new Blob([text], { type: 'text/plain' }) }),
      ]);
      return true;
    } catch {
      // Falls back to the selection below.
    }
  }
  if (!preview || typeof document.execCommand !== 'function') return false;
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(preview);
  selection?.removeAllRanges();
  selection?.addRange(range);
  try {
    return document.execCommand('copy');
  } finally {
    selection?.removeAllRanges();
  }
}

export default function SignaturePage() {
  useApiOrigin();
  const apiBase = useApiBase();
  const session = useSession();
  const toasts = useToasts();
  const usuarioId = session?.user?.usuarioId ?? 0;
  const profile = useQuery({
    queryKey: ['email-signature', 'profile', usuarioId],
    queryFn: () => v1Json<ProfileAnswer>(`/v1/profile/${usuarioId}`, { module: ['rh', 'users'] }),
    enabled: usuarioId > 0,
    retry: false,
  });
  const sites = useQuery({
    queryKey: ['email-signature', 'providers'],
    queryFn: async () => {
      const r = await fetch(`${apiBase}/v1/public/financeiro`, { headers: { Accept: 'application/json' } });
      return r.ok ? ((await r.json()) as PublicProviders) : { provedores: [] };
    },
    retry: false,
  });
  const [providerId, setProviderId] = useState<number | ''>('');
  const [phones, setPhones] = useState(() => storedPhones(usuarioId));
  const [email, setEmail] = useState<string | null>(null);
  const preview = useRef<HTMLDivElement>(null);

  const usuario = profile.data?.usuario;
  useEffect(() => {
    if (usuario && providerId === '' && usuario.provider.length) setProviderId(usuario.provider[0].id);
  }, [usuario, providerId]);

  const provider = usuario?.provider.find((p) => p.id === providerId) ?? usuario?.provider[0];
  const data: SignatureData | null = usuario
    ? {
        nome: usuario.nome || usuario.email,
        cargo: usuario.cargo?.nome,
        departamento: usuario.departamento?.nome,
        provedor: provider?.nome,
        telefone: phones.telefone,
        celular: phones.celular,
        email: email ?? (profile.data?.perfil?.email_corp || usuario.email),
        site: sites.data?.provedores.find((p) => p.id === provider?.id)?.site,
      }
    : null;
  const html = useMemo(() => (data ? signatureHtml(data) : ''), [JSON.stringify(data)]); // eslint-disable-line react-hooks/exhaustive-deps

  const setPhone = (field: 'telefone' | 'celular', value: string) => {
    const next = { ...phones, [field]: maskPhone(value) };
    setPhones(next);
    storePhones(usuarioId, next);
  };

  const copy = async () => {
    if (!data) return;
    if (await copySignature(html, signatureText(data), preview.current)) toasts.success(SIGNATURE_TEXTS.copied);
    else toasts.failure({ message: SIGNATURE_TEXTS.copyFailed });
  };

  return (
    <Box sx={{ px: 2, pb: 4, maxWidth: 900 }}>
      <TitleBar title={SIGNATURE_TEXTS.title} back="/" />
      {profile.isError && <Alert severity="error">{(profile.error as Error).message}</Alert>}
      {!usuario && !profile.isError && <CircularProgress aria-label="Carregando" />}
      {usuario && data && (
        <Stack spacing={3}>
          <Typography sx={{ color: 'text.secondary' }}>{SIGNATURE_TEXTS.intro}</Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
            {usuario.provider.length > 1 && (
              <TextField select label={SIGNATURE_TEXTS.provider} value={provider?.id ?? ''} onChange={(e) => setProviderId(Number(e.target.value))} size="small">
                {usuario.provider.map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.nome}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField label={SIGNATURE_TEXTS.email} value={data.email ?? ''} onChange={(e) => setEmail(e.target.value)} size="small" />
            <TextField label={SIGNATURE_TEXTS.phone} value={phones.telefone} onChange={(e) => setPhone('telefone', e.target.value)} size="small" placeholder="(31) 3333-4444" helperText={SIGNATURE_TEXTS.phonesNote} />
            <TextField label={SIGNATURE_TEXTS.mobile} value={phones.celular} onChange={(e) => setPhone('celular', e.target.value)} size="small" placeholder="(31) 98765-4321" />
          </Box>
          <Paper variant="outlined" sx={{ p: 3, bgcolor: '#fff', overflowX: 'auto' }} component="section" aria-label={SIGNATURE_TEXTS.preview}>
            {/* Every value in it is escaped by signatureHtml. */}
            <div ref={preview} data-testid="signature-preview" dangerouslySetInnerHTML={{ __html: html }} />
          </Paper>
          <Box>
            <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={copy}>
              {SIGNATURE_TEXTS.copy}
            </Button>
          </Box>
          <Box component="section" aria-label={SIGNATURE_TEXTS.howTo}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {SIGNATURE_TEXTS.howTo}
            </Typography>
            <Typography component="p" sx={{ mb: 1 }}>
              {SIGNATURE_TEXTS.gmail}
            </Typography>
            <Typography component="p">{SIGNATURE_TEXTS.outlook}</Typography>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
