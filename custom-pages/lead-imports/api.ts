// The lead imports' v1 calls (marketing document, section 7 "Lead imports"; src/server/v1/leadImports.ts):
// saving the selection, creating the selected rows' leads and undoing them, and the two downloads
// (the register's template, an import's per-row report). Role areas: the participants' (vendas, then
// marketing).
import { ApiError, type Areas, configByResource, downloadNamed, saveBlob, v1Json } from '../../src/admin/pages.js';
import { PARTICIPANTS, TEMPLATE_NAME } from './texts.js';

const areas = (): Areas => {
  const config = configByResource.get(PARTICIPANTS);
  return config ? [config.module, ...config.alsoModules] : ['vendas', 'marketing'];
};

/** One update of PUT v1/lead/importacao/clientes: rows by id (or a whole import) and what they become. */
export interface ParticipantUpdate {
  where: { id?: { _eq: number } | { _in: number[] }; id_importacao_evento?: { _eq: number } };
  _set: { lead?: boolean; nome?: string; telefone?: string; cpf?: string };
}

/** The server's text of a refused call, also when it answers inside the spec's response name ({ criaLeadImportada: { message } }). */
export function refusalText(error: unknown, responseName?: string): unknown {
  if (error instanceof ApiError && responseName) {
    const inner = (error.body as Record<string, { message?: unknown } | undefined> | null)?.[responseName]?.message;
    if (typeof inner === 'string' && inner) return { message: inner };
  }
  return error;
}

export function updateParticipants(updates: ParticipantUpdate[]) {
  return v1Json<{ update_vendas_lead_participante_many: { affected_rows: number }[] }>('/v1/lead/importacao/clientes', {
    method: 'PUT',
    body: JSON.stringify(updates),
    module: areas(),
  });
}

/** Selects (or unselects) one row. */
export const selectRow = (id: number, lead: boolean) => updateParticipants([{ where: { id: { _eq: id } }, _set: { lead } }]);

/** Selects every selectable row of the import (the server leaves out rows with problems, duplicates and restricted ones) or unselects them all. */
export const selectAll = (importId: number, lead: boolean) => updateParticipants([{ where: { id_importacao_evento: { _eq: importId } }, _set: { lead } }]);

export interface Outcome {
  status: 'success' | 'error';
  message: string;
}

/** POST v1/lead/importacao/mk: the leads of the import's selected rows not yet created. */
export async function createLeads(importId: number) {
  try {
    const json = await v1Json<{ criaLeadImportada: Outcome & { criadas?: number } }>('/v1/lead/importacao/mk', {
      method: 'POST',
      body: JSON.stringify({ lead: true, id_importacao_evento: importId }),
      module: areas(),
    });
    return json.criaLeadImportada;
  } catch (error) {
    throw refusalText(error, 'criaLeadImportada');
  }
}

/** POST v1/lead/importacao/{id}/desfazer: removes the leads the import created (refused once one moved in the funnel). */
export async function undoLeads(importId: number) {
  try {
    const json = await v1Json<{ desfazLeadsImportadas: Outcome & { removidas?: number } }>(`/v1/lead/importacao/${importId}/desfazer`, { method: 'POST', module: areas() });
    return json.desfazLeadsImportadas;
  } catch (error) {
    throw refusalText(error, 'desfazLeadsImportadas');
  }
}

/** The register's template spreadsheet, saved as modelo_importacao_leads.xlsx. */
export async function downloadTemplate() {
  const { blob } = await downloadNamed('/v1/lead/importacao/modelo', TEMPLATE_NAME, areas());
  saveBlob(blob, TEMPLATE_NAME);
}

/** An import's per-row report (line, field, reason), a ';' CSV, under the server's name. */
export async function downloadReport(importId: number) {
  const { blob, name } = await downloadNamed(`/v1/lead/importacao/${importId}/relatorio`, `relatorio_importacao_${importId}.csv`, areas());
  saveBlob(blob, name);
}
