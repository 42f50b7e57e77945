// The fleet's demo data: a few vehicles of each provider and their workshop visits over the last
// twelve months, so that /fleet/vehicle, /fleet/maintenance-vehicle and the HR report
// /reports/car-repair show something real; then (seedFleetRegisters) drivers, rental companies and
// contracts, fines and incidents, with something for each of the fleet home's figures and reminders
// (a CNH ending in 20 days, one expired, a contract ending in 25 days, a fine due in 4 days). Through
// the resource service (validated and audited); each part runs once (nothing is added when its
// first register has rows).
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

const RENTAL_COMPANIES = [
  { nome: 'Rota Locadora de Veículos', cnpj: '11.444.777/0001-61', telefone: '(31) 99733-4444', email: 'frotas@rotalocadora.com.br', contato: 'Paula Menezes' },
  { nome: 'Via Norte Locações', cnpj: '35.781.246/0001-22', telefone: '(85) 99222-1100', email: 'contratos@vianorte.com.br', contato: 'Rafael Lima' },
  { nome: 'Frota Fácil Rent a Car', cnpj: '48.209.315/0001-70', telefone: '(11) 94000-2020', email: 'corporativo@frotafacil.com.br', contato: 'Juliana Prado' },
];

const FINES = [
  { codigo_infracao: '745-50', descricao_infracao: 'Transitar em velocidade superior à máxima permitida em até 20%', gravidade: 'media', pontos: 4, valor: 130.16, local: 'Av. Brasil, 1500' },
  { codigo_infracao: '554-12', descricao_infracao: 'Estacionar em local proibido pela sinalização', gravidade: 'media', pontos: 4, valor: 130.16, local: 'Rua da Bahia, 820' },
  { codigo_infracao: '605-03', descricao_infracao: 'Avançar o sinal vermelho do semáforo', gravidade: 'gravissima', pontos: 7, valor: 293.47, local: 'Av. Afonso Pena x Rua Espírito Santo' },
  { codigo_infracao: '518-51', descricao_infracao: 'Deixar de usar o cinto de segurança (condutor)', gravidade: 'grave', pontos: 5, valor: 195.23, local: 'BR-040, km 532' },
  { codigo_infracao: '763-31', descricao_infracao: 'Conduzir o veículo segurando o telefone celular', gravidade: 'gravissima', pontos: 7, valor: 293.47, local: 'Av. do Contorno, 4000' },
  { codigo_infracao: '545-21', descricao_infracao: 'Estacionar afastado da guia de 50 cm a 1 m', gravidade: 'leve', pontos: 3, valor: 88.38, local: 'Rua Sergipe, 210' },
];

/** Drivers, rental companies and contracts, fines and incidents over the demo vehicles (once). */
export async function seedFleetRegisters(service: ResourceService, log: (msg: string) => void = () => {}) {
  const drivers = service.get('drivers');
  if ((await service.list(drivers, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const vehicles = (await service.list(service.get('vehicles'), { sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
  if (!vehicles.length) return 0;
  const today = todayInSaoPaulo();
  const users = (await service.list(service.get('users'), { filter: { funcionario: true, ativo: true }, sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
  // The drivers are the demo users: this part waits for them (the seed runs before and after they exist).
  if (!users.some((u) => u.email === 'funcionario@bitcom.com.br')) return 0;
  // Two drivers per provider with vehicles, the demo employee and the fleet manager first.
  const first = (u: Record<string, any>) => (u.email === 'funcionario@bitcom.com.br' ? 0 : u.email === 'gestor.frota@bitcom.com.br' ? 1 : 2);
  const byProvider = new Map<number, Record<string, any>[]>();
  const validity = [addDays(today, 900), addDays(today, 20), addDays(today, 1400), addDays(today, -12), addDays(today, 600), addDays(today, 2000)];
  let n = 0;
  for (const providerId of [...new Set(vehicles.map((v) => Number(v.id_empresa)))]) {
    const staff = users.filter((u) => (u.id_empresas as number[] | null)?.includes(providerId)).sort((a, b) => first(a) - first(b)).slice(0, 2);
    const made: Record<string, any>[] = [];
    for (const u of staff) {
      const validade = validity[n % validity.length];
      made.push(
        await service.create(
          drivers,
          {
            id_empresa: providerId,
            id_usuario: u.id,
            telefone: `(31) 9${String(8000_0000 + n * 1357).slice(0, 4)}-${String(1000 + n * 77).slice(0, 4)}`,
            cnh_numero: String(20_000_000_000 + n * 7_654_321),
            cnh_categoria: n % 3 === 2 ? 'D' : 'AB',
            cnh_emissao: addDays(validade, -3650),
            cnh_validade: validade,
            pontos: (n * 4) % 15,
            ativo: true,
          },
          SYSTEM,
        ),
      );
      n++;
    }
    byProvider.set(providerId, made);
  }
  const companies = [];
  for (const c of RENTAL_COMPANIES) companies.push(await service.create(service.get('rental-companies'), { ...c, ativo: true }, SYSTEM));
  // Most vehicles are rented: a yearly contract each, one of them ending in 25 days.
  let rentals = 0;
  for (const [i, v] of vehicles.entries()) {
    if (i % 4 === 3) continue;
    const fim = i === 0 ? addDays(today, 25) : addDays(today, 90 + i * 37);
    await service.create(
      service.get('rentals'),
      {
        id_veiculo: v.id,
        id_locadora: companies[i % companies.length].id,
        numero_contrato: `LC-${2026}-${String(101 + i).padStart(4, '0')}`,
        data_inicio: addDays(fim, -365),
        data_fim: fim,
        valor_mensal: v.tipo === 'moto' ? 690 : v.tipo === 'caminhao' ? 6400 : 2150 + i * 85,
        franquia_km: v.tipo === 'caminhao' ? 5000 : 3000,
        ativo: true,
      },
      SYSTEM,
    );
    rentals++;
  }
  const driverOf = (v: Record<string, any>, i: number) => {
    const list = byProvider.get(Number(v.id_empresa)) ?? [];
    return list.length ? list[i % list.length].id : null;
  };
  const statuses = ['a_identificar', 'indicado', 'pago', 'indicado', 'recorrido', 'pago', 'a_identificar', 'pago'];
  let fines = 0;
  for (let i = 0; i < statuses.length; i++) {
    const v = vehicles[(i * 5) % vehicles.length];
    const f = FINES[i % FINES.length];
    const when = addDays(today, -(9 + i * 23));
    const status = statuses[i];
    await service.create(
      service.get('fines'),
      {
        id_veiculo: v.id,
        data_hora: `${when}T${String(8 + (i % 10)).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}:00-03:00`,
        local: f.local,
        auto_infracao: `AIT${String(5_400_000 + i * 7919)}`,
        codigo_infracao: f.codigo_infracao,
        descricao_infracao: f.descricao_infracao,
        gravidade: f.gravidade,
        pontos: f.pontos,
        valor: f.valor,
        // The first is due in 4 days (the due-date reminder's), the others a month after the infraction.
        vencimento: i === 0 ? addDays(today, 4) : addDays(when, 40),
        id_motorista: status === 'a_identificar' ? null : driverOf(v, i),
        status,
      },
      SYSTEM,
    );
    fines++;
  }
  const incidents = [
    { tipo: 'avaria', descricao: 'Retrovisor direito quebrado ao manobrar na garagem do cliente.', local: 'Rua dos Timbiras, 1200', custo: 380, status: 'encerrado' },
    { tipo: 'acidente', descricao: 'Colisão traseira leve no trânsito; sem feridos. Para-choque e lanterna danificados.', local: 'Av. Cristiano Machado, 3100', custo: 2650, status: 'em_reparo', boletim_ocorrencia: 'BO 2026-118734' },
    { tipo: 'furto', descricao: 'Furto de ferramentas e de uma escada do bagageiro durante um atendimento.', local: 'Rua Itapecerica, 55', custo: null, status: 'aberto', boletim_ocorrencia: 'BO 2026-120551' },
  ];
  for (const [i, inc] of incidents.entries()) {
    const v = vehicles[(i * 3 + 1) % vehicles.length];
    await service.create(
      service.get('vehicle-incidents'),
      { ...inc, id_veiculo: v.id, id_motorista: driverOf(v, i), data_hora: `${addDays(today, -(6 + i * 31))}T15:40:00-03:00`, fotos: [] },
      SYSTEM,
    );
  }
  log(`cadastros da frota de demonstração criados: ${n} motoristas, ${companies.length} locadoras, ${rentals} locações, ${fines} multas, ${incidents.length} sinistros`);
  return n;
}
