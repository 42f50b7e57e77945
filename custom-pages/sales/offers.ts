// Which campaigns and channels a provider uses: each carries one flag per provider of the group
// (bitcom, razao, vetorial: 'BIT', 'RZN', 'VET'), and a provider is known by its name (Bitcom,
// RazãoInfo, Vetorial; accent- and case-insensitive, as the marketing document's filters match it).
import { flagOfProvider } from '../../src/domain/salesFlags.js';

/** The flag field of a provider's name ('RazãoInfo' -> 'razao'), or null for a provider without one. */
export function providerFlag(nome: unknown): string | null {
  return typeof nome === 'string' ? flagOfProvider(nome) : null;
}

/**
 * The list filter of the campaigns or channels a provider's lead may come from: the active ones whose
 * flag for that provider is on (only active ones when the provider has no flag, or none is chosen yet).
 */
export function offersFilter(providerName: unknown, fields: readonly string[]): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  if (fields.includes('ativo')) filter.ativo = true;
  const flag = providerFlag(providerName);
  if (flag && fields.includes(flag)) filter[flag] = true;
  return filter;
}
