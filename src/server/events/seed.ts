// Demo data of the marketing events (SEED_DEMO): per demo provider, in its first city, a past fair, two
// coming events whose periods share a day (the register's warning and the calendar's mark show), an
// inactive one and one without a site; dates counted from the day of the seed. Written through the
// resource service (validated, audited); nothing when events exist already.
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';

interface DemoEvent {
  evento: string;
  /** Days from today of the first and the last day. */
  from: number;
  to: number;
  nome_do_local: string;
  endereco_do_local: string;
  site_do_evento?: string;
  status?: boolean;
}

const EVENTS: DemoEvent[] = [
  { evento: 'Feira de Tecnologia e Inovação', from: -40, to: -38, nome_do_local: 'Centro de Convenções', endereco_do_local: 'Av. Amazonas, 6200', site_do_evento: 'https://www.feiradetecnologia.com.br' },
  { evento: 'Expo Conectividade', from: 10, to: 12, nome_do_local: 'Pavilhão de Exposições', endereco_do_local: 'Rua das Indústrias, 450', site_do_evento: 'https://www.expoconectividade.com.br' },
  { evento: 'Semana do Cliente', from: 12, to: 14, nome_do_local: 'Shopping Central', endereco_do_local: 'Av. Principal, 1000 - Centro' },
  { evento: 'Encontro de Empreendedores', from: 5, to: 5, nome_do_local: 'Associação Comercial', endereco_do_local: 'Rua do Comércio, 85', site_do_evento: 'https://www.encontroempreendedores.com.br', status: false },
  { evento: 'Festival de Inverno', from: 30, to: 32, nome_do_local: 'Praça da Matriz', endereco_do_local: 'Praça da Matriz, s/n', site_do_evento: 'https://www.festivaldeinverno.com.br' },
];

/** Today plus `days`, as YYYY-MM-DD (the local day of the server). */
function day(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export async function seedEvents(service: ResourceService, log: (msg: string) => void = () => {}) {
  const cities = await service.write(SYSTEM, async (tx) => {
    if ((await tx.query('SELECT 1 FROM rh.marketing_eventos LIMIT 1')).rows.length) return [];
    // Each provider's first city.
    return (await tx.query<{ id: number }>('SELECT DISTINCT ON (id_empresa) id FROM rh.cidade_provedor WHERE ativo ORDER BY id_empresa, id')).rows;
  });
  const events = service.get('events');
  for (const city of cities) {
    for (const { from, to, ...event } of EVENTS) {
      await service.create(events, { ...event, cidade: city.id, data_inicio: day(from), data_fim: day(to) }, SYSTEM);
    }
  }
  if (cities.length) log(`eventos de demonstração: ${EVENTS.length} por provedor em ${cities.length} provedor(es)`);
}
