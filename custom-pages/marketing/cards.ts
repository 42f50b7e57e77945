// The marketing home's sections and cards (marketing document, sections 1 and 2). Each section shows
// to whoever holds a role (leitor and up) of its module: COMUNICAÇÃO regua_comunicacao, LEADS and
// RELATÓRIOS vendas, PATROCÍNIOS marketing, ROLETAS roulette. Within a section a card shows to who
// may open its screen (shell/screens.ts); a card of a module not built yet leads to its route, where
// the shell's "not available yet" page answers (plannedRoutes.ts: the /marketing area).
import type { ComponentType } from 'react';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturbOutlined';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import LeaderboardIcon from '@mui/icons-material/LeaderboardOutlined';
import HubIcon from '@mui/icons-material/HubOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import LinkIcon from '@mui/icons-material/LinkOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import GavelIcon from '@mui/icons-material/GavelOutlined';
import CasinoIcon from '@mui/icons-material/CasinoOutlined';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { type CardSection, type Viewer, visibleSections } from '../../src/admin/pages.js';

type Icon = ComponentType<{ sx?: object; color?: 'primary' | 'disabled' }>;
const icon = (c: unknown) => c as Icon;

/** A section for any role of `module` (the superadmin always). */
const forModule = (module: string) => ({ modules: [module], right: 'read' as const });

export const MARKETING_SECTIONS: CardSection[] = [
  {
    title: 'COMUNICAÇÃO',
    manager: forModule('regua_comunicacao'),
    cards: [
      { title: 'Campanha de Comunicação', to: '/marketing/communication-scale/list', icon: icon(CampaignIcon) },
      { title: 'Restrições de Envio', to: '/marketing/communication-scale-restrictions/list', icon: icon(DoNotDisturbIcon) },
      // The dispatcher's send log (custom-pages/communication/SendLog.tsx).
      { title: 'Envios', to: '/marketing/communication-scale-sends/list', icon: icon(OutboxIcon) },
      { title: 'Eventos', to: '/marketing/events/list', icon: icon(EventIcon) },
    ],
  },
  {
    title: 'LEADS',
    manager: forModule('vendas'),
    cards: [
      { title: 'Campanhas', to: '/marketing/campaigns/list', icon: icon(LeaderboardIcon) },
      { title: 'Canais', to: '/marketing/channels/list', icon: icon(HubIcon) },
      { title: 'Importar Leads', to: '/marketing/imports-leads/list', icon: icon(UploadFileIcon) },
      { title: 'Link de Rastreamento', to: '/marketing/tracking-link/list', icon: icon(LinkIcon) },
    ],
  },
  {
    title: 'PATROCÍNIOS',
    manager: forModule('marketing'),
    cards: [
      { title: 'Solicitações de Patrocínio', to: '/marketing/sponsorship/solicitations/list', icon: icon(HandshakeIcon) },
      { title: 'Justificativas', to: '/marketing/sponsorship/justification/list', icon: icon(GavelIcon) },
    ],
  },
  {
    title: 'ROLETAS',
    manager: forModule('roulette'),
    cards: [{ title: 'Roletas', to: '/marketing/roulette/list', icon: icon(CasinoIcon) }],
  },
  {
    title: 'RELATÓRIOS',
    manager: forModule('vendas'),
    cards: [{ title: 'Resultado de Campanha', to: '/marketing/results-campaigns-report/report', icon: icon(AssessmentIcon) }],
  },
];

/** The sections and cards someone sees (empty sections dropped). */
export const visibleMarketingSections = (who: Viewer | readonly string[]) => visibleSections(MARKETING_SECTIONS, who);

