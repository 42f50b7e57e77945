// Roles as people read them (a list whose items have `"format": "role"`: the users' and the access
// profiles' papeis): 'Gestor de RH' for rh:gestor (roleLabel), with the code in the chip's tooltip.
// The input offers the roles the signed-in manager may grant, named the same way; the stored value
// stays the code.
import { Chip, createFilterOptions } from '@mui/material';
import { TextArrayInput } from 'react-admin';
import { canGrantRole, roleLabel, SUPERADMIN, USERS_GESTOR, KNOWN_MODULES } from '../../domain/roles.js';
import { searchKey } from '../../domain/municipalities.js';
import { useSession } from '../core/session.js';
import { resourceConfigs } from './registry.js';
import type { PropertySchema } from '../core/schemas.js';
import type { Validator } from './validation.js';

/** Whether a property holds a role, or a list of roles. */
export const isRoleProperty = (p: PropertySchema | undefined) =>
  p?.format === 'role' || (p?.items as { format?: string } | undefined)?.format === 'role';

/** A role as a chip: its name, the code in the tooltip. */
export function RoleChip({ role, ...props }: { role: string } & Omit<Parameters<typeof Chip>[0], 'label' | 'title'>) {
  return <Chip size="small" {...props} label={roleLabel(role)} title={role} />;
}

const LEVELS = ['gestor', 'solicitante', 'leitor'] as const;

/**
 * The roles someone holding `actorRoles` may grant, that `pattern` (the items' pattern of the
 * schema) accepts: the superadmin's, the users administrator's, each module's levels (modules of
 * section 6 and of the schemas, ordered by name) and the plain 'user'.
 */
export function roleOptions(actorRoles: readonly string[], pattern?: string): string[] {
  const modules = [...new Set([...KNOWN_MODULES, ...resourceConfigs.flatMap((c) => [c.module, ...c.alsoModules])])]
    .filter((m) => m !== 'users' && m !== 'configuracao')
    .sort((a, b) => roleLabel(`${a}:gestor`).localeCompare(roleLabel(`${b}:gestor`), 'pt-BR'));
  const all = [SUPERADMIN, USERS_GESTOR, ...modules.flatMap((m) => LEVELS.map((l) => `${m}:${l}`)), 'user'];
  const accepts = pattern ? new RegExp(pattern, 'u') : null;
  return all.filter((role) => (!accepts || accepts.test(role)) && canGrantRole(actorRoles, role));
}

/** Typing finds a role by its name or its code (case and accents aside). */
const filterRoles = createFilterOptions<string>({ stringify: (role) => `${roleLabel(role)} ${role}` });

/** A role typed by its name ('Gestor de RH') is stored by its code. */
const toCode = (options: readonly string[]) => (values: unknown) =>
  Array.isArray(values)
    ? values.map((v) => {
        const text = String(v).trim();
        return options.find((role) => searchKey(roleLabel(role)) === searchKey(text)) ?? text;
      })
    : values;

export interface RoleArrayInputProps {
  source: string;
  label: string;
  validate: Validator[];
  helperText: string | false;
  property: PropertySchema;
}

/** The roles of a record: chips by name, options by name, codes stored (other codes may still be typed). */
export function RoleArrayInput({ source, label, validate, helperText, property }: RoleArrayInputProps) {
  const actorRoles = useSession()?.roles ?? [];
  const options = roleOptions(actorRoles, (property.items as { pattern?: string } | undefined)?.pattern);
  return (
    <TextArrayInput
      source={source}
      label={label}
      validate={validate}
      helperText={helperText}
      fullWidth
      options={options}
      getOptionLabel={(role) => roleLabel(String(role))}
      filterOptions={filterRoles}
      filterSelectedOptions
      parse={toCode(options)}
      renderValue={(values, getItemProps) =>
        (values as readonly string[]).map((role, index) => {
          const { key, ...chipProps } = getItemProps({ index });
          return <RoleChip key={key} role={role} {...chipProps} />;
        })
      }
    />
  );
}
