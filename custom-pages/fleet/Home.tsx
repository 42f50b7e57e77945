// /fleet/home (title Frota): for the frota readers and up, the figures of their providers' fleet
// (GET v1/frota/painel: vehicles available, in use and at the workshop; fines to pay and their total;
// CNHs and rental contracts ending in the next 30 days; pending vehicle requests), each leading to its
// register; then the fleet's cards (the shell's cards menu: each card shown to who may open its screen),
// with the employees' own: vehicle requests and rides.
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Skeleton } from '@mui/material';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import Build from '@mui/icons-material/Build';
import Badge from '@mui/icons-material/Badge';
import CarRental from '@mui/icons-material/CarRental';
import Business from '@mui/icons-material/Business';
import Receipt from '@mui/icons-material/Receipt';
import CarCrash from '@mui/icons-material/CarCrash';
import Assignment from '@mui/icons-material/Assignment';
import AddTask from '@mui/icons-material/AddTask';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Handyman from '@mui/icons-material/Handyman';
import EmojiPeople from '@mui/icons-material/EmojiPeople';
import TravelExplore from '@mui/icons-material/TravelExplore';
import { formatBRL, formatNumber } from '../../src/domain/format.js';
import { canAccessResource, type CardSection, CardsMenu, type Figure, FigureCard, TitleBar, useApiOrigin, useSession, v1Json } from '../../src/admin/pages.js';

export interface FleetDashboard {
  veiculos: { total: number; disponiveis: number; em_uso: number; na_oficina: number };
  multas: { a_pagar: number; total_a_pagar: number; vencendo_7_dias: number };
  cnh: { vencendo_30_dias: number; vencidas: number };
  locacoes: { vencendo_30_dias: number; ativas: number; valor_mensal: number };
  solicitacoes_pendentes: number;
}

export const FLEET_SECTIONS: CardSection[] = [
  {
    title: 'Frota',
    cards: [
      { title: 'Veículos', to: '/fleet/vehicle/list', icon: DirectionsCar },
      { title: 'Motoristas', to: '/fleet/driver/list', icon: Badge },
      { title: 'Locações', to: '/fleet/rentals/list', icon: CarRental },
      { title: 'Locadoras', to: '/fleet/rental-companies/list', icon: Business },
      { title: 'Multas', to: '/fleet/fines/list', icon: Receipt },
      { title: 'Sinistros', to: '/fleet/incidents-vehicle/list', icon: CarCrash },
      { title: 'Manutenções', to: '/fleet/maintenance-vehicle/list', icon: Build },
    ],
  },
  {
    title: 'Solicitações',
    cards: [
      { title: 'Minhas solicitações', to: '/requests/home', icon: Assignment },
      { title: 'Solicitar veículo', to: '/requests/vehicle/register', icon: AddTask },
      { title: 'Relatar sinistro', to: '/requests/incidents-vehicle/register', icon: ReportProblem },
      { title: 'Pedir manutenção', to: '/requests/maintenance-vehicle/register', icon: Handyman },
    ],
  },
  {
    title: 'Caronas',
    cards: [
      { title: 'Oferecer carona', to: '/ride/list', icon: EmojiPeople },
      { title: 'Procurar carona', to: '/ride-employee/list', icon: TravelExplore },
    ],
  },
];


/** The figures' cards, in the order a fleet manager reads them. */
export function figuresOf(d: FleetDashboard): Figure[] {
  return [
    { label: 'Veículos disponíveis', value: formatNumber(d.veiculos.disponiveis), detail: `de ${formatNumber(d.veiculos.total)} ativos`, to: '/fleet/vehicle/list' },
    { label: 'Em uso agora', value: formatNumber(d.veiculos.em_uso), detail: 'solicitações aprovadas em curso', to: '/requests/home' },
    { label: 'Na oficina', value: formatNumber(d.veiculos.na_oficina), detail: 'manutenções abertas', to: '/fleet/maintenance-vehicle/list' },
    {
      label: 'Multas a pagar',
      value: formatNumber(d.multas.a_pagar),
      detail: `${formatBRL(d.multas.total_a_pagar)}${d.multas.vencendo_7_dias ? ` · ${formatNumber(d.multas.vencendo_7_dias)} vencem em 7 dias` : ''}`,
      to: '/fleet/fines/list',
      warn: d.multas.vencendo_7_dias > 0,
    },
    {
      label: 'CNHs a vencer em 30 dias',
      value: formatNumber(d.cnh.vencendo_30_dias),
      detail: d.cnh.vencidas ? `${formatNumber(d.cnh.vencidas)} vencida${d.cnh.vencidas > 1 ? 's' : ''}` : 'nenhuma vencida',
      to: '/fleet/driver/list',
      warn: d.cnh.vencendo_30_dias + d.cnh.vencidas > 0,
    },
    {
      label: 'Locações a vencer em 30 dias',
      value: formatNumber(d.locacoes.vencendo_30_dias),
      detail: `${formatNumber(d.locacoes.ativas)} em vigor · ${formatBRL(d.locacoes.valor_mensal)}/mês`,
      to: '/fleet/rentals/list',
      warn: d.locacoes.vencendo_30_dias > 0,
    },
    { label: 'Solicitações pendentes', value: formatNumber(d.solicitacoes_pendentes), detail: 'de veículo, aguardando decisão', to: '/requests/home', warn: d.solicitacoes_pendentes > 0 },
  ];
}

function Figures() {
  const query = useQuery({ queryKey: ['fleet', 'dashboard'], queryFn: () => v1Json<FleetDashboard>('/v1/frota/painel', { module: 'frota' }) });
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, mb: 3 };
  if (query.isError) return <Alert severity="error" sx={{ mb: 3 }}>{(query.error as Error).message}</Alert>;
  if (!query.data) {
    return (
      <Box sx={grid} aria-busy="true">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={118} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={grid} component="section" aria-label="Números da frota">
      {figuresOf(query.data).map((f) => (
        <FigureCard key={f.label} {...f} testId="fleet-figure" />
      ))}
    </Box>
  );
}

export default function FleetHome() {
  useApiOrigin();
  const roles = useSession()?.roles ?? [];
  const reader = canAccessResource(roles, 'vehicles', 'list');
  return (
    <Box sx={{ px: 2, pb: 4 }}>
      <TitleBar title="Frota" back="/" />
      {reader && <Figures />}
      <CardsMenu sections={FLEET_SECTIONS} />
    </Box>
  );
}
