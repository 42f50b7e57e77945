// The fleet's demo data: a few vehicles of each provider and their workshop visits over the last
// twelve months, so that /fleet/vehicle, /fleet/maintenance-vehicle and the HR report
// /reports/car-repair show something real. Through the resource service (validated and audited);
// runs once (nothing is added when any vehicle exists).
import { SYSTEM, type ResourceService } from '../resources/service.js';
import { todayInSaoPaulo } from '../roulette/service.js';

const VEHICLES = [
  { placa: 'QXB-4821', marca: 'Fiat', modelo: 'Strada', ano: 2021, tipo: 'utilitario', km_atual: 84200 },
  { placa: 'RFT2C34', marca: 'Volkswagen', modelo: 'Saveiro', ano: 2022, tipo: 'utilitario', km_atual: 61350 },
  { placa: 'PMA-7719', marca: 'Honda', modelo: 'CG 160', ano: 2020, tipo: 'moto', km_atual: 42800 },
  { placa: 'SBK5E61', marca: 'Renault', modelo: 'Kwid', ano: 2023, tipo: 'carro', km_atual: 28900 },
  { placa: 'OKD-3390', marca: 'Fiat', modelo: 'Fiorino', ano: 2019, tipo: 'utilitario', km_atual: 132400 },
  { placa: 'RIO9A12', marca: 'Mercedes-Benz', modelo: 'Accelo 815', ano: 2018, tipo: 'caminhao', km_atual: 210700 },
  { placa: 'PQN-2207', marca: 'Yamaha', modelo: 'Factor 150', ano: 2022, tipo: 'moto', km_atual: 35100 },
  { placa: 'SGH4B58', marca: 'Chevrolet', modelo: 'Onix', ano: 2024, tipo: 'carro', km_atual: 15800 },
];

const JOBS = [
  { tipo: 'preventiva', descricao: 'Troca de óleo e filtros', oficina: 'Auto Center Avenida', dias: 1, valor: 420 },
  { tipo: 'corretiva', descricao: 'Troca das pastilhas e discos de freio', oficina: 'Freios & Cia', dias: 2, valor: 980 },
  { tipo: 'corretiva', descricao: 'Reparo na embreagem', oficina: 'Oficina do Zé', dias: 4, valor: 1850 },
  { tipo: 'preventiva', descricao: 'Revisão dos 60 mil km', oficina: 'Concessionária', dias: 2, valor: 1290 },
  { tipo: 'corretiva', descricao: 'Troca da bateria e do alternador', oficina: 'Auto Elétrica Luz', dias: 1, valor: 1340 },
  { tipo: 'corretiva', descricao: 'Suspensão dianteira (amortecedores e bandejas)', oficina: 'Oficina do Zé', dias: 5, valor: 2450 },
  { tipo: 'preventiva', descricao: 'Alinhamento, balanceamento e pneus', oficina: 'Pneus Norte', dias: 1, valor: 1760 },
];

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedFleet(service: ResourceService, log: (msg: string) => void = () => {}) {
  const vehicles = service.get('vehicles');
  if ((await service.list(vehicles, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const providers = (await service.list(service.get('providers'), { sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
  if (!providers.length) return 0;
  const made: Record<string, any>[] = [];
  for (const [i, v] of VEHICLES.entries()) {
    const provider = providers[i % providers.length];
    const departments = (await service.list(service.get('departments'), { filter: { id_empresa: provider.id }, sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
    const department = departments.length ? departments[i % departments.length].id : null;
    made.push(await service.create(vehicles, { ...v, id_empresa: provider.id, id_departamento: department, ativo: true }, SYSTEM));
  }
  const today = todayInSaoPaulo();
  const maintenance = service.get('vehicle-maintenance');
  let count = 0;
  for (let i = 0; i < 20; i++) {
    const vehicle = made[(i * 3) % made.length];
    const job = JOBS[i % JOBS.length];
    const entry = addDays(today, -(12 + i * 17));
    // The most recent visit is still in the workshop.
    const open = i === 0;
    await service.create(
      maintenance,
      {
        id_veiculo: vehicle.id,
        tipo: job.tipo,
        descricao: job.descricao,
        oficina: job.oficina,
        data_entrada: entry,
        data_saida: open ? null : addDays(entry, job.dias),
        km: Math.max(0, Number(vehicle.km_atual) - (i + 1) * 1500),
        valor: open ? null : job.valor + (i % 4) * 35,
        status: open ? 'aberta' : 'concluida',
      },
      SYSTEM,
    );
    count++;
  }
  log(`frota de demonstração criada: ${made.length} veículos, ${count} manutenções`);
  return count;
}
