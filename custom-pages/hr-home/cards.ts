// The HR home's sections and cards (HR document, section 2). A card shows to exactly who may open its
// screen (the cards menu asks shell/screens.ts): an HR reader gets the onboarding list, trails,
// contents, their report, the vacancy report, departments, sectors and positions, all read-only.
// While a card's screen is not built yet, the spec's card rules of section 6 decide (with the
// area's own planned rule): users:superadmin and rh:gestor see every card; rh:solicitante and
// onboarding:solicitante (and the onboarding gestor) also see the onboarding cards;
// desligamentos:solicitante sees Desligamentos; banco_talentos gestor and solicitante see Banco de
// Currículos; the Trabalhe Conosco section needs a role in the talent-bank or HR module.
import type { ComponentType } from 'react';
import ExitToApp from '@mui/icons-material/ExitToApp';
import Description from '@mui/icons-material/Description';
import Star from '@mui/icons-material/Star';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import People from '@mui/icons-material/People';
import ContactPage from '@mui/icons-material/ContactPage';
import Dashboard from '@mui/icons-material/Dashboard';
import Work from '@mui/icons-material/Work';
import School from '@mui/icons-material/School';
import Route from '@mui/icons-material/Route';
import Article from '@mui/icons-material/Article';
import Assessment from '@mui/icons-material/Assessment';
import Cake from '@mui/icons-material/Cake';
import Settings from '@mui/icons-material/Settings';
import { type CardSection, type MenuCard, type Viewer, visibleSections } from '../../src/admin/pages.js';
import { userAllows } from '../../src/domain/roles.js';

type Icon = ComponentType<{ sx?: object; color?: 'primary' | 'disabled' }>;

/** The spec's card roles: users:superadmin and rh:gestor see every card; others need one of `roles`. */
const card = (title: string, to: string, icon: Icon, roles: string[] = []): MenuCard => ({ title, to, icon, roles: ['rh:gestor', ...roles] });

const HR_READER = (roles: readonly string[]) => userAllows(roles, 'read', 'rh');

const ONBOARDING_ROLES = ['rh:solicitante', 'onboarding:solicitante', 'onboarding:gestor'];

export const HR_SECTIONS: CardSection[] = [
  {
    title: 'Departamento Pessoal',
    cards: [
      card('Desligamentos', '/shutdowns/list', ExitToApp, ['desligamentos:solicitante']),
      card('Documentos', '/documents/list', Description),
      // Every employee may open the compliments' screens (their own); the HR home's cards are HR's (rh readers and up).
      { ...card('Elogios', '/compliments/list', Star), allowed: HR_READER },
      card('Familiares', '/family/list', FamilyRestroom),
      card('Funcionários', '/employees/list', People),
    ],
  },
  {
    title: 'Trabalhe Conosco',
    // Any role (leitor and up) in the talent-bank or HR module.
    manager: { modules: ['banco_talentos', 'rh'], right: 'read' },
    cards: [
      card('Banco de Currículos', '/ResumeDatabase/list', ContactPage, ['banco_talentos:gestor', 'banco_talentos:solicitante']),
      card('Dashboard Trabalhe Conosco', '/dashboards/careers', Dashboard),
      card('Vagas Trabalhe Conosco', '/careers/admin/list', Work),
    ],
  },
  {
    title: 'Onboarding',
    cards: [
      card('Onboarding', '/human-resources/onboarding/list', School, ONBOARDING_ROLES),
      card('Trilha', '/human-resources/trail/list', Route, ONBOARDING_ROLES),
      card('Conteúdo', '/human-resources/content/list', Article, ONBOARDING_ROLES),
    ],
  },
  {
    title: 'Relatórios',
    cards: [
      card('Admissões', '/reports/list-admission', Assessment),
      card('Aniversariantes', '/reports/birthday/list', Cake),
      card('Tempo de Empresa', '/reports/company-anniversary', Assessment),
      card('Provedor por Cidade', '/reports/provider-city', Assessment),
      card('Desligamentos', '/reports/list-dismiss', Assessment),
      card('Familiares', '/reports/family-list', Assessment),
      card('Geral', '/reports/list-general', Assessment),
      card('Gênero', '/reports/list-gender', Assessment),
      card('Onboarding', '/human-resources/onboarding/report', Assessment, ONBOARDING_ROLES),
      card('Pirâmide Etária', '/reports/pyramid-list', Assessment),
      card('Vagas', '/human-resources/vacancy/report', Assessment),
    ],
  },
  {
    title: 'Configurações básicas',
    cards: [
      card('Cargos', '/positions/list', Settings),
      card('Departamentos', '/departments/list', Settings),
      card('Categorias de Documentos', '/documents-categories/list', Settings),
      { ...card('Categorias de Elogios', '/compliments-categories/list', Settings), allowed: HR_READER },
      card('Setores', '/sectors/list', Settings),
    ],
  },
];

/** The sections and cards someone sees (empty sections dropped). */
export const visibleHrSections = (who: Viewer | readonly string[]) => visibleSections(HR_SECTIONS, who);
