// /marketing/communication-scale/preview/{id}[?idRule=] : who gets what, when. For the next 7, 15 or
// 30 days of a campaign (or of one of its rules), the dispatcher's own selection counted per day,
// shift, rule and channel (to send, restricted by the customer, without an address), the first
// customers who would get messages, and the first ones skipped with the reason. A shift whose hour has
// passed (the server's clock, São Paulo) shows instead what the send log holds ('enviado: 120 de 130',
// with the failed, pending and skipped ones) or why nothing was sent. GET /v1/campanha/agendamento/{id}/previa?dias=N (a rule: GET /v1/campanha/regras/{id}/previa),
// role of the regua_comunicacao area. Links lead to the campaign's rules and to its send log.
import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useGetList, useGetOne } from 'react-admin';
import { CRITERIO_LABELS, ENVIO_LABELS, TURNO_LABELS, type Criterio, type Envio, type Turno } from '../../src/domain/communicationRules.js';
import { formatDate, formatNumber } from '../../src/domain/format.js';
import { TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { campaignsListAt, CHANNEL_LABELS, NOT_SENT_REASONS, PREVIEW_DAYS, PREVIEW_TITLE, rulesOf, sendsOf, sentOf, SKIP_REASONS } from './texts.js';

type Canal = 'whatsapp' | 'email' | 'sms';
const CHANNELS: Canal[] = ['whatsapp', 'email', 'sms'];

interface ChannelCounts {
  enviar: number;
  restritos: number;
  sem_endereco: number;
}

interface SentCounts {
  total: number;
  enviados: number;
  falharam: number;
  pendentes: number;
  restritos: number;
  sem_endereco: number;
}

export interface PreviewAnswer {
  dias: {
    dia: string;
    turno: Turno;
    regra_id: number;
    /** a_enviar: still to come; registrado: past, with the send log's counts; nao_enviado: past, nothing logged (motivo). */
    situacao: 'a_enviar' | 'registrado' | 'nao_enviado';
    canais: Partial<Record<Canal, ChannelCounts | null>>;
    enviados: Partial<Record<Canal, SentCounts | null>> | null;
    motivo: string | null;
  }[];
  primeiros: { dia: string; regra_id: number; nome_razaosocial: string; cod_cliente: string; canais: Canal[] }[];
  ignorados: { dia: string; regra_id: number; nome_razaosocial: string; cod_cliente: string; canal: Canal; motivo: string }[];
}

const AREA = 'regua_comunicacao';
export const NOTHING_TO_SEND = 'Nenhum envio previsto para o período.';

interface RuleRow {
  id: number;
  criterio?: Criterio;
  envio?: Envio | null;
  tempo?: number | null;
  turno?: Turno;
}

/** A rule in a few words: 'Data de Aniversário · No dia · M 07:00' (without the shift where a column shows it). */
export function ruleText(rule: RuleRow | undefined, id: number, withTurno = true): string {
  if (!rule) return `Regra ${id}`;
  const envio = rule.envio ? ENVIO_LABELS[rule.envio] : null;
  const days = rule.envio === 'dia_seguinte' || rule.envio === 'dia_anterior' ? `${rule.tempo ?? 0} dia(s)` : null;
  return [rule.criterio ? CRITERIO_LABELS[rule.criterio] : null, envio && days ? `${envio}: ${days}` : envio, withTurno && rule.turno ? TURNO_LABELS[rule.turno] : null]
    .filter(Boolean)
    .join(' · ');
}

function Dash({ label }: { label: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ color: 'text.disabled' }} aria-label={label}>
      –
    </Typography>
  );
}

function Counts({ counts }: { counts: ChannelCounts | null | undefined }) {
  if (!counts) return <Dash label="Canal desligado" />;
  const extra = [
    counts.restritos ? `${formatNumber(counts.restritos)} restrito(s)` : null,
    counts.sem_endereco ? `${formatNumber(counts.sem_endereco)} sem endereço` : null,
  ];
  return <CountsCell main={`${formatNumber(counts.enviar)} a enviar`} extra={extra} />;
}

/** A channel's cell: its main figure, and under it the details there are. */
function CountsCell({ main, extra }: { main: string; extra: (string | null)[] }) {
  const details = extra.filter(Boolean);
  return (
    <Stack component="span">
      <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
        {main}
      </Typography>
      {details.length > 0 && (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          {details.join(' · ')}
        </Typography>
      )}
    </Stack>
  );
}

/** A past shift's channel: what was sent out of what was logged, then the failed, pending and skipped ones. */
function Sent({ counts }: { counts: SentCounts | null | undefined }) {
  if (!counts) return <Dash label="Canal desligado" />;
  const extra = [
    counts.falharam ? `${formatNumber(counts.falharam)} com falha` : null,
    counts.pendentes ? `${formatNumber(counts.pendentes)} pendente(s)` : null,
    counts.restritos ? `${formatNumber(counts.restritos)} restrito(s)` : null,
    counts.sem_endereco ? `${formatNumber(counts.sem_endereco)} sem endereço` : null,
  ];
  return <CountsCell main={sentOf(formatNumber(counts.enviados), formatNumber(counts.total))} extra={extra} />;
}

const sumSent = (rows: PreviewAnswer['dias'], canal: Canal): SentCounts | null => {
  const present = rows.map((r) => r.enviados?.[canal]).filter((c): c is SentCounts => Boolean(c));
  if (!present.length) return null;
  return present.reduce(
    (a, c) => ({
      total: a.total + c.total,
      enviados: a.enviados + c.enviados,
      falharam: a.falharam + c.falharam,
      pendentes: a.pendentes + c.pendentes,
      restritos: a.restritos + c.restritos,
      sem_endereco: a.sem_endereco + c.sem_endereco,
    }),
    { total: 0, enviados: 0, falharam: 0, pendentes: 0, restritos: 0, sem_endereco: 0 },
  );
};

/** The total of a channel: what the past shifts sent, and what the shifts to come will send. */
function Total({ rows, canal }: { rows: PreviewAnswer['dias']; canal: Canal }) {
  const sent = sumSent(rows.filter((r) => r.situacao === 'registrado'), canal);
  const coming = sum(rows.filter((r) => r.situacao === 'a_enviar'), canal);
  if (!sent && !coming) return <Dash label="Sem envios" />;
  return (
    <Stack component="span" spacing={0.5}>
      {sent && <Sent counts={sent} />}
      {coming && <Counts counts={coming} />}
    </Stack>
  );
}

const sum = (rows: PreviewAnswer['dias'], canal: Canal): ChannelCounts | null => {
  const present = rows.map((r) => r.canais[canal]).filter((c): c is ChannelCounts => Boolean(c));
  if (!present.length) return null;
  return present.reduce((a, c) => ({ enviar: a.enviar + c.enviar, restritos: a.restritos + c.restritos, sem_endereco: a.sem_endereco + c.sem_endereco }), { enviar: 0, restritos: 0, sem_endereco: 0 });
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export default function CommunicationPreview() {
  useApiOrigin();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const rule = search.get('idRule');
  const [days, setDays] = useState<number>(PREVIEW_DAYS[0]);
  const { data: campaign } = useGetOne('communication-campaigns', { id }, { enabled: /^\d+$/.test(id) });
  const { data: rules } = useGetList<RuleRow & { id: number }>('communication-rules', {
    filter: { campanha_id: Number(id) },
    pagination: { page: 1, perPage: 0 },
    sort: { field: 'criado', order: 'ASC' },
  }, { enabled: /^\d+$/.test(id) });
  const ruleById = useMemo(() => new Map((rules ?? []).map((r) => [r.id, r])), [rules]);
  const path = rule ? `/v1/campanha/regras/${encodeURIComponent(rule)}/previa` : `/v1/campanha/agendamento/${encodeURIComponent(id)}/previa`;
  const { data, isFetching, error } = useQuery({
    queryKey: ['communication-preview', path, days],
    queryFn: () => v1Json<PreviewAnswer>(`${path}?dias=${days}`, { module: AREA }),
    retry: false,
    staleTime: 30_000,
  });
  const back = rule ? rulesOf(id) : campaignsListAt(id);
  const ruleName = (ruleId: number) => ruleText(ruleById.get(ruleId), ruleId, false);
  const { data: provider } = useGetOne('providers', { id: campaign?.sistema }, { enabled: Boolean(campaign?.sistema) });
  const campaignName = campaign?.nome ? `${campaign.nome}${provider?.nome ? ` (${provider.nome})` : ''}` : null;
  const subtitle = [campaignName, rule ? ruleText(ruleById.get(Number(rule)), Number(rule)) : null].filter(Boolean).join(' — ');

  return (
    <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar
        title={PREVIEW_TITLE}
        back={back}
        extra={
          <Button component={RouterLink} to={sendsOf(id, rule)} variant="outlined">
            {rule ? 'Envios da regra' : 'Envios da campanha'}
          </Button>
        }
      />
      {subtitle && (
        <Typography variant="subtitle1" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="preview-days">Próximos</Typography>
        <ToggleButtonGroup
          value={days}
          exclusive
          size="small"
          color="primary"
          aria-labelledby="preview-days"
          onChange={(_, value: number | null) => value && setDays(value)}
        >
          {PREVIEW_DAYS.map((n) => (
            <ToggleButton key={n} value={n}>
              {n} dias
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {isFetching && <CircularProgress size={20} aria-label="Carregando" />}
      </Stack>

      {error ? (
        <Alert severity="error" sx={{ mt: 3 }}>
          {(error as Error).message}
        </Alert>
      ) : data ? (
        <>
          <Section title="Envios por dia">
            {data.dias.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{NOTHING_TO_SEND}</Typography>
            ) : (
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label="Envios por dia">
                  <TableHead>
                    <TableRow>
                      <TableCell>Dia</TableCell>
                      <TableCell>Turno</TableCell>
                      {!rule && <TableCell>Regra</TableCell>}
                      {CHANNELS.map((c) => (
                        <TableCell key={c}>{CHANNEL_LABELS[c]}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.dias.map((row, i) => (
                      <TableRow key={i}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dia)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{TURNO_LABELS[row.turno] ?? row.turno}</TableCell>
                        {!rule && <TableCell>{ruleName(row.regra_id)}</TableCell>}
                        {row.situacao === 'nao_enviado' ? (
                          <TableCell colSpan={CHANNELS.length} sx={{ color: 'text.secondary' }}>
                            {NOT_SENT_REASONS[row.motivo ?? ''] ?? row.motivo}
                          </TableCell>
                        ) : (
                          CHANNELS.map((c) => (
                            <TableCell key={c}>{row.situacao === 'registrado' ? <Sent counts={row.enviados?.[c]} /> : <Counts counts={row.canais[c]} />}</TableCell>
                          ))
                        )}
                      </TableRow>
                    ))}
                    <TableRow sx={{ '& td': { fontWeight: 600, borderTop: 2, borderColor: 'divider' } }}>
                      <TableCell colSpan={rule ? 2 : 3}>Total</TableCell>
                      {CHANNELS.map((c) => (
                        <TableCell key={c}>
                          <Total rows={data.dias} canal={c} />
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Section>

          <Section title="Primeiros clientes">
            {data.primeiros.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>{NOTHING_TO_SEND}</Typography>
            ) : (
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label="Primeiros clientes">
                  <TableHead>
                    <TableRow>
                      <TableCell>Dia</TableCell>
                      <TableCell>Cliente</TableCell>
                      <TableCell>Código</TableCell>
                      {!rule && <TableCell>Regra</TableCell>}
                      <TableCell>Canais</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.primeiros.map((row, i) => (
                      <TableRow key={i}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dia)}</TableCell>
                        <TableCell>{row.nome_razaosocial}</TableCell>
                        <TableCell>{row.cod_cliente}</TableCell>
                        {!rule && <TableCell>{ruleName(row.regra_id)}</TableCell>}
                        <TableCell>
                          <Stack direction="row" spacing={0.5}>
                            {row.canais.map((c) => (
                              <Chip key={c} size="small" label={CHANNEL_LABELS[c] ?? c} />
                            ))}
                          </Stack>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Section>

          <Section title="Ignorados">
            {data.ignorados.length === 0 ? (
              <Typography sx={{ color: 'text.secondary' }}>Nenhum cliente ignorado no período.</Typography>
            ) : (
              <TableContainer component={Paper} variant="outlined">
                <Table size="small" aria-label="Ignorados">
                  <TableHead>
                    <TableRow>
                      <TableCell>Dia</TableCell>
                      <TableCell>Cliente</TableCell>
                      <TableCell>Código</TableCell>
                      <TableCell>Canal</TableCell>
                      <TableCell>Motivo</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.ignorados.map((row, i) => (
                      <TableRow key={i}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dia)}</TableCell>
                        <TableCell>{row.nome_razaosocial}</TableCell>
                        <TableCell>{row.cod_cliente}</TableCell>
                        <TableCell>{CHANNEL_LABELS[row.canal] ?? row.canal}</TableCell>
                        <TableCell>{SKIP_REASONS[row.motivo] ?? row.motivo}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Section>
        </>
      ) : (
        !isFetching && null
      )}
    </Box>
  );
}
