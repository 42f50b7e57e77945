// /financial/home (title 'Financeiro'): public. Each active provider of the group (GET
// /v1/public/financeiro: name and site, nothing else) with its customer channel, and the steps to
// get a second copy of a bill and to negotiate a debt. Visitors see the public header; signed-in
// users the intranet layout.
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useApiBase, useApiOrigin } from '../../src/admin/pages.js';
import { brandOf } from '../../src/domain/brands.js';
import { absoluteUrl } from '../../src/domain/emailSignature.js';
import { MSG } from '../../src/domain/messages.js';
import { SMALL_REGISTERS_MSG } from '../../src/domain/smallRegisters.js';
import { PublicPage } from '../auth/PublicPage.js';

export const FINANCIAL_TEXTS = {
  title: 'Financeiro',
  intro: 'Central financeira dos clientes do grupo: escolha o seu provedor para tirar a segunda via da fatura ou negociar débitos.',
  secondCopy: 'Segunda via da fatura',
  secondCopySteps: 'Acesse a área do cliente no site do seu provedor, entre com o seu CPF ou CNPJ e baixe a fatura em PDF ou copie o código do Pix ou do boleto.',
  negotiate: 'Negociação de débitos',
  negotiateSteps: 'Faturas vencidas podem ser negociadas pela central de atendimento do seu provedor, com parcelamento e nova data de vencimento.',
  site: (nome: string) => `Site da ${nome}`,
  noSite: 'Atendimento pelas lojas e pela central do provedor.',
  none: 'Nenhum provedor disponível no momento.',
  safety: 'Nunca pedimos senha por telefone ou WhatsApp. Na dúvida, confira os dados no site oficial do seu provedor.',
} as const;

interface PublicProviders {
  provedores: { id: number; nome: string; site: string | null }[];
}

export default function FinancialHome() {
  useApiOrigin();
  const apiBase = useApiBase();
  const query = useQuery({
    queryKey: ['financial', 'providers'],
    queryFn: async () => {
      const r = await fetch(`${apiBase}/v1/public/financeiro`, { headers: { Accept: 'application/json' } });
      const body = (await r.json().catch(() => null)) as (PublicProviders & { message?: string }) | null;
      if (!r.ok || !body) throw new Error(body?.message || (r.status === 429 ? SMALL_REGISTERS_MSG.tooMany : MSG.failure));
      return body;
    },
    retry: false,
  });
  return (
    <PublicPage title={FINANCIAL_TEXTS.title} width={960}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        {FINANCIAL_TEXTS.title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{FINANCIAL_TEXTS.intro}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' }, mb: 3 }}>
        <Card variant="outlined" component="section" aria-label={FINANCIAL_TEXTS.secondCopy}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {FINANCIAL_TEXTS.secondCopy}
            </Typography>
            <Typography>{FINANCIAL_TEXTS.secondCopySteps}</Typography>
          </CardContent>
        </Card>
        <Card variant="outlined" component="section" aria-label={FINANCIAL_TEXTS.negotiate}>
          <CardContent>
            <Typography variant="h6" component="h2">
              {FINANCIAL_TEXTS.negotiate}
            </Typography>
            <Typography>{FINANCIAL_TEXTS.negotiateSteps}</Typography>
          </CardContent>
        </Card>
      </Box>
      {query.isError && <Alert severity="error">{(query.error as Error).message}</Alert>}
      {query.isPending && <CircularProgress aria-label="Carregando" />}
      {query.data && !query.data.provedores.length && <Alert severity="info">{FINANCIAL_TEXTS.none}</Alert>}
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Provedores">
        {query.data?.provedores.map((p) => {
          const site = absoluteUrl(p.site);
          const brand = brandOf(p.nome);
          return (
            <Card key={p.id} component="li" variant="outlined" sx={{ borderLeft: `6px solid ${brand.color}` }}>
              <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography variant="h6" component="h2" sx={{ color: brand.color, fontWeight: 700 }}>
                  {p.nome}
                </Typography>
                {site ? (
                  <Link href={site} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                    {FINANCIAL_TEXTS.site(p.nome)}
                    <OpenInNew fontSize="small" />
                  </Link>
                ) : (
                  <Typography sx={{ color: 'text.secondary' }}>{FINANCIAL_TEXTS.noSite}</Typography>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      <Alert severity="warning" sx={{ mt: 3 }}>
        {FINANCIAL_TEXTS.safety}
      </Alert>
    </PublicPage>
  );
}
