// Incidents and compliments (issue 18): the rules of their registers that no schema can say (the
// provider of an incident is its department's; the reporter's and the colleagues' names; resolvido_em
// follows the status; nobody praises themselves), the notifications written in the write's own
// transaction (a new incident to its category's managers and the provider's incidentes managers, a
// compliment to the praised colleague), and the dashboard's counts.
import { complimentNotification, incidentNotification, INCIDENT_MSG } from '../../domain/incidents.js';
import type { Queryable } from '../db/index.js';
import { Params, scopeCondition } from '../resources/query.js';
import { SYSTEM, type Actor, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

type Row = Record<string, any>;

const userName = async (tx: Queryable, id: number | null | undefined) => {
  if (id == null) return null;
  const { rows } = await tx.query<{ nome: string }>(`SELECT COALESCE(NULLIF(nome, ''), email) AS nome FROM auth.usuario WHERE id = $1`, [id]);
  return rows[0]?.nome ?? null;
};

export interface DashboardFilter {
  /** First and last day (YYYY-MM-DD, São Paulo's calendar) of data_inicio. */
  de?: string;
  ate?: string;
  id_empresa?: number;
}

export class IncidentService {
  constructor(private service: ResourceService) {}

  private notify(tx: Queryable, userId: number, data: Record<string, unknown>, from: { id: number | null; nome: string | null }) {
    return this.service.createIn(tx, this.service.get('notifications'), { id_usuario: userId, data, id_remetente: from.id, remetente_nome: from.nome }, SYSTEM);
  }

  /** A category's managers are users of its provider. */
  categoryHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation }) => {
        if (!values || operation === 'delete' || !('gestores' in values || 'id_empresa' in values)) return;
        const merged = { ...(existing ?? {}), ...values };
        const ids = (merged.gestores ?? []) as number[];
        if (!ids.length || merged.id_empresa == null) return;
        const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM auth.usuario WHERE id = ANY ($1::int[]) AND $2::int = ANY (id_empresas)`, [ids, merged.id_empresa]);
        if (rows[0].n < new Set(ids).size) throw new ValidationError({ gestores: INCIDENT_MSG.managersProvider });
      },
    };
  }

  incidentHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation, actor }) => {
        if (!values || operation === 'delete') return;
        const merged = { ...(existing ?? {}), ...values };
        if (operation === 'create' || 'id_departamento' in values || 'id_categoria' in values) {
          const { rows } = await tx.query<{ empresa: number | null; cat_empresa: number | null; ativo: boolean | null }>(
            `SELECT d.id_empresa AS empresa, c.id_empresa AS cat_empresa, c.ativo FROM (SELECT 1) x
               LEFT JOIN rh.departamento d ON d.id = $1 LEFT JOIN incidentes.categoria c ON c.id = $2`,
            [merged.id_departamento, merged.id_categoria],
          );
          const found = rows[0];
          // Missing rows are the reference check's to tell.
          if (found?.empresa != null) values.id_empresa = found.empresa;
          if (found?.cat_empresa != null && found.empresa != null && found.cat_empresa !== found.empresa) {
            throw new ValidationError({ id_categoria: INCIDENT_MSG.categoryProvider });
          }
          if (found?.ativo === false && (operation === 'create' || values.id_categoria !== existing?.id_categoria)) {
            throw new ValidationError({ id_categoria: INCIDENT_MSG.inactiveCategory });
          }
        }
        if (operation === 'create') values.relator_nome = await userName(tx, actor.userId);
        const status = merged.status ?? 'aberto';
        if (operation === 'create' ? status === 'resolvido' : values.status !== undefined && values.status !== existing?.status) {
          values.resolvido_em = status === 'resolvido' ? new Date().toISOString() : null;
        }
      },
      afterWrite: async ({ tx, operation, row, actor }) => {
        if (operation !== 'create') return;
        const { rows } = await tx.query<{ id: number }>(
          `SELECT u.id FROM auth.usuario u
            WHERE u.ativo AND u.id IS DISTINCT FROM $3::int
              AND (u.id = ANY (SELECT unnest(gestores) FROM incidentes.categoria WHERE id = $1)
                   OR ('incidentes:gestor' = ANY (u.papeis) AND $2::int = ANY (u.id_empresas)))
            ORDER BY u.id`,
          [row.id_categoria, row.id_empresa, row.id_usuario],
        );
        if (!rows.length) return;
        const dept = await tx.query<{ nome: string }>(`SELECT nome FROM rh.departamento WHERE id = $1`, [row.id_departamento]);
        const data = { ...incidentNotification(row.titulo, dept.rows[0]?.nome ?? ''), link: `/incidents/edit/${row.id}` };
        const from = { id: row.id_usuario ?? actor.userId, nome: row.relator_nome ?? null };
        for (const r of rows) await this.notify(tx, r.id, data, from);
      },
    };
  }

  complimentHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, operation, actor }) => {
        if (!values || operation === 'delete') return;
        const merged = { ...(existing ?? {}), ...values };
        const author = existing ? existing.id_usuario : actor.userId;
        if (author != null && merged.id_elogiado === author) throw new ValidationError({ id_elogiado: INCIDENT_MSG.selfCompliment });
        if (operation === 'create' || 'id_elogiado' in values || 'id_categoria' in values) {
          const { rows } = await tx.query<{ empresa: number | null; ativo: boolean | null; colega: boolean; nome: string | null }>(
            `SELECT c.id_empresa AS empresa, c.ativo,
                    (u.id IS NOT NULL AND u.ativo AND c.id_empresa = ANY (u.id_empresas)) AS colega,
                    COALESCE(NULLIF(u.nome, ''), u.email) AS nome
               FROM (SELECT 1) x
               LEFT JOIN rh.elogio_categoria c ON c.id = $1
               LEFT JOIN auth.usuario u ON u.id = $2`,
            [merged.id_categoria, merged.id_elogiado],
          );
          const found = rows[0];
          if (found?.empresa != null) {
            values.id_empresa = found.empresa;
            if (!found.colega) throw new ValidationError({ id_elogiado: INCIDENT_MSG.colleagueNotFound });
          }
          if (found?.ativo === false && (operation === 'create' || values.id_categoria !== existing?.id_categoria)) {
            throw new ValidationError({ id_categoria: INCIDENT_MSG.inactiveCategory });
          }
          values.elogiado_nome = found?.nome ?? null;
        }
        if (operation === 'create') values.autor_nome = await userName(tx, actor.userId);
      },
      afterWrite: async ({ tx, operation, row }) => {
        if (operation !== 'create') return;
        const cat = await tx.query<{ titulo: string }>(`SELECT titulo FROM rh.elogio_categoria WHERE id = $1`, [row.id_categoria]);
        const data = { ...complimentNotification(row.autor_nome ?? 'Um colega', cat.rows[0]?.titulo ?? ''), link: `/compliments/listByUser/${row.id_elogiado}` };
        await this.notify(tx, row.id_elogiado, data, { id: row.id_usuario, nome: row.autor_nome });
      },
    };
  }

  /**
   * The dashboard's counts over the incidents the actor may list (the register's own scope: their
   * own, those of the categories they manage, or all of their providers' for the module's readers),
   * by category, impacted department and month of data_inicio (São Paulo's calendar).
   */
  async dashboard(q: Queryable, actor: Actor, filter: DashboardFilter) {
    const def = this.service.get('incidents');
    const p = new Params();
    const conditions = [scopeCondition(this.service.registry, def, actor, p, 'i')].filter(Boolean) as string[];
    const local = `(i.data_inicio AT TIME ZONE 'America/Sao_Paulo')`;
    if (filter.de) conditions.push(`${local}::date >= ${p.add(filter.de)}::date`);
    if (filter.ate) conditions.push(`${local}::date <= ${p.add(filter.ate)}::date`);
    if (filter.id_empresa !== undefined) conditions.push(`i.id_empresa = ${p.add(filter.id_empresa)}::int`);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const from = `FROM incidentes.incidente i ${where}`;
    const [totals, byCategory, byDepartment, byMonth] = await Promise.all([
      q.query<{ total: number; abertos: number; em_andamento: number; resolvidos: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'aberto')::int AS abertos,
                count(*) FILTER (WHERE status = 'em_andamento')::int AS em_andamento, count(*) FILTER (WHERE status = 'resolvido')::int AS resolvidos ${from}`,
        p.values,
      ),
      q.query(
        `SELECT c.id, c.titulo AS nome, e.nome AS empresa, count(*)::int AS total ${from.replace('FROM incidentes.incidente i', 'FROM incidentes.incidente i JOIN incidentes.categoria c ON c.id = i.id_categoria JOIN rh.empresa e ON e.id = c.id_empresa')}
          GROUP BY c.id, c.titulo, e.nome ORDER BY total DESC, c.titulo`,
        p.values,
      ),
      q.query(
        `SELECT d.id, d.nome, e.nome AS empresa, count(*)::int AS total ${from.replace('FROM incidentes.incidente i', 'FROM incidentes.incidente i JOIN rh.departamento d ON d.id = i.id_departamento JOIN rh.empresa e ON e.id = d.id_empresa')}
          GROUP BY d.id, d.nome, e.nome ORDER BY total DESC, d.nome`,
        p.values,
      ),
      q.query<{ mes: string; total: number }>(`SELECT to_char(${local}, 'YYYY-MM') AS mes, count(*)::int AS total ${from} GROUP BY 1 ORDER BY 1`, p.values),
    ]);
    return { ...totals.rows[0], por_categoria: byCategory.rows, por_departamento: byDepartment.rows, por_mes: byMonth.rows };
  }
}
