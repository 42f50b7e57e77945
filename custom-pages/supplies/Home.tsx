// /supplies/home (title Suprimentos): the supplies area's home. A search "Onde está o equipamento?"
// (patrimônio or serial, leading to /supplies/lookup/{codigo}); the headline figures of the caller's
// providers (GET v1/suprimentos/painel: units in the warehouse, with the squads, at customers'; open
// repairs; pending removals and the overdue ones; the value held by the squads; movements of 30 days),
// each leading to its list; then the area's cards (the shell's cards menu: each shown to who may open
// its screen).
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Skeleton } from '@mui/material';
import Inventory from '@mui/icons-material/Inventory2';
import MoveToInbox from '@mui/icons-material/MoveToInbox';
import LocalShipping from '@mui/icons-material/LocalShipping';
import Router from '@mui/icons-material/Router';
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import KeyboardReturn from '@mui/icons-material/KeyboardReturn';
import RemoveShoppingCart from '@mui/icons-material/RemoveShoppingCart';
import Build from '@mui/icons-material/Build';
import Recycling from '@mui/icons-material/Recycling';
import QrCode from '@mui/icons-material/QrCode2';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Insights from '@mui/icons-material/Insights';
import Groups from '@mui/icons-material/Groups';
import Paid from '@mui/icons-material/Paid';
import Cable from '@mui/icons-material/Cable';
import { formatBRL, formatNumber } from '../../src/domain/format.js';
import { type CardSection, CardsMenu, type Figure, FigureCard, TitleBar, useApiOrigin, v1Json } from '../../src/admin/pages.js';
import { LookupSearch } from './LookupSearch.js';
import { itemsAt, type SuppliesDashboard, TEXTS as T } from './texts.js';

export const SUPPLIES_SECTIONS: CardSection[] = [
  {
    title: 'Estoque',
    cards: [
      { title: 'Produtos e valores', to: '/supplies/values/list', icon: Inventory },
      { title: 'Equipamentos', to: '/supplies/items', icon: QrCode },
      { title: 'Onde está?', to: '/supplies/lookup', icon: TravelExplore },
      { title: 'Painel', to: '/supplies/dashboard', icon: Insights },
    ],
  },
  {
    title: 'Movimentações',
    cards: [
      { title: 'Entradas', to: '/supplies/receipts/list', icon: MoveToInbox },
      { title: 'Envios para equipes', to: '/supplies/dispatch/list', icon: LocalShipping },
      { title: 'Instalações', to: '/supplies/installations/list', icon: Router },
      { title: 'Devoluções', to: '/supplies/devolutions/list', icon: AssignmentReturn },
      { title: 'Devoluções sem patrimônio', to: '/supplies/devolutions/alternative/list', icon: Cable },
      { title: 'Retornos', to: '/supplies/returning/list', icon: KeyboardReturn },
      { title: 'Retornos sem patrimônio', to: '/supplies/returning/alternative/list', icon: Cable },
      { title: 'Retiradas', to: '/supplies/removal/list', icon: RemoveShoppingCart },
      { title: 'Manutenções', to: '/supplies/maintenance/list', icon: Build },
      { title: 'Reciclagem', to: '/supplies/recycling/list', icon: Recycling },
    ],
  },
  {
    title: 'Equipes',
    cards: [
      { title: 'Equipes', to: '/squads/list', icon: Groups },
      { title: 'Valores das equipes', to: '/squads/values', icon: Paid },
      { title: 'Reciclagem das equipes', to: '/squads/recycling/list', icon: Recycling },
    ],
  },
];

/** The headline figures, in the order the warehouse reads them. */
export function figuresOf(d: SuppliesDashboard): Figure[] {
  const squadValue = d.equipes.reduce((n, q) => n + q.valor, 0);
  const moved = d.movimentos.reduce((n, m) => n + m.movimentos, 0);
  return [
    { label: 'No almoxarifado', value: formatNumber(d.unidades.almoxarifado), detail: `de ${formatNumber(d.unidades.total)} equipamentos`, to: itemsAt('almoxarifado') },
    { label: 'Com as equipes', value: formatNumber(d.unidades.equipe), detail: `${formatBRL(squadValue)} em poder das equipes`, to: '/squads/values' },
    { label: 'Nos clientes', value: formatNumber(d.unidades.cliente), detail: 'equipamentos instalados', to: itemsAt('cliente') },
    { label: 'Em manutenção', value: formatNumber(d.manutencoes_abertas), detail: 'reparos em aberto', to: '/supplies/maintenance/list' },
    {
      label: T.removals,
      value: formatNumber(d.retiradas.pendentes),
      detail: d.retiradas.atrasadas ? T.overdue(d.retiradas.atrasadas) : 'nenhuma atrasada',
      to: '/supplies/removal/list',
      warn: d.retiradas.atrasadas > 0,
    },
    { label: 'Movimentações em 30 dias', value: formatNumber(moved), detail: 'entradas, envios, instalações e retornos', to: '/supplies/dashboard' },
  ];
}


function Figures() {
  const query = useQuery({ queryKey: ['supplies', 'dashboard', ''], queryFn: () => v1Json<SuppliesDashboard>('/v1/suprimentos/painel', { module: 'suprimentos' }) });
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, mb: 3 };
  if (query.isError) return <Alert severity="error" sx={{ mb: 3 }}>{(query.error as Error).message}</Alert>;
  if (!query.data) {
    return (
      <Box sx={grid} aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={118} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={grid} component="section" aria-label={T.figures}>
      {figuresOf(query.data).map((f) => (
        <FigureCard key={f.label} {...f} testId="supplies-figure" />
      ))}
    </Box>
  );
}

export default function SuppliesHome() {
  useApiOrigin();
  return (
    <Box sx={{ maxWidth: 1200, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 }, pb: 4 }}>
      <TitleBar title={T.homeTitle} back="/" />
      <LookupSearch />
      <Figures />
      <CardsMenu sections={SUPPLIES_SECTIONS} />
    </Box>
  );
}
