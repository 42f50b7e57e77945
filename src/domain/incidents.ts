// Incidents and compliments (issue 18): the texts and values shared by the server and the screens.
import { INCIDENT_MARKER, INCIDENT_MODULE } from './shell.js';

export const INCIDENT_STATUS = ['aberto', 'em_andamento', 'resolvido'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUS)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = { aberto: 'Aberto', em_andamento: 'Em andamento', resolvido: 'Resolvido' };

/** The notifications' module of a compliment received (the notification bell). */
export const COMPLIMENT_MODULE = 'elogios';

/** The longest compliment message: the spec's dialog limit. */
export const COMPLIMENT_MAX = 450;

export const INCIDENT_MSG = {
  categoryProvider: 'A categoria não é do provedor do departamento impactado.',
  inactiveCategory: 'Esta categoria está inativa.',
  managersProvider: 'Os gestores precisam ser usuários do provedor da categoria.',
  selfCompliment: 'Você não pode elogiar a si mesmo.',
  colleagueNotFound: 'Colega não encontrado nos provedores desta categoria.',
} as const;

/**
 * The message of a new incident's notification ({ modulo: 'incidentes', msg }): the title and the
 * impacted department around the incident marker, which the incident bell (incidentText in
 * shell.ts) shows as 'Título - Departamento Impactados'.
 */
export function incidentNotification(titulo: string, departamento: string) {
  return { modulo: INCIDENT_MODULE, msg: `${titulo.trim()} ${INCIDENT_MARKER} ${departamento.trim()}` };
}

/** The message of a compliment's notification to the praised colleague. */
export function complimentNotification(autor: string, categoria: string) {
  return { modulo: COMPLIMENT_MODULE, msg: `${autor} elogiou você: ${categoria}` };
}
