// /marketing/tracking-link/stats/{id}: a link's statistics (GET v1/vendas/tracking/url/{id}/estatisticas):
// the link with its copy button and QR code downloads (PNG, SVG), the period (the last 30 days by
// default), the totals' cards, the clicks per day (people and bots apart) and the devices (charts
// loaded on demand), the browsers, systems and referrers. The list's QR Code action leads here.
import { lazy, Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import CopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { formatNumber } from '../../src/domain/format.js';
import { DateTextField, downloadNamed, saveBlob, TitleBar, useApiOrigin, useGoBack, useToasts, v1Fetch, v1Json } from '../../src/admin/pages.js';
import type { Day } from './StatsCharts.js';
import { AREAS, DEVICE_LABELS, LIST_PATH, TEXTS, TOTALS } from './texts.js';

const StatsCharts = lazy(() => import('./StatsCharts.js'));

interface Stats {
  link: Record<string, any>;
  periodo: { de: string; ate: string };
  totais: Record<string, number>;
  por_dia: Day[];
  dispositivos: Breakdown;
  navegadores: Breakdown;
  sistemas: Breakdown;
  referencias: Breakdown;
}
type Breakdown = { nome: string | null; cliques: number }[];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function BreakdownTable({ title, rows, label }: { title: string; rows: Breakdown; label: (name: string | null) => string }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title}>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={String(r.nome)}>
              <TableCell sx={{ wordBreak: 'break-all' }}>{label(r.nome)}</TableCell>
              <TableCell align="right">{formatNumber(r.cliques)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The QR code's image (SVG, through the session) and its two downloads. */
function QrCode({ id, codigo }: { id: string; codigo: string }) {
  const toasts = useToasts();
  const { data: svg } = useQuery({
    queryKey: ['tracking-qr', id],
    queryFn: async () => (await v1Fetch(`/v1/vendas/tracking/url/${encodeURIComponent(id)}/qrcode.svg`, { module: AREAS })).text(),
  });
  const download = async (kind: 'png' | 'svg') => {
    try {
      const { blob, name } = await downloadNamed(`/v1/vendas/tracking/url/${encodeURIComponent(id)}/qrcode.${kind}`, `link-${codigo}.${kind}`, AREAS);
      saveBlob(blob, name);
    } catch (error) {
      toasts.failure(error);
    }
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        role="img"
        aria-label={TEXTS.qrTitle}
        sx={{ width: 160, height: 160, '& svg': { width: '100%', height: '100%' } }}
        // The server's own SVG of the QR code (qrcode): paths only, no scripts.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <Stack spacing={1}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {TEXTS.qrHint}
        </Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('png')}>
          {TEXTS.qrPng}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('svg')}>
          {TEXTS.qrSvg}
        </Button>
      </Stack>
    </Stack>
  );
}

export default function LinkStats() {
  useApiOrigin();
  const { id = '' } = useParams();
  const goBack = useGoBack(LIST_PATH);
  const toasts = useToasts();
  const [de, setDe] = useState('');
  const [ate, setAte] = useState('');
  // The period shown last (the server's default until one is chosen): a bound not typed keeps it, so
  // typing one date (or typing the other as it already was) reads the period the boxes show.
  const shown = useRef<{ de: string; ate: string } | null>(null);
  const from = de || shown.current?.de || '';
  const to = ate || shown.current?.ate || '';
  const period = (de || ate) && DAY.test(from) && DAY.test(to) && from <= to ? `?de=${from}&ate=${to}` : '';
  const { data, isPending, error } = useQuery({
    queryKey: ['tracking-stats', id, period],
    queryFn: () => v1Json<Stats>(`/v1/vendas/tracking/url/${encodeURIComponent(id)}/estatisticas${period}`, { module: AREAS }),
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toasts.success(TEXTS.copied);
    } catch (e) {
      toasts.failure(e);
    }
  };
  if (data) shown.current = data.periodo;
  const link = data?.link;
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={TEXTS.statsTitle} back={LIST_PATH} onBack={goBack} />
      {isPending && <CircularProgress aria-label="Carregando" />}
      {error && <Alert severity="error">{(error as Error).message || TEXTS.loadError}</Alert>}
      {data && link && (
        <Stack spacing={3}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography sx={{ wordBreak: 'break-all' }} aria-label={TEXTS.link}>
                {link.url}
              </Typography>
              <Tooltip title={TEXTS.copyLink}>
                <IconButton aria-label={TEXTS.copyLink} onClick={() => void copy(String(link.url))}>
                  <CopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
            <Stack direction="row" spacing={1}>
              {/* DD/MM/AAAA whatever the browser's language (the engine's date box); the period applies once both are dates. */}
              <Box sx={{ width: 180 }}>
                <DateTextField size="small" fullWidth label={TEXTS.from} value={de || data.periodo.de} onChange={(v) => setDe(v ?? '')} />
              </Box>
              <Box sx={{ width: 180 }}>
                <DateTextField size="small" fullWidth label={TEXTS.to} value={ate || data.periodo.ate} onChange={(v) => setAte(v ?? '')} />
              </Box>
            </Stack>
          </Stack>
          <QrCode id={id} codigo={String(link.codigo)} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' }, gap: 1 }}>
            {TOTALS.map(([key, label, hint]) => (
              <Card key={key} variant="outlined" title={hint}>
                <CardContent>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {label}
                  </Typography>
                  <Typography variant="h5" component="p" aria-label={label}>
                    {formatNumber(data.totais[key] ?? 0)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          {data.totais.cliques === 0 ? (
            <Alert severity="info">{TEXTS.empty}</Alert>
          ) : (
            <>
              <Suspense fallback={<CircularProgress aria-label="Carregando" />}>
                <StatsCharts days={data.por_dia} devices={data.dispositivos} />
              </Suspense>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
                <BreakdownTable title={TEXTS.browsers} rows={data.navegadores} label={(n) => n ?? '—'} />
                <BreakdownTable title={TEXTS.systems} rows={data.sistemas} label={(n) => n ?? '—'} />
                <BreakdownTable title={TEXTS.referrers} rows={data.referencias} label={(n) => n ?? TEXTS.direct} />
              </Box>
              <BreakdownTable title={TEXTS.devices} rows={data.dispositivos} label={(n) => DEVICE_LABELS[n ?? ''] ?? n ?? '—'} />
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
