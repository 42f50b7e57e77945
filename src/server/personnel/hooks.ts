// Write rules of the personnel department's registers that a schema cannot say, run inside every
// write's transaction whatever the door (REST, GraphQL):
// - an employee's position belongs to their department (their user, department and work city belong
//   to their provider by the schema's sameProvider);
// - a dismissal records who asked for it; only the HR (rh edit, or the superadmin) approves or
//   concludes one, and the requester (desligamentos:solicitante) may only ask or cancel; it cannot
//   fall before the admission; concluded, it marks the employee dismissed (data_desligamento, not
//   active), and reopened or deleted, it gives the employee back;
// - the relatives' names follow the dialog's rules (src/domain/dialog.ts: commas split, trimmed,
//   empties dropped, duplicates removed) and are kept only while 'Tem familiar?' is on.
import { addRelativeNames } from '../../domain/dialog.js';
import type { Queryable } from '../db/index.js';
import type { Actor, ResourceHooks, ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';

export const PERSONNEL_MSG = {
  positionDepartment: 'O cargo não pertence a este departamento.',
  beforeAdmission: 'A data do desligamento não pode ser anterior à admissão.',
  hrOnly: 'Somente o RH aprova ou conclui um desligamento.',
  dismissed: 'Este funcionário já foi desligado.',
  relativesRequired: 'Informe o nome completo de pelo menos um familiar.',
} as const;

const pick = (values: Record<string, unknown>, existing: Record<string, any> | null, field: string) =>
  field in values ? values[field] : existing?.[field];

async function one<T extends Record<string, any>>(tx: Queryable, sql: string, params: unknown[]): Promise<T | undefined> {
  return (await tx.query<T>(sql, params)).rows[0];
}

export const employeeHooks: ResourceHooks = {
  // The user, department and work city of the employee's provider: the schema's sameProvider.
  async beforeWrite({ tx, values, existing }) {
    if (!values) return;
    const department = pick(values, existing, 'id_departamento');
    const position = pick(values, existing, 'id_cargo');
    if (typeof position !== 'number' || typeof department !== 'number') return;
    const row = await one<{ id_departamento: number }>(tx, 'SELECT s.id_departamento FROM rh.cargo c JOIN rh.setor s ON s.id = c.id_setor WHERE c.id = $1', [position]);
    if (row && row.id_departamento !== department) throw new ValidationError({ id_cargo: PERSONNEL_MSG.positionDepartment }, PERSONNEL_MSG.positionDepartment);
  },
};

/** Whether the actor may decide dismissals: the superadmin, or an rh gestor or solicitante. */
async function decidesDismissals(tx: Queryable, actor: Actor): Promise<boolean> {
  if (actor.userId === null) return true;
  const row = await one<{ papeis: string[] }>(tx, 'SELECT papeis FROM auth.usuario WHERE id = $1', [actor.userId]);
  const roles = row?.papeis ?? [];
  return roles.includes('users:superadmin') || roles.includes('rh:gestor') || roles.includes('rh:solicitante');
}

const DECIDED = new Set(['aprovado', 'concluido']);

export const shutdownHooks: ResourceHooks = {
  async beforeWrite({ tx, actor, operation, values, existing }) {
    if (operation === 'create' && values) values.id_usuario = actor.userId;
    if (!values) return;
    const status = String(pick(values, existing, 'status') ?? 'solicitado');
    const statusChanged = operation === 'create' ? status !== 'solicitado' : 'status' in values && values.status !== existing?.status;
    const touchesDecided = operation === 'update' && existing && DECIDED.has(existing.status);
    if (((statusChanged && DECIDED.has(status)) || touchesDecided) && !(await decidesDismissals(tx, actor))) {
      throw new ValidationError({ status: PERSONNEL_MSG.hrOnly }, PERSONNEL_MSG.hrOnly);
    }
    const employee = pick(values, existing, 'id_funcionario');
    const date = pick(values, existing, 'data_desligamento');
    if (typeof employee === 'number' && typeof date === 'string') {
      const row = await one<{ data_admissao: string; data_desligamento: string | null }>(
        tx,
        "SELECT to_char(data_admissao, 'YYYY-MM-DD') AS data_admissao, to_char(data_desligamento, 'YYYY-MM-DD') AS data_desligamento FROM rh.funcionario WHERE id = $1",
        [employee],
      );
      if (row && date < row.data_admissao) throw new ValidationError({ data_desligamento: PERSONNEL_MSG.beforeAdmission }, PERSONNEL_MSG.beforeAdmission);
      // Another dismissal concluded the employee already.
      if (row?.data_desligamento && operation === 'create') throw new ValidationError({ id_funcionario: PERSONNEL_MSG.dismissed }, PERSONNEL_MSG.dismissed);
    }
  },
  async afterWrite({ tx, operation, row, existing }) {
    const wasConcluded = existing?.status === 'concluido';
    const isConcluded = operation !== 'delete' && row.status === 'concluido';
    if (isConcluded) {
      await tx.query('UPDATE rh.funcionario SET data_desligamento = $2, ativo = false WHERE id = $1', [row.id_funcionario, row.data_desligamento]);
      if (wasConcluded && existing!.id_funcionario !== row.id_funcionario) {
        await tx.query('UPDATE rh.funcionario SET data_desligamento = NULL, ativo = true WHERE id = $1', [existing!.id_funcionario]);
      }
    } else if (wasConcluded) {
      await tx.query('UPDATE rh.funcionario SET data_desligamento = NULL, ativo = true WHERE id = $1', [existing!.id_funcionario]);
    }
  },
  databaseError(error) {
    // The one open dismissal per employee (desligamento_aberto_key).
    if ((error as { constraint?: string })?.constraint === 'desligamento_aberto_key') {
      return new ValidationError({ id_funcionario: 'Este funcionário já tem um desligamento em aberto.' }, 'Este funcionário já tem um desligamento em aberto.');
    }
    return null;
  },
};

export const familyHooks: ResourceHooks = {
  async beforeWrite({ values, existing }) {
    if (!values) return;
    const on = Boolean(pick(values, existing, 'tem_familiar'));
    const names = pick(values, existing, 'familiares');
    const clean = Array.isArray(names) ? addRelativeNames([], names.map(String).join(',')) : [];
    if (!on) {
      if ('familiares' in values || 'tem_familiar' in values) values.familiares = [];
      return;
    }
    if (!clean.length) throw new ValidationError({ familiares: PERSONNEL_MSG.relativesRequired }, PERSONNEL_MSG.relativesRequired);
    if ('familiares' in values) values.familiares = clean;
  },
  databaseError(error) {
    if ((error as { constraint?: string })?.constraint === 'familiar_nomes') {
      return new ValidationError({ familiares: PERSONNEL_MSG.relativesRequired }, PERSONNEL_MSG.relativesRequired);
    }
    return null;
  },
};

export function registerPersonnelHooks(service: ResourceService) {
  service.hooks.set('employees', employeeHooks);
  service.hooks.set('shutdowns', shutdownHooks);
  service.hooks.set('family', familyHooks);
}
