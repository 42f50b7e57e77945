// /squads/inventories/list: every squad's counts (schemas/suprimentos/inventories.json, an internal
// register: only the inventory's calls write it), newest first, each row leading to its squad's
// inventory page (/squads/inventory/{id_equipe}). Read-only: the generated list of the register.
import { AccessDenied, configByResource, ResourceListScreen as ResourceList } from '../../src/admin/pages.js';

export const INVENTORIES = 'squad-inventories';

export default function InventoryList() {
  const config = configByResource.get(INVENTORIES);
  if (!config) return <AccessDenied title="Inventários das equipes" />;
  return <ResourceList config={config} />;
}
