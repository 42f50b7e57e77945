// The lead imports' own pt-BR texts (the spec's are in MSG: 'Formato do arquivo não permitido!',
// 'Nenhuma lead selecionada.', ...).
import { sizeText } from '../spreadsheets/cells.js';

const TEMPLATE = 'Use o modelo (botão de download do cadastro): nome, cpf, telefone.';
const thousands = (n: number) => n.toLocaleString('pt-BR');

export const IMPORT_MSG = {
  empty: 'O arquivo está vazio.',
  headerOnly: 'O arquivo não tem linhas de dados.',
  missingName: `A primeira linha do arquivo (o cabeçalho) não tem a coluna nome. ${TEMPLATE}`,
  missingContact: `A primeira linha do arquivo (o cabeçalho) não tem a coluna cpf nem a coluna telefone. ${TEMPLATE}`,
  tooManyRows: (max: number) => `O arquivo tem mais de ${thousands(max)} linhas de dados; divida-o em arquivos menores.`,
  malformedCsv: (line: number, reason: string) => `Não foi possível ler o arquivo CSV na linha ${line}: ${reason}.`,
  tooLarge: (max: number) => `O arquivo ultrapassa o limite de ${sizeText(max)}.`,
  tooHeavy: 'A planilha é grande demais para ser lida de uma vez: divida-a em arquivos menores ou salve-a como CSV.',
  immutable: 'Uma importação não pode ser alterada: exclua-a e importe o arquivo de novo.',
  rowHasLead: 'Esta linha já virou lead e não pode mais ser alterada.',
  otherImport: 'Uma linha não pode mudar de importação.',
  leadsChanged: 'Leads do provedor foram excluídas enquanto o arquivo era importado: importe o arquivo de novo.',
  loading: 'Esta importação ainda está sendo carregada: aguarde o fim da leitura do arquivo.',
  creatingLeads: 'As leads desta importação estão sendo criadas: aguarde o fim da criação.',
  fixRowFirst: 'Corrija os problemas da linha antes de selecioná-la.',
  editNeedsRow: 'Para alterar nome, telefone ou CPF, indique a linha (where.id).',
  whereRequired: 'Indique as linhas (where.id) ou a importação inteira (where.id_importacao_evento).',
  alreadyCreated: 'Todas as leads selecionadas já foram criadas.',
  created: (n: number, skipped: number) =>
    `${n} ${n === 1 ? 'lead criada' : 'leads criadas'}.` +
    (skipped ? ` ${skipped} ${skipped === 1 ? 'pessoa já era lead' : 'pessoas já eram leads'} do provedor e não ${skipped === 1 ? 'foi criada' : 'foram criadas'} de novo.` : ''),
  removed: (n: number) => `${n} ${n === 1 ? 'lead removida' : 'leads removidas'}.`,
  moved: (n: number) =>
    `Não é possível desfazer: ${n} ${n === 1 ? 'lead desta importação já saiu' : 'leads desta importação já saíram'} do status Novo ou ${n === 1 ? 'tem' : 'têm'} vendedor.`,
  imported: (total: number, problems: number, duplicates: number, customers: number) =>
    `${total} ${total === 1 ? 'registro importado' : 'registros importados'}: ${problems} com problemas, ${duplicates} duplicados, ${customers} clientes.`,
} as const;
