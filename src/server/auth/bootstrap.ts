// First start: the superadmin from ADMIN_EMAIL/ADMIN_PASSWORD when no user exists; with SEED_DEMO,
// one user per typical role (listed with their passwords in the README).
import { SUPERADMIN } from '../../domain/roles.js';
import type { Database } from '../db/index.js';
import { insertRow, SYSTEM, type ResourceService } from '../resources/service.js';
import { validateRecord } from '../schemas/validation.js';
import type { IdentityService } from './identity.js';

export const DEFAULT_ADMIN = { email: 'admin@intranet.local', password: 'Intranet#Admin2026' };
export const DEMO_PASSWORD = 'Intranet#Demo2026';

/** Creates a user with a known, already active password (no temporary-password e-mail). */
export async function createUserWithPassword(
  db: Database,
  service: ResourceService,
  identity: IdentityService,
  user: Record<string, unknown>,
  password: string,
) {
  const def = service.get('users');
  const values = validateRecord(def, user, 'create');
  return service.write(SYSTEM, async (tx) => {
    const row = await insertRow(tx, def, values);
    await identity.setPassword(tx, row.id, password);
    return row;
  });
}

export async function ensureSuperadmin(db: Database, service: ResourceService, identity: IdentityService, email: string, password: string) {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM auth.usuario');
  if (rows[0].n > 0) return null;
  return createUserWithPassword(db, service, identity, { email, nome: 'Superadmin', papeis: [SUPERADMIN], funcionario: true }, password);
}

export const DEMO_USERS: { email: string; nome: string; papeis: string[]; provider: string | null; funcionario: boolean; cargo?: string }[] = [
  { email: 'gestor.rh@bitcom.com.br', nome: 'Helena Gestora RH', papeis: ['rh:gestor', 'onboarding:gestor', 'users:gestor', 'user'], provider: 'Bitcom', funcionario: true, cargo: 'Analista de DP' },
  { email: 'leitor.rh@bitcom.com.br', nome: 'Lucas Leitor RH', papeis: ['rh:leitor', 'onboarding:leitor', 'user'], provider: 'Bitcom', funcionario: true, cargo: 'Assistente de DP' },
  { email: 'solicitante@razaoinfo.com.br', nome: 'Sofia Solicitante', papeis: ['onboarding:solicitante', 'rh:solicitante', 'banco_talentos:solicitante', 'user'], provider: 'RazãoInfo', funcionario: true, cargo: 'Analista de Recrutamento' },
  { email: 'gestor.vendas@vetorial.net', nome: 'Vitor Gestor de Vendas', papeis: ['vendas:gestor', 'marketing:gestor', 'regua_comunicacao:gestor', 'roulette:gestor', 'user'], provider: 'Vetorial', funcionario: true, cargo: 'Supervisor de Vendas' },
  { email: 'vendedor@vetorial.net', nome: 'Valéria Vendedora', papeis: ['vendas:solicitante', 'user'], provider: 'Vetorial', funcionario: true, cargo: 'Vendedor Externo' },
  { email: 'leitor.marketing@razaoinfo.com.br', nome: 'Marcos Leitor de Marketing', papeis: ['marketing:leitor', 'vendas:leitor', 'regua_comunicacao:leitor', 'roulette:leitor', 'user'], provider: 'RazãoInfo', funcionario: true, cargo: 'Analista de Marketing' },
  { email: 'gestor.frota@bitcom.com.br', nome: 'Fernanda Gestora de Frota', papeis: ['frota:gestor', 'user'], provider: 'Bitcom', funcionario: true },
  { email: 'almoxarifado@bitcom.com.br', nome: 'Amanda do Almoxarifado', papeis: ['suprimentos:gestor', 'user'], provider: 'Bitcom', funcionario: true },
  { email: 'funcionario@bitcom.com.br', nome: 'Fábio Funcionário', papeis: ['user'], provider: 'Bitcom', funcionario: true, cargo: 'Técnico de Suporte N1' },
  { email: 'candidato@email.com', nome: 'Carla Candidata', papeis: ['user'], provider: null, funcionario: false },
];

export async function seedDemoUsers(db: Database, service: ResourceService, identity: IdentityService) {
  for (const u of DEMO_USERS) {
    const exists = await db.query('SELECT 1 FROM auth.usuario WHERE lower(email) = lower($1)', [u.email]);
    if (exists.rows.length) continue;
    const provider = u.provider ? (await db.query<{ id: number }>('SELECT id FROM rh.empresa WHERE nome = $1', [u.provider])).rows[0]?.id : undefined;
    const cargo = u.cargo && provider
      ? (
          await db.query<{ id: number }>(
            `SELECT c.id FROM rh.cargo c JOIN rh.setor s ON s.id = c.id_setor JOIN rh.departamento d ON d.id = s.id_departamento
              WHERE c.nome = $1 AND d.id_empresa = $2 LIMIT 1`,
            [u.cargo, provider],
          )
        ).rows[0]?.id
      : undefined;
    await createUserWithPassword(
      db,
      service,
      identity,
      { email: u.email, nome: u.nome, papeis: u.papeis, funcionario: u.funcionario, id_empresas: provider ? [provider] : [], id_cargo: cargo ?? null },
      DEMO_PASSWORD,
    );
  }
}
