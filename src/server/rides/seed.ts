// The rides' demo data: a few offers of demo employees from today on (São Paulo's day), so that the
// board /ride-employee and the lists /ride show something real. Through the resource service, as the
// offerer (validated, audited, the owner and the offerer's name filled as when they offer it
// themselves); runs once (nothing is added when any offer exists), after the demo users exist.
import { SYSTEM, type Actor, type ResourceService } from '../resources/service.js';
import { todayInSaoPaulo } from '../roulette/service.js';
import { RIDES } from './service.js';

// [offerer's e-mail, days from today, hour (São Paulo), origin, destination, seats, phone, notes]
const OFFERS: [string, number, number, string, string, number, string, string | null][] = [
  ['funcionario@bitcom.com.br', 1, 7, 'Savassi', 'Sede Bitcom (Centro)', 3, '(31) 98765-4321', 'Saio pontualmente; posso pegar na Praça da Liberdade.'],
  ['funcionario@bitcom.com.br', 3, 18, 'Sede Bitcom (Centro)', 'Contagem', 2, '(31) 98765-4321', 'Volta do expediente, passando pela Via Expressa.'],
  ['gestor.rh@bitcom.com.br', 2, 8, 'Pampulha', 'Sede Bitcom (Centro)', 4, '(31) 99123-4567', null],
  ['gestor.frota@bitcom.com.br', 5, 6, 'Belo Horizonte', 'Sete Lagoas', 3, '(31) 99876-5432', 'Visita técnica ao POP de Sete Lagoas; volto no fim da tarde.'],
  ['solicitante@razaoinfo.com.br', 1, 17, 'Sede RazãoInfo', 'São José', 2, '(48) 99654-3210', null],
  ['vendedor@vetorial.net', 4, 9, 'Centro', 'Distrito Industrial', 1, '(11) 97777-1234', 'Levo material de divulgação no porta-malas: só um lugar.'],
];

/** The ISO instant of an hour of a day some days from today, in São Paulo (UTC-3). */
function instantOf(days: number, hour: number) {
  const [y, m, d] = todayInSaoPaulo().split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days, hour + 3)).toISOString();
}

export async function seedRides(service: ResourceService, log: (msg: string) => void = () => {}) {
  const rides = service.get(RIDES);
  if ((await service.list(rides, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const users = (await service.list(service.get('users'), { filter: { email: [...new Set(OFFERS.map((o) => o[0]))] }, range: [0, -1] }, SYSTEM)).rows;
  const byEmail = new Map(users.map((u) => [String(u.email).toLowerCase(), u]));
  // The demo users come after the organisation on a new database (main.ts): wait for them.
  if (!byEmail.has('funcionario@bitcom.com.br')) return 0;
  let count = 0;
  for (const [email, days, hour, origem, destino, vagas, telefone, observacoes] of OFFERS) {
    const user = byEmail.get(email);
    const provider = (user?.id_empresas as number[] | undefined)?.[0];
    if (!user || !provider) continue;
    const as: Actor = { userId: user.id as number, providerIds: null, ownerId: user.id as number };
    await service.create(rides, { id_empresa: provider, origem, destino, data_hora: instantOf(days, hour), vagas, telefone, observacoes, ativo: true }, as);
    count++;
  }
  if (count) log(`caronas de demonstração criadas: ${count}`);
  return count;
}
