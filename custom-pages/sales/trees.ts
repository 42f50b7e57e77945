// The two mirrored sales trees of the route map (foundation document, section 2): /sales/internal
// (the internal sales team's leads, equipe 'interna') and /sales/external (the field sellers',
// equipe 'externa'), each with its home, its lead lists, its blocklist and its reports. Kept apart
// from the cards (no icons) so the small pages that need the names load little.

export type Tree = 'internal' | 'external';
export const TREES: Tree[] = ['internal', 'external'];

export const TREE_TITLES: Record<Tree, string> = { internal: 'Vendas internas', external: 'Vendas externas' };

export const homePath = (tree: Tree) => `/sales/${tree}/home`;

/** The lead lists of a tree: aliases of the leads register with a permanent filter each (schemas/vendas/leads.json). */
export const LEAD_LISTS: { name: string; title: string }[] = [
  { name: 'leads', title: 'Leads' },
  { name: 'upgrade', title: 'Upgrade' },
  { name: 'downgrade', title: 'Downgrade' },
  { name: 'blocklist', title: 'Blocklist' },
  { name: 'excluded', title: 'Excluídos' },
  { name: 'inactivated', title: 'Inativados' },
  { name: 'unfeasible', title: 'Inviáveis' },
  { name: 'without-coverage', title: 'Sem cobertura' },
  { name: 'overdue', title: 'Inadimplentes' },
  { name: 'wrong', title: 'Errados' },
];

export const leadListPath = (tree: Tree, name: string) => `/sales/${tree}/${name}/list`;

/** The tree's blocklist register (an alias of /blacklist). */
export const blocklistPath = (tree: Tree) => `/sales/${tree}/basic-configurations/blocklist/list`;

/**
 * The sales reports of the route map, by their path under /sales/{tree}/reports (a later issue
 * builds them; until then each opens the "not available yet" page).
 */
export const REPORTS: { path: string; title: string }[] = [
  { path: 'history-conversion', title: 'Histórico de Conversão' },
  { path: 'products-best-sellers', title: 'Produtos Mais Vendidos' },
  { path: 'campaigns/list', title: 'Campanhas' },
  { path: 'channels', title: 'Canais' },
  { path: 'city', title: 'Cidades' },
  { path: 'dashboard', title: 'Dashboard' },
  { path: 'sellers', title: 'Vendedores' },
  { path: 'without-coverage', title: 'Sem Cobertura' },
  { path: 'unfeasibility', title: 'Inviabilidade' },
  { path: 'profile/list', title: 'Perfil' },
];

export const reportPath = (tree: Tree, path: string) => `/sales/${tree}/reports/${path}`;

/** The report a path under /sales/{tree}/reports/ belongs to (its first segment: campaigns/details/... is the campaigns report). */
export function reportOf(rest: string): { path: string; title: string } | undefined {
  const first = rest.split('/')[0];
  return REPORTS.find((r) => r.path.split('/')[0] === first);
}

/** The tree a pathname belongs to. */
export const treeOf = (pathname: string): Tree => (pathname.startsWith('/sales/external') || pathname.startsWith('/leads/external') ? 'external' : 'internal');

/** The field form's route (foundation document, section 2: /leads/external/register/{cpf?}/{cep?}). */
export const EXTERNAL_REGISTER_PATH = '/leads/external/register';
