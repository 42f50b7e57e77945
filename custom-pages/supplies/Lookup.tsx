// /supplies/lookup and /supplies/lookup/{codigo} (Onde está o equipamento?): a patrimônio or serial,
// and the unit(s) it names among the caller's providers (GET v1/suprimentos/localizar/{codigo}): where
// each is now, as a big status (the place, the squad or the customer, the OS, since when), its product
// and value, then the timeline of its movements newest first (kind, from → to, date and time, OS, who).
// A code of several units (the superadmin sees every provider) shows one block each; none, the server's
// 404 text.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { Alert, Box, Chip, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { formatBRL, formatDateTime } from '../../src/domain/format.js';
import type { SupplyPlace } from '../../src/domain/supplies.js';
import { TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { LookupSearch } from './LookupSearch.js';
import { type LocatedUnit, type MovementLine, TEXTS as T } from './texts.js';

const PLACE_COLORS: Record<SupplyPlace, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info'> = {
  almoxarifado: 'success',
  equipe: 'info',
  cliente: 'primary',
  manutencao: 'warning',
  baixado: 'default',
  extraviado: 'error',
};

/** Who or what the unit is with, beside its place: the squad, or the customer (system, code and name). */
export function holderOf(unit: Pick<LocatedUnit, 'local' | 'equipe' | 'cliente_sistema' | 'cliente_codigo' | 'cliente_nome'>): string | null {
  if (unit.local === 'equipe') return unit.equipe;
  if (unit.local === 'cliente') {
    const code = [unit.cliente_sistema, unit.cliente_codigo].filter(Boolean).join(' ');
    return unit.cliente_nome ? `${unit.cliente_nome} (${code})` : code || null;
  }
  return null;
}

/** One side of a movement: the place, with its squad when it is one. */
const sideOf = (label: string | null, squad: string | null) => (label ? (squad ? `${label} · ${squad}` : label) : '—');

function Movement({ line }: { line: MovementLine }) {
  const customer = [line.cliente_sistema, line.cliente_codigo].filter(Boolean).join(' ');
  return (
    <Box component="li" sx={{ position: 'relative', pl: 3, pb: 2, listStyle: 'none', borderLeft: 2, borderColor: 'divider', ml: 1 }}>
      <Box sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>{line.tipo_label}</Typography>
      <Typography variant="body2">
        {sideOf(line.origem_local_label, line.origem_equipe_nome)} → {sideOf(line.destino_local_label, line.destino_equipe_nome)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[
          formatDateTime(line.data),
          line.quantidade > 1 ? `${line.quantidade} un` : null,
          customer ? `${T.customer} ${customer}` : null,
          line.os ? `${T.os} ${line.os}` : null,
          line.usuario ? `${T.who} ${line.usuario}` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  );
}

export function UnitBlock({ unit, showProvider }: { unit: LocatedUnit; showProvider: boolean }) {
  const holder = holderOf(unit);
  const codes = [unit.patrimonio ? `Patrimônio ${unit.patrimonio}` : null, unit.serial ? `Serial ${unit.serial}` : null].filter(Boolean).join(' · ');
  return (
    <Paper variant="outlined" component="article" aria-label={codes} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ justifyContent: 'space-between' }}>
        <Box>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {codes}
            {showProvider ? ` · ${unit.empresa}` : ''}
          </Typography>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
            <Chip label={unit.local_label} color={PLACE_COLORS[unit.local] ?? 'default'} sx={{ fontSize: '1.25rem', height: 44, px: 1, fontWeight: 600 }} data-testid="unit-place" />
            {holder && (
              <Typography variant="h6" component="p" data-testid="unit-holder">
                {holder}
              </Typography>
            )}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {[unit.os ? `${T.os} ${unit.os}` : null, `${T.since} ${formatDateTime(unit.atualizado_em)}`].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ textAlign: { md: 'right' } }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {T.product}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{unit.produto}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {T.value}
          </Typography>
          <Typography sx={{ fontWeight: 600 }}>{formatBRL(unit.valor)}</Typography>
        </Box>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {T.history}
      </Typography>
      {unit.historico.length ? (
        <Box component="ol" aria-label={T.history} sx={{ m: 0, p: 0 }}>
          {unit.historico.map((line) => (
            <Movement key={line.id} line={line} />
          ))}
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{T.noHistory}</Typography>
      )}
    </Paper>
  );
}

function Result({ code }: { code: string }) {
  const query = useQuery({
    queryKey: ['supplies', 'lookup', code],
    queryFn: () => v1Json<{ itens: LocatedUnit[] }>(`/v1/suprimentos/localizar/${encodeURIComponent(code)}`, { module: 'suprimentos' }),
    retry: false,
  });
  if (query.isError) return <Alert severity="warning">{(query.error as Error).message}</Alert>;
  if (!query.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={T.loading} />
      </Box>
    );
  }
  const several = new Set(query.data.itens.map((u) => u.id_empresa)).size > 1;
  return (
    <>
      {query.data.itens.map((unit) => (
        <UnitBlock key={unit.id} unit={unit} showProvider={several} />
      ))}
    </>
  );
}

export default function Lookup() {
  useApiOrigin();
  const { codigo = '' } = useParams();
  const code = codigo.trim();
  return (
    <Box sx={{ maxWidth: 1000, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={T.lookupTitle} back="/supplies/home" />
      <LookupSearch key={code} initial={code} autoFocus={!code} />
      {code && <Result code={code} />}
    </Box>
  );
}
