// /supplies/items (Equipamentos): every unit of the caller's providers and where it is (schemas/
// suprimentos/supply-items.json, suprimentos.item). The register is internal (only the movement
// registers move a unit, through src/server/supplies/ledger.ts), so it has no generated screens: this
// page draws its generated list, read-only; each row leads to the unit's place and history
// (/supplies/lookup/{patrimônio or serial}, the rowLinks of index.tsx). A place comes in the address
// (?filter={"local":"cliente"}: the home's figures), which the filters bar shows and clears.
import { AccessDenied, configByResource, ResourceListScreen as ResourceList } from '../../src/admin/pages.js';
import { TEXTS as T } from './texts.js';

export const ITEMS = 'supply-items';

export default function Items() {
  const config = configByResource.get(ITEMS);
  if (!config) return <AccessDenied title={T.itemsTitle} />;
  return <ResourceList config={config} />;
}
