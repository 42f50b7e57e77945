// Demo fleet requests (/requests/home): Bitcom's demo employee (funcionario@bitcom.com.br) asks for
// vehicles, reports an incident and asks for maintenance; Bitcom's demo fleet manager
// (gestor.frota@bitcom.com.br) approved some and refused others. Written through the registers as
// those users (validated, audited, the hooks' rules and notifications included), after the demo fleet
// (seedFleet); runs once (nothing is added when any vehicle request exists). The employee gets a
// driver's record of their own when they have none, so an approved request can name them.
import { SYSTEM, type Actor, type ResourceService } from '../resources/service.js';
import { todayInSaoPaulo } from '../roulette/service.js';

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** HH:00 on São Paulo's clock (UTC-3) of a day, as an ISO instant. */
const at = (day: string, hour: number) => new Date(Date.parse(`${day}T00:00:00Z`) + (hour + 3) * 3_600_000).toISOString();

export async function seedFleetRequests(service: ResourceService, log: (msg: string) => void = () => {}) {
  const requests = service.get('vehicle-requests');
  if ((await service.list(requests, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const users = service.get('users');
  const [employee] = (await service.list(users, { filter: { email: 'funcionario@bitcom.com.br' }, range: [0, 0] }, SYSTEM)).rows as Record<string, any>[];
  const [manager] = (await service.list(users, { filter: { email: 'gestor.frota@bitcom.com.br' }, range: [0, 0] }, SYSTEM)).rows as Record<string, any>[];
  const provider = (employee?.id_empresas as number[] | undefined)?.[0];
  if (!employee || !manager || provider === undefined) return 0;
  const vehicles = (await service.list(service.get('vehicles'), { filter: { id_empresa: provider, ativo: true }, sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows as Record<string, any>[];
  if (!vehicles.length) return 0;
  const today = todayInSaoPaulo();

  // The employee's driver's record in the provider, unless the fleet's own seed made one.
  const drivers = service.get('drivers');
  let driver = (await service.list(drivers, { filter: { id_usuario: employee.id, id_empresa: provider }, range: [0, 0] }, SYSTEM)).rows[0] as Record<string, any> | undefined;
  driver ??= (await service.create(
    drivers,
    { id_empresa: provider, id_usuario: employee.id, telefone: '(85) 98888-1234', cnh_numero: '04512378901', cnh_categoria: 'AB', cnh_emissao: addDays(today, -700), cnh_validade: addDays(today, 1100) },
    SYSTEM,
  )) as Record<string, any>;

  const asEmployee: Actor = { userId: employee.id, providerIds: employee.id_empresas, ownerId: employee.id };
  const asManager: Actor = { userId: manager.id, providerIds: [provider] };
  let count = 0;

  // Vehicle requests: one pending, one approved (with the first vehicle free for it), one refused.
  const ask = async (values: Record<string, unknown>) => {
    count++;
    return (await service.create(requests, values, asEmployee)) as Record<string, any>;
  };
  await ask({ data_inicio: at(addDays(today, 3), 8), data_fim: at(addDays(today, 3), 18), destino: 'Caucaia', finalidade: 'Visita técnica ao cliente corporativo do distrito industrial', tipo_veiculo: 'utilitario', passageiros: 2 });
  const approved = await ask({ data_inicio: at(addDays(today, 7), 7), data_fim: at(addDays(today, 8), 19), destino: 'Sobral', finalidade: 'Ativação do novo POP e treinamento da equipe de campo', tipo_veiculo: 'carro', passageiros: 3 });
  for (const vehicle of vehicles) {
    try {
      await service.update(requests, approved.id, { status: 'aprovada', id_veiculo: vehicle.id, id_motorista: driver.id }, asManager);
      break;
    } catch {
      // At the workshop or reserved: the next one.
    }
  }
  const refused = await ask({ data_inicio: at(addDays(today, -2), 9), data_fim: at(addDays(today, -2), 12), destino: 'Maracanaú', finalidade: 'Entrega de equipamentos no cliente' });
  await service.update(requests, refused.id, { status: 'recusada', motivo_recusa: 'Todos os veículos estavam reservados nessa manhã; use o aplicativo de transporte com reembolso.' }, asManager);

  // Incident requests: one pending, one approved (recorded as the fleet's incident).
  const incidents = service.get('vehicle-incident-requests');
  await service.create(
    incidents,
    { id_veiculo: vehicles[0].id, tipo: 'avaria', data_hora: at(addDays(today, -1), 15), local: 'Estacionamento da sede, Fortaleza', descricao: 'Retrovisor esquerdo quebrado ao manobrar.' },
    asEmployee,
  );
  const incident = (await service.create(
    incidents,
    { id_veiculo: vehicles[vehicles.length - 1].id, tipo: 'acidente', data_hora: at(addDays(today, -20), 10), local: 'Av. Bezerra de Menezes, Fortaleza', descricao: 'Colisão leve na traseira em semáforo; sem feridos.', boletim_ocorrencia: '2026-118734' },
    asEmployee,
  )) as Record<string, any>;
  await service.update(incidents, incident.id, { status: 'aprovada' }, asManager);
  count += 2;

  // Maintenance requests: one pending, one refused.
  const maintenance = service.get('vehicle-maintenance-requests');
  await service.create(maintenance, { id_veiculo: vehicles[vehicles.length - 1].id, problema: 'Barulho metálico ao frear', km: 61500, urgencia: 'alta' }, asEmployee);
  const oil = (await service.create(maintenance, { id_veiculo: vehicles[0].id, problema: 'Luz do óleo acendendo', km: 84300, urgencia: 'media' }, asEmployee)) as Record<string, any>;
  await service.update(maintenance, oil.id, { status: 'recusada', motivo_recusa: 'O veículo já está na oficina para a revisão; o óleo será trocado nela.' }, asManager);
  count += 2;

  log(`solicitações de frota de demonstração criadas: ${count}`);
  return count;
}
