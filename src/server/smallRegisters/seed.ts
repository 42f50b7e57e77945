// The demo data of the small registers of issue 34: a few plans of each demo provider (for the whole
// provider, and one for its first city), each provider's meeting rooms and equipment, and a couple of
// bookings of demo employees from tomorrow on (São Paulo's day). Through the resource service
// (validated, audited; a booking as its booker, so the owner and name are filled as when they book
// themselves); each part runs once (nothing is added when its register has rows).
import { SYSTEM, type Actor, type ResourceService } from '../resources/service.js';
import { todayInSaoPaulo } from '../roulette/service.js';
import { PRICING, RESOURCE_BOOKINGS, RESOURCES } from '../../domain/smallRegisters.js';

type Plan = { nome: string; tecnologia: string; download_mbps: number; upload_mbps: number; valor_mensal: number; valor_promocional?: number; meses_promocao?: number; taxa_instalacao?: number; fidelidade_meses?: number; observacoes?: string };

const PLANS: Plan[] = [
  { nome: 'Fibra 300 Mega', tecnologia: 'fibra', download_mbps: 300, upload_mbps: 150, valor_mensal: 99.9, valor_promocional: 79.9, meses_promocao: 3, taxa_instalacao: 0, fidelidade_meses: 12 },
  { nome: 'Fibra 600 Mega', tecnologia: 'fibra', download_mbps: 600, upload_mbps: 300, valor_mensal: 129.9, taxa_instalacao: 0, fidelidade_meses: 12, observacoes: 'Wi-Fi 6 em comodato.' },
  { nome: 'Fibra 1 Giga', tecnologia: 'fibra', download_mbps: 1000, upload_mbps: 500, valor_mensal: 199.9, valor_promocional: 169.9, meses_promocao: 6, taxa_instalacao: 0, fidelidade_meses: 12, observacoes: 'Wi-Fi 6 mesh com dois pontos.' },
];
/** The first city's own plan: radio where the fibre does not reach yet. */
const CITY_PLAN: Plan = { nome: 'Rádio 50 Mega', tecnologia: 'radio', download_mbps: 50, upload_mbps: 25, valor_mensal: 89.9, taxa_instalacao: 150, fidelidade_meses: 12, observacoes: 'Para a zona rural, onde a fibra ainda não chega.' };

const ROOMS = [
  { nome: 'Sala de reunião 1', tipo: 'sala_reuniao', localizacao: 'Sede, 2º andar', capacidade: 8, descricao: 'TV de 55 polegadas e videoconferência.' },
  { nome: 'Auditório', tipo: 'auditorio', localizacao: 'Sede, térreo', capacidade: 60, descricao: 'Projetor, som e microfones sem fio.' },
  { nome: 'Projetor portátil', tipo: 'equipamento', localizacao: 'Recepção', capacidade: null, descricao: 'Retirar e devolver na recepção.' },
];

// [booker's e-mail, room index, days from today, hour (São Paulo), hours, purpose, participants]
const BOOKINGS: [string, number, number, number, number, string, number][] = [
  ['funcionario@bitcom.com.br', 0, 1, 10, 1, 'Reunião de alinhamento da equipe', 6],
  ['gestor.rh@bitcom.com.br', 1, 2, 14, 2, 'Integração de novos colaboradores', 25],
];

/** The ISO instant of an hour of a day some days from today, in São Paulo (UTC-3). */
function instantOf(days: number, hour: number) {
  const [y, m, d] = todayInSaoPaulo().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days, hour + 3)).toISOString();
}

const all = { range: [0, -1] as [number, number] };

export async function seedSmallRegisters(service: ResourceService, log: (msg: string) => void = () => {}) {
  const providers = (await service.list(service.get('providers'), { ...all, sort: { field: 'id', order: 'ASC' } }, SYSTEM)).rows;
  if (!providers.length) return;
  const pricing = service.get(PRICING);
  if ((await service.list(pricing, { range: [0, 0] }, SYSTEM)).total === 0) {
    let count = 0;
    for (const provider of providers) {
      for (const plan of PLANS) {
        await service.create(pricing, { ...plan, id_empresa: provider.id, ativo: true }, SYSTEM);
        count++;
      }
      const city = (await service.list(service.get('cities'), { ...all, filter: { id_empresa: provider.id }, sort: { field: 'id', order: 'ASC' } }, SYSTEM)).rows[0];
      if (city) {
        await service.create(pricing, { ...CITY_PLAN, id_empresa: provider.id, id_cidade: city.id, ativo: true }, SYSTEM);
        count++;
      }
    }
    log(`planos e preços de demonstração criados: ${count}`);
  }
  const resources = service.get(RESOURCES);
  if ((await service.list(resources, { range: [0, 0] }, SYSTEM)).total === 0) {
    for (const provider of providers) for (const room of ROOMS) await service.create(resources, { ...room, id_empresa: provider.id, ativo: true }, SYSTEM);
    log(`recursos de demonstração criados: ${providers.length * ROOMS.length}`);
  }
  const bookings = service.get(RESOURCE_BOOKINGS);
  if ((await service.list(bookings, { range: [0, 0] }, SYSTEM)).total > 0) return;
  const users = (await service.list(service.get('users'), { ...all, filter: { email: BOOKINGS.map((b) => b[0]) } }, SYSTEM)).rows;
  const byEmail = new Map(users.map((u) => [String(u.email).toLowerCase(), u]));
  let count = 0;
  for (const [email, room, days, hour, hours, finalidade, participantes] of BOOKINGS) {
    const user = byEmail.get(email);
    const provider = (user?.id_empresas as number[] | undefined)?.[0];
    if (!user || !provider) continue;
    const resource = (await service.list(resources, { ...all, filter: { id_empresa: provider, nome: ROOMS[room].nome } }, SYSTEM)).rows[0];
    if (!resource) continue;
    const as: Actor = { userId: user.id as number, providerIds: null, ownerId: user.id as number };
    await service.create(bookings, { id_empresa: provider, id_recurso: resource.id, data_inicio: instantOf(days, hour), data_fim: instantOf(days, hour + hours), finalidade, participantes, ativo: true }, as);
    count++;
  }
  if (count) log(`reservas de recursos de demonstração criadas: ${count}`);
}
