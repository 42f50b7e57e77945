// The fleet's texts and rules shared by the server and the screens: the hooks' messages, the fleet
// home's figures, the reminders' thresholds and texts, and the fine responsibility term's content (the
// printable page and the PDF say the same words: both are built from fineTerm()).
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE, businessDate } from './communicationDates.js';
import { formatBRL, formatDate } from './format.js';

export const FLEET_MSG = {
  driverProvider: 'O motorista precisa ser do mesmo provedor do veículo.',
  inactiveRentalCompany: 'Esta locadora está desativada: escolha uma locadora ativa.',
  termNotFound: 'Termo não encontrado: a multa, o motorista ou a placa não conferem.',
  termNoDriver: 'Indique o motorista responsável na multa para gerar o termo.',
};

/** Days before a CNH or a rental contract ends, and before a fine is due, at which the fleet managers are told. */
export const REMINDER_DAYS = { cnh: [30, 7], locacao: [30, 7], multa: [5] } as const;
export type ReminderKind = keyof typeof REMINDER_DAYS;

/** The fine statuses still to be paid (the fleet home's 'Multas a pagar', the due-date reminders). */
export const OPEN_FINE_STATUSES = ['a_identificar', 'indicado'] as const;

const days = (n: number) => (n === 1 ? '1 dia' : `${n} dias`);

/** A reminder's bell title and text, and the e-mail's subject. */
export function reminderText(kind: ReminderKind, item: { nome?: string | null; placa?: string | null; data: string; valor?: number | null }, daysLeft: number) {
  const when = `${formatDate(item.data)} (${daysLeft <= 0 ? 'hoje' : `em ${days(daysLeft)}`})`;
  switch (kind) {
    case 'cnh':
      return { title: 'CNH a vencer', message: `A CNH de ${item.nome ?? 'um motorista'} vence em ${when}.` };
    case 'locacao':
      return { title: 'Contrato de locação a vencer', message: `O contrato de locação do veículo ${item.placa ?? ''} termina em ${when}.` };
    case 'multa':
      return { title: 'Multa a vencer', message: `A multa do veículo ${item.placa ?? ''} (${formatBRL(item.valor ?? 0)}) vence em ${when}.` };
  }
}

/** An instant as 'DD/MM/AAAA às HH:MM' in São Paulo. */
export const formatInstantBR = (instant: string | Date) => format(new Date(instant), "dd/MM/yyyy 'às' HH:mm", { in: tz(BUSINESS_TIME_ZONE) });

export interface FineTermData {
  multa: {
    id: number;
    data_hora: string;
    local: string;
    auto_infracao: string | null;
    codigo_infracao: string;
    descricao_infracao: string;
    gravidade: string;
    pontos: number;
    valor: number;
    vencimento: string | null;
  };
  veiculo: { placa: string; marca: string; modelo: string; ano: number };
  motorista: { id: number; nome: string; cnh_numero: string; cnh_categoria: string; cnh_validade: string };
  provedor: { nome: string };
}

const GRAVIDADE: Record<string, string> = { leve: 'leve', media: 'média', grave: 'grave', gravissima: 'gravíssima' };

export interface FineTerm {
  title: string;
  /** Label and value pairs, in three blocks. */
  blocks: { title: string; rows: [string, string][] }[];
  paragraphs: string[];
  /** 'Local e data' line and the signatures' captions. */
  place: string;
  signatures: string[];
}

/** The driver's fine responsibility term (route /fleet/fines/term/{id}/{idDriver}/{vehiclePlate} and its PDF). */
export function fineTerm(d: FineTermData, today: Date = new Date()): FineTerm {
  const { multa, veiculo, motorista, provedor } = d;
  const infracao = `${multa.codigo_infracao} – ${multa.descricao_infracao}`;
  return {
    title: 'TERMO DE RESPONSABILIDADE POR INFRAÇÃO DE TRÂNSITO',
    blocks: [
      {
        title: 'Motorista',
        rows: [
          ['Nome', motorista.nome],
          ['CNH nº', motorista.cnh_numero],
          ['Categoria', motorista.cnh_categoria],
          ['Validade da CNH', formatDate(motorista.cnh_validade)],
        ],
      },
      {
        title: 'Veículo',
        rows: [
          ['Placa', veiculo.placa],
          ['Marca / modelo', `${veiculo.marca} ${veiculo.modelo} (${veiculo.ano})`],
          ['Provedor', provedor.nome],
        ],
      },
      {
        title: 'Infração',
        rows: [
          ['Data e hora', formatInstantBR(multa.data_hora)],
          ['Local', multa.local],
          ['Auto de infração', multa.auto_infracao || 'Não informado'],
          ['Infração (CTB)', infracao],
          ['Gravidade e pontos', `${GRAVIDADE[multa.gravidade] ?? multa.gravidade}, ${multa.pontos} ${multa.pontos === 1 ? 'ponto' : 'pontos'}`],
          ['Valor', formatBRL(multa.valor)],
          ['Vencimento', multa.vencimento ? formatDate(multa.vencimento) : 'Não informado'],
        ],
      },
    ],
    paragraphs: [
      `Eu, ${motorista.nome}, portador(a) da CNH nº ${motorista.cnh_numero}, categoria ${motorista.cnh_categoria}, declaro que conduzia o veículo de placa ${veiculo.placa} (${veiculo.marca} ${veiculo.modelo}), do provedor ${provedor.nome}, em ${formatInstantBR(multa.data_hora)}, no local ${multa.local}, quando foi registrada a infração ${infracao}.`,
      'Assumo a responsabilidade por essa infração e autorizo a minha indicação como condutor(a) junto ao órgão autuador, nos termos do art. 257, § 7º, do Código de Trânsito Brasileiro, ciente de que os pontos serão lançados no meu prontuário.',
      `Estou ciente de que o valor da multa, ${formatBRL(multa.valor)}, poderá ser descontado dos meus vencimentos, conforme o art. 462, § 1º, da CLT e a política de uso de veículos da empresa.`,
    ],
    place: `Local e data: ____________________________, ${formatDate(businessDate(today))}`,
    signatures: [`${motorista.nome} (motorista)`, 'Gestor(a) da frota'],
  };
}

/** The PDF's file name: termo-multa-<id>-<placa>.pdf. */
export const fineTermFileName = (id: number, placa: string) => `termo-multa-${id}-${placa.replace(/[^A-Za-z0-9]/g, '')}.pdf`;
