// /marketing/tracking-link/list: the generated list of the links (Criação, Provedor, Campanha, Canal,
// Usuário, Cliques; Copiar Link, Estatísticas, QR Code, Editar) under the spec's banner about new
// destinations.
import { Alert } from '@mui/material';
import { AccessDenied, configByResource, ResourceListScreen as ResourceList } from '../../src/admin/pages.js';
import { LINKS, TEXTS } from './texts.js';

export default function LinkList() {
  const config = configByResource.get(LINKS);
  if (!config) return <AccessDenied title={TEXTS.listTitle} />;
  return (
    <ResourceList
      config={config}
      banner={
        <Alert severity="info" sx={{ mb: 2 }}>
          {TEXTS.listBanner}
        </Alert>
      }
    />
  );
}
