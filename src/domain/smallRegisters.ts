// The small registers of issue 34: the sales price list (/pricing), the shared resources and their
// bookings (/resources, /resources/bookings) and the public financial page (/financial/home). The
// texts their rules answer, in one place for the server and the screens.
import { saoPauloDateTime } from './fleetRequests.js';

export const PRICING = 'pricing';
export const RESOURCES = 'resources';
export const RESOURCE_BOOKINGS = 'resource-bookings';

export const SMALL_REGISTERS_MSG = {
  promoNotLower: 'A mensalidade promocional deve ser menor que a mensalidade.',
  promoMonthsRequired: 'Informe por quantos meses vale a mensalidade promocional.',
  promoMonthsWithoutPrice: 'Informe a mensalidade promocional ou deixe os meses de promoção em branco.',
  bookingEndAfterStart: 'O fim da reserva deve ser depois do início!',
  inactiveResource: 'Este recurso está desativado e não aceita reservas.',
  /** The same resource is already booked for part of the period (the first such booking). */
  resourceBooked: (start: string | Date, end: string | Date, by?: string | null) =>
    `Este recurso já está reservado de ${saoPauloDateTime(start)} até ${saoPauloDateTime(end)}${by ? ` (${by})` : ''}. Escolha outro horário ou outro recurso.`,
  resourceBookedRace: 'Este recurso acabou de ser reservado para um período que se sobrepõe a este. Escolha outro horário ou outro recurso.',
  tooMany: 'Muitas consultas em pouco tempo. Aguarde um minuto e tente novamente.',
} as const;
