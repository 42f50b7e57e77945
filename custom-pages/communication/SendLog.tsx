// /marketing/communication-scale-sends/list: the dispatcher's send log (schemas/comunicacao/
// communication-sends.json), one row per rule, customer, channel and day with its outcome. The
// register is internal (only the dispatcher writes it), so it has no generated screens: this page
// draws its generated list, read-only. A campaign's (or a rule's) log comes with its filter in the
// address (?filter={"campanha_id":1}: the preview's link), which the filters bar shows and clears.
import { AccessDenied, configByResource, ResourceListScreen as ResourceList } from '../../src/admin/pages.js';

export const SENDS = 'communication-sends';

export default function SendLog() {
  const config = configByResource.get(SENDS);
  if (!config) return <AccessDenied title="Envios da régua de comunicação" />;
  return <ResourceList config={config} />;
}
