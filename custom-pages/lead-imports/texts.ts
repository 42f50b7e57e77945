// The lead imports' routes, resources and texts, shared by the feature's entry (index.tsx, in the
// first bundle: kept light) and its screens.

export const IMPORTS = 'lead-imports';
export const PARTICIPANTS = 'lead-import-participants';
export const LEADS = 'leads';

/** ImportsLeadsList and ImportsLeadsFileList (query id = the import's id). */
export const IMPORT_LIST_PATH = '/marketing/imports-leads/list';
export const FILE_LIST_PATH = '/marketing/imports-leads/file/list';
export const fileListPath = (importId: string | number) => `${FILE_LIST_PATH}?id=${encodeURIComponent(String(importId))}`;

export const FILE_LIST_TITLE = 'Leads da Importação';
/** The spec's banner: only the selected rows become leads. */
export const SELECTED_ONLY_BANNER = 'Atenção: somente as LEADS SELECIONADAS serão criadas.';
export const CREATE_LEADS = 'Criar Novas Leads';
export const UNDO_LEADS = 'Desfazer leads criadas';
export const UNDO_TITLE = 'Desfazer as leads criadas por esta importação?';
export const UNDO_TEXT =
  'As leads criadas a partir deste arquivo serão removidas do funil e as linhas voltam a aguardar a criação. Só é possível enquanto nenhuma delas avançou no funil.';
export const SELECT_ALL = 'Selecionar todas';
export const CLEAR_SELECTION = 'Limpar seleção';
export const DOWNLOAD_REPORT = 'Baixar relatório';
export const BACK = 'Voltar';
export const FIX_FIRST = 'Corrija os problemas da linha antes de selecioná-la.';
export const ALREADY_CREATED = 'Lead já criada a partir desta linha';
export const DOWNLOADED = 'Arquivo baixado com sucesso!';

/** The register's template (GET /v1/lead/importacao/modelo), under the spec's name. */
export const TEMPLATE_NAME = 'modelo_importacao_leads.xlsx';
export const TEMPLATE_BUTTON = 'Baixar modelo';
export const TEMPLATE_HELP = 'Planilha .csv, .xlsx ou .xls com as colunas nome, cpf e telefone.';
