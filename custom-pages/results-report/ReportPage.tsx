// The campaign results report (marketing spec, section 2 "Results report", 4 "Report filter", 7, 9):
// REGISTRAR RESULTADO and LISTAR RESULTADOS; the filter cards Geral and each provider the user sees
// (by name: Bitcom, RazãoInfo, Vetorial), a choice reloading every table for that provider; the
// tables SINTÉTICO (3 months), SEMANAL CONSOLIDADO (5 weeks; under Geral also each provider's CTR as
// a percent) and SEMANAL DETALHADO (the Facebook and Google blocks, 5 weeks each).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardActionArea, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { formatMetric } from '../../src/domain/campaignMetrics.js';
import { canAccessResource, TitleBar, useApiOrigin, useSession, useToasts } from '../../src/admin/pages.js';
import { synthetic, weeklyConsolidated, weeklyDetailed, type Report } from './api.js';
import { PeriodsReport, ReportBlock, Trend } from './ReportTable.js';
import {
  ALL_PROVIDERS,
  CTR_BY_COMPANY,
  DETAIL_CHANNELS,
  LIST_LABEL,
  LIST_PATH,
  LOAD_ERROR,
  REGISTER_LABEL,
  REGISTER_PATH,
  REPORT_TITLE,
  RESULTS,
  TABLE_TITLES,
} from './texts.js';

const MARKETING_HOME = '/marketing/home';

interface ProviderChoice {
  id: number | null;
  nome: string;
}

function FilterCards({ choices, current, onChoose }: { choices: ProviderChoice[]; current: number | null; onChoose: (id: number | null) => void }) {
  return (
    <Box role="group" aria-label="Provedor do relatório" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${Math.max(choices.length, 1)}, 1fr)` }, gap: 2, mb: 3 }}>
      {choices.map((choice) => {
        const selected = choice.id === current;
        return (
          <Card key={choice.id ?? 'all'} variant="outlined" sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1, bgcolor: selected ? 'action.selected' : undefined }}>
            <CardActionArea aria-pressed={selected} onClick={() => onChoose(choice.id)}>
              <CardContent sx={{ textAlign: 'center', py: 2 }}>
                <Typography variant="subtitle1" component="span" sx={{ fontWeight: selected ? 700 : 500 }}>
                  {choice.nome}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

/** A report call's answer for the chosen provider, with the load-error toast. */
function useReport(key: string, provider: number | null, load: () => Promise<Report>) {
  const toasts = useToasts();
  const query = useQuery({ queryKey: ['results-report', key, provider], queryFn: load, retry: false });
  const failed = query.isError;
  useEffect(() => {
    if (failed) toasts.failure({ message: (query.error as Error | null)?.message || LOAD_ERROR });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);
  return query;
}

/** SEMANAL CONSOLIDADO under Geral: each provider's CTR (as a percent of the ratio) per week. */
function CtrByCompany({ report }: { report: Report }) {
  const companies = report.empresas ?? [];
  if (!companies.length) return null;
  const periods = report.periodos;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {CTR_BY_COMPANY}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={CTR_BY_COMPANY}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Empresa
              </TableCell>
              {periods.map((p) => (
                <TableCell key={p.chave} component="th" scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {p.rotulo}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {companies.map((company) => (
              <TableRow key={company.id_empresa}>
                <TableCell component="th" scope="row">
                  {company.empresa}
                </TableCell>
                {company.periodos.map((p, i) => (
                  <TableCell key={p.chave} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMetric('ctr', p.ctr, { percent: true })}
                    {i > 0 && <Trend metric="ctr" current={p.ctr} previous={company.periodos[i - 1].ctr} />}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function DetailedBlock({ channel, provider }: { channel: string; provider: number | null }) {
  const { data, isPending } = useReport(`detailed:${channel}`, provider, () => weeklyDetailed(channel, provider));
  return <PeriodsReport title={`${TABLE_TITLES.detailed} · ${channel.toUpperCase()}`} periods={data?.periodos} previous={data?.anterior} loading={isPending} />;
}

export default function ReportPage() {
  useApiOrigin();
  const roles = useSession()?.roles ?? [];
  const [provider, setProvider] = useState<number | null>(null);
  const { data: providers } = useGetList<{ id: number; nome: string }>('providers', { pagination: { page: 1, perPage: 100 }, sort: { field: 'nome', order: 'ASC' } });
  const choices: ProviderChoice[] = [{ id: null, nome: ALL_PROVIDERS }, ...(providers ?? []).map((p) => ({ id: Number(p.id), nome: p.nome }))];
  const mayRegister = canAccessResource(roles, RESULTS, 'create');
  const providerName = choices.find((c) => c.id === provider)?.nome ?? ALL_PROVIDERS;

  const monthly = useReport('synthetic', provider, () => synthetic(provider));
  const weekly = useReport('consolidated', provider, () => weeklyConsolidated(provider));

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar
        title={REPORT_TITLE}
        back={MARKETING_HOME}
        extra={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {mayRegister && (
              <Button variant="contained" component={Link} to={REGISTER_PATH}>
                {REGISTER_LABEL}
              </Button>
            )}
            <Button variant="outlined" component={Link} to={LIST_PATH}>
              {LIST_LABEL}
            </Button>
          </Stack>
        }
      />
      <FilterCards choices={choices} current={provider} onChoose={setProvider} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }} aria-live="polite">
        {`Provedor: ${providerName}`}
      </Typography>
      <PeriodsReport title={TABLE_TITLES.synthetic} periods={monthly.data?.periodos} previous={monthly.data?.anterior} loading={monthly.isPending} />
      <PeriodsReport title={TABLE_TITLES.consolidated} periods={weekly.data?.periodos} previous={weekly.data?.anterior} loading={weekly.isPending} />
      {provider === null && weekly.data?.empresas?.length ? (
        <ReportBlock
          title={`${TABLE_TITLES.consolidated} · ${CTR_BY_COMPANY.toUpperCase()}`}
          loading={false}
          empty={false}
          sheet={() => ({
            name: `${TABLE_TITLES.consolidated} ${CTR_BY_COMPANY}`,
            rows: [
              ['Empresa', ...weekly.data!.periodos.map((p) => p.rotulo)],
              ...weekly.data!.empresas!.map((c) => [c.empresa, ...c.periodos.map((p) => formatMetric('ctr', p.ctr, { percent: true }))]),
            ],
          })}
        >
          <CtrByCompany report={weekly.data} />
        </ReportBlock>
      ) : null}
      {DETAIL_CHANNELS.map((channel) => (
        <DetailedBlock key={channel} channel={channel} provider={provider} />
      ))}
    </Box>
  );
}
