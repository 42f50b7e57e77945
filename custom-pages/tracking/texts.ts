// The tracking links' screen texts (marketing document, sections 2, 5, 8 and 9).
import { TITLES } from './routes.js';

export { AREAS, BASE_PATH, EDIT_PATH, LINKS, LIST_PATH, REGISTER_PATH, STATS_PATH } from './routes.js';

export const TEXTS = {
  listTitle: TITLES.list,
  registerTitle: TITLES.register,
  editTitle: TITLES.edit,
  statsTitle: TITLES.stats,
  listBanner: 'Novos destinos para os links são cadastrados pela equipe de desenvolvimento: se precisar de um destino que não está na lista, solicite à equipe de desenvolvimento.',
  formBanner: 'Caso o cliente deva ser direcionado para outro destino, solicite à equipe de desenvolvimento a criação do novo destino.',
  basicData: 'Dados Básicos',
  shareLink: 'Link de compartilhamento',
  requiredNote: '* campos obrigatórios',
  link: 'Link',
  copyLink: 'Copiar link',
  generate: 'Gerar Link',
  update: 'Atualizar Link',
  back: 'Voltar',
  add: 'Adicionar',
  copied: 'URL copiada com sucesso.',
  generateError: 'Erro ao gerar o link de rastreamento.',
  needLink: 'É necessário gerar o link antes de salvar.',
  // Statistics
  period: 'Período',
  from: 'De',
  to: 'Até',
  qrPng: 'Baixar QR Code (PNG)',
  qrSvg: 'Baixar QR Code (SVG)',
  qrTitle: 'QR Code do link',
  qrHint: 'Os acessos pelo QR code são contados à parte.',
  empty: 'Nenhum clique registrado neste período.',
  loadError: 'Ocorreu algum erro ao carregar os dados!',
  clicksPerDay: 'Cliques por dia',
  devices: 'Dispositivos',
  browsers: 'Navegadores',
  systems: 'Sistemas',
  referrers: 'Principais origens',
  direct: 'Acesso direto',
  humans: 'Pessoas',
  bots: 'Robôs',
  unique: 'Visitantes únicos',
} as const;

/** The totals' cards, in order. */
export const TOTALS: [key: string, label: string, hint: string][] = [
  ['cliques', 'Cliques', 'Todos os acessos ao link'],
  ['humanos', 'Pessoas', 'Acessos de navegadores'],
  ['unicos', 'Visitantes únicos', 'Um por endereço e hora'],
  ['qr', 'Pelo QR code', 'Acessos de pessoas pelo QR code'],
  ['bots', 'Robôs', 'Buscadores e outros robôs'],
  ['previews', 'Pré-visualizações', 'WhatsApp, Facebook e outros apps que mostram o link'],
  ['head', 'Verificações (HEAD)', 'Requisições HEAD'],
];

export const DEVICE_LABELS: Record<string, string> = {
  mobile: 'Celular',
  tablet: 'Tablet',
  desktop: 'Computador',
  smarttv: 'Smart TV',
  console: 'Console',
  wearable: 'Vestível',
  embedded: 'Embarcado',
  bot: 'Robô',
};
