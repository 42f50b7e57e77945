// Fleet requests (/requests/...): the pt-BR texts of the rules and notifications of the vehicle,
// incident and maintenance requests (src/server/fleet/requests.ts), shared with the screens.

/** The notifications' module of the fleet requests (the notification bell). */
export const FLEET_REQUEST_MODULE = 'frota';

export const VEHICLE_REQUEST_STATUS_LABELS = { pendente: 'Pendente', aprovada: 'Aprovada', recusada: 'Recusada', cancelada: 'Cancelada' } as const;
export type VehicleRequestStatus = keyof typeof VEHICLE_REQUEST_STATUS_LABELS;

/** A reason as a sentence's end: without its own final period (the sentence adds one). */
const clause = (text: string) => text.trim().replace(/[.!]+$/, '');

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as 'DD/MM/AAAA HH:MM' on São Paulo's clock (UTC-3, no daylight saving since 2019). */
export function saoPauloDateTime(value: string | Date): string {
  const d = new Date(new Date(value).getTime() - 3 * 3_600_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A calendar date 'YYYY-MM-DD' as 'DD/MM/AAAA'. */
export function brDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** The day (YYYY-MM-DD) of an instant on São Paulo's calendar. */
export function saoPauloDay(value: string | Date): string {
  return new Date(new Date(value).getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

export const FLEET_REQUEST_MSG = {
  vehicleRequired: 'Escolha o veículo para aprovar a solicitação.',
  driverRequired: 'Escolha o motorista para aprovar a solicitação.',
  reasonRequired: 'Informe o motivo da recusa.',
  workshopRequired: 'Informe a oficina para aprovar a solicitação.',
  vehicleProvider: 'O veículo precisa ser do mesmo provedor da solicitação.',
  vehicleInactive: 'Este veículo está inativo e não pode ser reservado.',
  vehicleReserved: (de: string, ate: string) => `Este veículo já está reservado de ${de} a ${ate}.`,
  vehicleAtWorkshop: (entrada: string, saida: string | null) =>
    saida ? `Este veículo está na oficina de ${entrada} a ${saida}, durante o período.` : `Este veículo está na oficina desde ${entrada} (manutenção em aberto).`,
  driverProvider: 'O motorista precisa ser do mesmo provedor da solicitação.',
  driverInactive: 'Este motorista está inativo.',
  driverCnhExpired: (validade: string) => `A CNH deste motorista vence em ${validade}, antes do fim do período.`,
  noProvider: 'Só colaboradores de um provedor podem fazer solicitações à frota.',
  vehicleOfProviders: 'Escolha um veículo dos seus provedores.',
  alreadyDecided: 'Esta solicitação já foi decidida e não pode mais ser alterada.',
  cannotCancel: 'Só uma solicitação pendente ou aprovada pode ser cancelada.',
  cancelledFinal: 'Uma solicitação cancelada não pode ser alterada.',
  cancelOnlyByCall: 'Para cancelar, use a ação "Cancelar solicitação".',
  decisionSubject: (status: string) => `Sua solicitação de veículo foi ${status.toLowerCase()}`,
} as const;

/** Bell text of a new vehicle request, to the provider's fleet managers. */
export function newVehicleRequestText(nome: string, de: string, ate: string, destino: string) {
  return `${nome} solicitou um veículo de ${de} a ${ate} (destino: ${destino}).`;
}

/** Bell text of a new incident or maintenance request, to the provider's fleet managers. */
export function newFleetReportText(nome: string, kind: 'sinistro' | 'manutencao', placa: string) {
  return kind === 'sinistro' ? `${nome} relatou um sinistro com o veículo ${placa}.` : `${nome} solicitou a manutenção do veículo ${placa}.`;
}

/** Bell text of a decision, to the requester. */
export function vehicleDecisionText(status: 'aprovada' | 'recusada' | 'cancelada', de: string, ate: string, veiculo?: string | null, motivo?: string | null) {
  if (status === 'aprovada') return `Sua solicitação de veículo de ${de} a ${ate} foi aprovada${veiculo ? `: ${veiculo}` : ''}.`;
  if (status === 'cancelada') return `Sua solicitação de veículo de ${de} a ${ate} foi cancelada.`;
  return `Sua solicitação de veículo de ${de} a ${ate} foi recusada${motivo ? `: ${clause(motivo)}` : ''}.`;
}

export function reportDecisionText(kind: 'sinistro' | 'manutencao', status: 'aprovada' | 'recusada', placa: string, motivo?: string | null) {
  const what = kind === 'sinistro' ? `O sinistro relatado com o veículo ${placa}` : `A solicitação de manutenção do veículo ${placa}`;
  if (status === 'aprovada') return kind === 'sinistro' ? `${what} foi aprovado e registrado pela frota.` : `${what} foi aprovada e registrada pela frota.`;
  return kind === 'sinistro' ? `${what} foi recusado${motivo ? `: ${clause(motivo)}` : ''}.` : `${what} foi recusada${motivo ? `: ${clause(motivo)}` : ''}.`;
}

/** Bell text to the fleet manager who approved a request its requester then cancelled. */
export function cancelledText(nome: string, de: string, ate: string) {
  return `${nome} cancelou a solicitação de veículo de ${de} a ${ate}.`;
}
