// Demo sales data (SEED_DEMO=true, on a fresh database, after the providers and the customers):
// campaigns and channels with their provider flags, the tracking destinations, leads of the three
// providers over both sales trees, every status and kind, and two blocklist entries that mark some of
// them. Written through the resource service, so it is validated, audited and the leads' hooks run
// (the customer flags) as do the blocklist triggers.
import { SYSTEM, type ResourceService } from '../resources/service.js';
import { demoCpf } from '../customers/seed.js';
import { PROVIDER_FLAGS, type ProviderFlag } from '../../domain/salesFlags.js';

type Flags = Partial<Record<ProviderFlag | 'api' | 'public' | 'ativo', boolean>>;

const ALL: Flags = { bitcom: true, razao: true, vetorial: true };

const CAMPAIGNS: [string, Flags][] = [
  ['Black Friday Fibra', ALL],
  ['Indique um Amigo', { ...ALL, api: true }],
  ['Volta às Aulas', { razao: true, vetorial: true }],
  ['Verão Conectado', { bitcom: true, ativo: false }],
];

const CHANNELS: [string, Flags][] = [
  ['Facebook', { ...ALL, public: true }],
  ['Google', { ...ALL, public: true }],
  ['Instagram', { bitcom: true, razao: true, public: true }],
  ['Site', { ...ALL, public: true }],
  ['Loja Física', ALL],
  ['Porta a Porta', { bitcom: true, vetorial: true }],
];

const DESTINATIONS: [string, string][] = [
  ['Site', 'https://www.exemplo.com.br/assine'],
  ['WhatsApp', 'https://wa.me/553130000000'],
];

/** Where each provider's leads live: city, UF, DDD, CEP prefix and streets. */
const PLACES: Record<string, { cities: [string, string][]; ddd: string; cep: string; streets: string[]; districts: string[] }> = {
  Bitcom: { cities: [['Belo Horizonte', 'MG'], ['Contagem', 'MG']], ddd: '31', cep: '30', streets: ['Rua da Bahia', 'Avenida Amazonas', 'Rua Padre Eustáquio'], districts: ['Centro', 'Lourdes', 'Eldorado'] },
  RazãoInfo: { cities: [['São Paulo', 'SP'], ['Campinas', 'SP']], ddd: '11', cep: '01', streets: ['Rua Augusta', 'Avenida Brasil', 'Rua Barão de Jaguara'], districts: ['Consolação', 'Centro', 'Cambuí'] },
  Vetorial: { cities: [['Curitiba', 'PR'], ['Londrina', 'PR']], ddd: '41', cep: '80', streets: ['Rua XV de Novembro', 'Avenida Higienópolis', 'Rua Marechal Deodoro'], districts: ['Centro', 'Batel', 'Gleba Palhano'] },
};

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique', 'Isabela', 'João', 'Larissa', 'Marcelo', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sabrina', 'Thiago', 'Vanessa', 'William'];
const LAST = ['Almeida', 'Barbosa', 'Cardoso', 'Dias', 'Fernandes', 'Gomes', 'Lima', 'Martins', 'Nogueira', 'Oliveira', 'Pereira', 'Ribeiro', 'Santos', 'Teixeira'];
const STATUSES = ['novo', 'em_contato', 'venda', 'inviavel', 'sem_cobertura', 'inativado', 'excluido', 'errado'];
const ORIGINS = ['manual', 'importado', 'link_rastreamento', 'formulario_externo'];
const PLANS = [99.9, 119.9, 149.9, 199.9];
const LEADS = 60;

const pad = (n: number, size: number) => String(n).padStart(size, '0');

export async function seedSales(service: ResourceService, log: (msg: string) => void = () => {}) {
  const campaigns = service.get('sales-campaigns');
  if ((await service.list(campaigns, { range: [0, 0] }, SYSTEM)).total > 0) return false;
  const providers = (await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows.filter((p) => PLACES[p.nome as string]) as { id: number; nome: string }[];
  if (!providers.length) return false;

  const made = async (resource: string, rows: [string, Flags][]) => {
    const out: Record<string, unknown>[] = [];
    for (const [nome, flags] of rows) out.push(await service.create(service.get(resource), { nome, ...flags }, SYSTEM));
    return out;
  };
  const campaignRows = await made('sales-campaigns', CAMPAIGNS);
  const channelRows = await made('sales-channels', CHANNELS);
  for (const [nome, url] of DESTINATIONS) await service.create(service.get('tracking-destinations'), { nome, url }, SYSTEM);

  // A Bitcom customer of the customers' demo seed (src/server/customers): leads 0 and 33 are this person.
  const customerCpf = demoCpf('111444777');
  const flagOf = (providerName: string) => PROVIDER_FLAGS.find((f) => f.label === providerName)!.flag;
  const leads = service.get('leads');
  const written: Record<string, any>[] = [];
  for (let i = 0; i < LEADS; i++) {
    const provider = providers[i % providers.length];
    const place = PLACES[provider.nome];
    const flag = flagOf(provider.nome);
    const usable = (rows: Record<string, unknown>[]) => rows.filter((r) => r[flag] && r.ativo);
    const campaign = usable(campaignRows)[i % usable(campaignRows).length];
    const channel = usable(channelRows)[(i * 7) % usable(channelRows).length];
    const [cidade, uf] = place.cities[i % place.cities.length];
    const status = STATUSES[(i * 5) % STATUSES.length];
    // Leads 6 and 36 share an address, 2 and 32 a CPF (the blocklist below).
    const twin = [32, 33, 36].includes(i) ? i - 30 : i;
    const cpf = provider.nome === 'Bitcom' && (i === 0 || i === 33) ? customerCpf : demoCpf(pad(310_000_000 + twin * 7_919, 9));
    const address = { cep: `${place.cep}${pad(100 + twin * 13, 3)}-${pad(twin * 37 % 1000, 3)}`, numero: String(10 + twin * 11) };
    const sold = status === 'venda';
    const lead = await service.create(
      leads,
      {
        nome: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
        telefone: `(${place.ddd}) 9${pad(8100 + i * 17, 4)}-${pad(1000 + i * 131, 4)}`,
        cpf,
        ...address,
        rua: place.streets[i % place.streets.length],
        bairro: place.districts[i % place.districts.length],
        cidade,
        uf,
        id_empresa: provider.id,
        id_campanha: campaign.id,
        id_canal: channel.id,
        origem: ORIGINS[i % ORIGINS.length],
        equipe: i % 2 === 0 ? 'interna' : 'externa',
        status,
        tipo: i % 7 === 0 ? 'upgrade' : i % 7 === 3 ? 'downgrade' : 'novo',
        ...(sold ? { valor_venda: PLANS[i % PLANS.length], data_venda: `2026-${pad(1 + (i % 6), 2)}-${pad(1 + ((i * 3) % 27), 2)}` } : {}),
      },
      SYSTEM,
    );
    written.push(lead);
  }

  // Lead 2's CPF and lead 6's address are blocked in their providers: leads 2, 32, 6 and 36 are marked.
  const blocklist = service.get('blocklist');
  await service.create(
    blocklist,
    { tipo: 'cliente', id_empresa: written[2].id_empresa, cpf: written[2].cpf, nome: written[2].nome, motivo: 'Contratos cancelados por fraude de documentos.' },
    SYSTEM,
  );
  const { cep, numero, rua, cidade, uf, id_empresa } = written[6];
  await service.create(blocklist, { tipo: 'endereco', id_empresa, cep, numero, rua, cidade, uf, motivo: 'Área de risco: a equipe técnica não atende o endereço.' }, SYSTEM);
  log(`dados de vendas de demonstração: ${CAMPAIGNS.length} campanhas, ${CHANNELS.length} canais, ${DESTINATIONS.length} destinos, ${LEADS} leads e 2 entradas da blocklist`);
  return true;
}
