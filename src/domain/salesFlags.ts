// The provider flags of the sales campaigns and channels (vendas_campanha, vendas_canal): which of the
// group's providers uses a campaign or channel. The marketing screens filter by the provider's name
// ("ativo true, plus an equality flag when the provider name matches Bitcom, RazãoInfo or Vetorial";
// channels by filtro.sistema, the provider's label), so a name is read here as its flag.
// Pure: the server's v1 filters and the admin's provider-flag selects (providerFlagFilter, src/admin/generator/dependent.ts) read it alike.

export const PROVIDER_FLAGS = [
  { flag: 'bitcom', label: 'Bitcom', names: ['bitcom'] },
  { flag: 'razao', label: 'RazãoInfo', names: ['razaoinfo', 'razao'] },
  { flag: 'vetorial', label: 'Vetorial', names: ['vetorial'] },
] as const;

export type ProviderFlag = (typeof PROVIDER_FLAGS)[number]['flag'];

/** 'RazãoInfo', 'razao info', 'RAZAOINFO' -> 'razaoinfo'. */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The flag of a provider's name or label (accent-, case- and space-insensitive), or null for any other name. */
export function flagOfProvider(name: string): ProviderFlag | null {
  const folded = fold(name);
  return PROVIDER_FLAGS.find((f) => (f.names as readonly string[]).includes(folded))?.flag ?? null;
}
