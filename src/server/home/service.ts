// The intranet's home (issue 31, '/'): what the signed-in user finds when they land, assembled from
// the services that already answer each piece, so that every block shows only what the user may see:
//   - the news: NewsService's feed (the reader's audience and read state), their unread must-read items first;
//   - "Para você": those unread must-read items, their onboardings not finished yet (OnboardingService),
//     and the open incidents they reported or whose category they manage (the incidents register,
//     listed by the engine with the owner and sharedWith scope of its schema);
//   - the month's birthdays and company anniversaries: the HR reports 'birthday' and
//     'company-anniversary' (runReport) over the user's providers (the superadmin's: all), for staff
//     only (employees and module roles, as the contacts and calendar), with no birth year or age.
import { isStaffMember, isSuperadmin } from '../../domain/roles.js';
import { newsPath } from '../../domain/news.js';
import type { AuthUser } from '../auth/identity.js';
import type { Database } from '../db/index.js';
import { calendarToday } from '../hrReports/filters.js';
import { runReport } from '../hrReports/service.js';
import { NewsService } from '../news/service.js';
import { EMPLOYEE_ROUTE, OnboardingService } from '../onboarding/service.js';
import type { Actor, ResourceService } from '../resources/service.js';

/** How many items each block shows at most. */
export const HOME_LIMITS = { news: 6, pendingReads: 10, incidents: 10, people: 100 } as const;

type Row = Record<string, any>;

export interface HomePending {
  tipo: 'leitura' | 'onboarding' | 'incidente_atribuido' | 'incidente_aberto';
  titulo: string;
  detalhe: string;
  link: string;
}

const OPEN_INCIDENT = ['aberto', 'em_andamento'];

export class HomeService {
  private news: NewsService;
  private onboarding: OnboardingService;

  constructor(
    private db: Database,
    private resources: ResourceService,
  ) {
    this.news = new NewsService(db, resources);
    this.onboarding = new OnboardingService(db, resources);
  }

  async home(user: AuthUser, now = new Date()) {
    const superadmin = isSuperadmin(user.roles);
    const staff = superadmin || isStaffMember(user.roles, user.employee);
    const providerIds = superadmin ? null : user.providerIds;
    // The home lists what is published: the HR's view of inactive items stays on the news screens.
    const reader = { user, hr: false };
    const [feed, unread, onboardings, incidents, birthdays, anniversaries] = await Promise.all([
      this.news.feed(reader, { limit: HOME_LIMITS.news }),
      this.news.feed(reader, { pendente: true, limit: HOME_LIMITS.pendingReads }),
      this.onboarding.employeeOnboardings({ userId: user.id, providerIds, role: 'user', level: 'user' }, user.id),
      this.openIncidents(user, providerIds),
      staff ? this.people('birthday', providerIds, now) : Promise.resolve([]),
      staff ? this.people('company-anniversary', providerIds, now) : Promise.resolve([]),
    ]);

    const pending = unread.novidades as Row[];
    const pendingIds = new Set(pending.map((n) => n.id));
    const novidades = [...pending, ...(feed.novidades as Row[]).filter((n) => !pendingIds.has(n.id))].slice(0, HOME_LIMITS.news).map((n) => ({
      id: n.id,
      titulo: n.titulo,
      resumo: n.resumo,
      provedor_nome: n.provedor_nome,
      categoria_titulo: n.categoria_titulo ?? null,
      categoria_color: n.categoria_color ?? null,
      imagem_capa_data: n.imagem_capa_data ?? null,
      importante: Boolean(n.importante),
      requer_lido: Boolean(n.requer_lido),
      lido_em: n.lido_em ?? null,
      created_at: n.created_at,
      link: newsPath(n.id),
    }));

    const statusLabels = this.enumLabels('status');
    const impactLabels = this.enumLabels('impacto');
    const pendencias: HomePending[] = [
      ...pending.map((n) => ({ tipo: 'leitura' as const, titulo: n.titulo, detalhe: 'Leitura obrigatória pendente', link: newsPath(n.id) })),
      ...onboardings
        .filter((o) => !o.concluido)
        .map((o) => ({
          tipo: 'onboarding' as const,
          titulo: o.titulo,
          detalhe: `Onboarding: ${o.finalizados} de ${o.total} conteúdos concluídos`,
          link: o.proximo?.rota ?? EMPLOYEE_ROUTE,
        })),
      ...incidents.map((i) => {
        const mine = i.id_usuario === user.id;
        const state = `${statusLabels[i.status] ?? i.status}, impacto ${(impactLabels[i.impacto] ?? i.impacto).toLowerCase()}`;
        return {
          tipo: mine ? ('incidente_aberto' as const) : ('incidente_atribuido' as const),
          titulo: i.titulo,
          detalhe: mine ? `Incidente relatado por você: ${state}` : `Incidente para você acompanhar: ${state}`,
          link: `/incidents/edit/${i.id}`,
        };
      }),
    ];

    return {
      nome: user.nome ?? user.email,
      hoje: calendarToday(now).today,
      novidades,
      leituras_pendentes: unread.total,
      pendencias,
      onboarding: onboardings.length > 0,
      aniversariantes: birthdays.map((r) => ({ id: String(r.id), nome: r.nome, dia: Number(r.dia), provedor: r.provedor, departamento: r.departamento ?? null })),
      tempo_de_casa: anniversaries.map((r) => ({ id: String(r.id), nome: r.nome, dia: Number(r.dia), anos: Number(r.anos), provedor: r.provedor, departamento: r.departamento ?? null })),
    };
  }

  /**
   * The open incidents the user reported or follows as a manager of their category: the register's
   * own scope (owner and sharedWith, within the user's providers) as the user, whatever their role.
   */
  private async openIncidents(user: AuthUser, providerIds: number[] | null): Promise<Row[]> {
    const actor: Actor = { userId: user.id, providerIds, ownerId: user.id };
    const { rows } = await this.resources.list(
      this.resources.get('incidents'),
      { filter: { status: OPEN_INCIDENT }, sort: { field: 'data_inicio', order: 'DESC' }, range: [0, HOME_LIMITS.incidents - 1] },
      actor,
    );
    return rows;
  }

  /** This month's rows of an HR report (birthdays, company anniversaries) over the providers, by day. */
  private async people(report: 'birthday' | 'company-anniversary', providerIds: number[] | null, now: Date): Promise<Row[]> {
    const answer = await runReport(this.db, report, { por_pagina: String(HOME_LIMITS.people) }, { userId: null, providerIds }, HOME_LIMITS.people, now);
    return answer?.linhas ?? [];
  }

  private enumLabels(field: string): Record<string, string> {
    const property = this.resources.get('incidents').columnByName.get(field)?.property as { 'x-enumLabels'?: Record<string, string> } | undefined;
    return property?.['x-enumLabels'] ?? {};
  }
}
