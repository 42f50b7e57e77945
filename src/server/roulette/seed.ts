// Demo roulettes (SEED_DEMO, once the demo users exist): on Vetorial, an open campaign owned by the
// sales manager with its two wheels, its look and forty spins of customers (the demo customers' CPFs)
// and visitors, and two draws; on RazãoInfo, a campaign reset once (its first round closed) that then
// ended with its seed revealed (its audit page checks every spin and draw of both rounds); on Bitcom,
// one that has not opened yet (no participants: the list offers Excluir). Everything goes through the
// roulette service: spins pick their prizes from the seed, decrement the stock and write their coupons
// as on the public page; customers give the CPF and the mobile on record, as they must to be known.
import { demoCpf } from '../customers/seed.js';
import { SYSTEM, type Actor, type ResourceService } from '../resources/service.js';
import { rouletteServices, todayInSaoPaulo } from './service.js';

const DAY = 86_400_000;
const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João', 'Karina', 'Leonardo'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Costa', 'Ribeiro', 'Martins'];

const CUSTOMER_PRIZES: [string, string, number, number, boolean][] = [
  ['1 mês grátis', 'Seu próximo mês de internet é por nossa conta!', 5, 30, true],
  ['Upgrade 1 Giga', 'Você ganhou upgrade para 1 Giga por 3 meses.', 10, 50, true],
  ['Roteador Wi-Fi 6', 'Retire seu roteador Wi-Fi 6 na loja mais próxima.', 3, 10, true],
  ['Tente de novo', 'Não foi desta vez. Volte amanhã e gire de novo!', 40, 100000, false],
];
const VISITOR_PRIZES: [string, string, number, number, boolean][] = [
  ['Instalação grátis', 'Assine em até 7 dias e a instalação sai de graça.', 20, 200, true],
  ['50% no 1º mês', 'Metade do preço no primeiro mês de assinatura.', 20, 200, true],
  ['Kit de brindes', 'Retire seu kit de brindes na loja.', 5, 20, true],
  ['Tente de novo', 'Não foi desta vez. Volte amanhã e gire de novo!', 40, 100000, false],
];

/** 'Tente de novo' is a slot without a prize: a consolation, no coupon, nothing to deliver. */
const NO_PRIZE = 'Tente de novo';

const prizesOf = (list: [string, string, number, number, boolean][], cliente: boolean) =>
  list.map(([nome, descricao, peso_item, quantidade, animacao]) => ({ nome, descricao, cliente, peso_item, quantidade, quantidade_minima: 0, animacao, sem_premio: nome === NO_PRIZE }));

async function idOf(service: ResourceService, sql: string, params: unknown[]): Promise<number | undefined> {
  return service.write(SYSTEM, async (tx) => (await tx.query<{ id: number }>(sql, params)).rows[0]?.id);
}

export async function seedRoulettes(service: ResourceService, log: (msg: string) => void = () => {}, now = new Date()) {
  const roulette = rouletteServices.get(service);
  const campaigns = service.registry.get('roulette-campaigns');
  if (!roulette || !campaigns || (await service.list(campaigns, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const owner = await idOf(service, `SELECT id FROM auth.usuario WHERE email = 'gestor.vendas@vetorial.net'`, []);
  const admin = await idOf(service, `SELECT id FROM auth.usuario WHERE 'users:superadmin' = ANY(papeis) ORDER BY id LIMIT 1`, []);
  if (!owner || !admin) return 0;
  const provider = (nome: string) => idOf(service, 'SELECT id FROM rh.empresa WHERE nome = $1', [nome]);
  const actor: Actor = { userId: admin, providerIds: null };
  const today = todayInSaoPaulo(now);
  let spins = 0;

  const create = async (record: Record<string, unknown>, look: Record<string, unknown>) => {
    const c = await service.create(campaigns, record, actor);
    await roulette.savePrizes(c.id, [...prizesOf(CUSTOMER_PRIZES, true), ...prizesOf(VISITOR_PRIZES, false)], actor);
    await roulette.saveAppearance(c.id, look, actor);
    return c as Record<string, any>;
  };
  /** `count` spins, every other one a customer's (the provider's customers from the `skip`-th on). */
  const spinSome = async (c: Record<string, any>, sistema: string, count: number, offset: number, skip = 0) => {
    const customers = await service.write(SYSTEM, async (tx) =>
      (
        await tx.query<{ cpf: string; nome: string; celular: string }>(
          `SELECT cpf, nome_razaosocial AS nome, celular FROM relacionamento.dados_pessoas
            WHERE sistema = $1 AND cpf IS NOT NULL AND length(relacionamento.digits(celular)) = 11 ORDER BY id LIMIT $2 OFFSET $3`,
          [sistema, count, skip],
        )
      ).rows,
    );
    for (let i = 0; i < count; i++) {
      const customer = i % 2 === 0 ? customers[i] : undefined;
      const n = offset + i;
      const nome = customer?.nome ?? `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]}`;
      const cpf = customer?.cpf ?? demoCpf(String(700_000_000 + n * 7919).padStart(9, '0'));
      const telefone = customer?.celular ?? `(41) 9${String(8100 + (n % 900)).padStart(4, '0')}-${String(1000 + ((n * 37) % 9000)).padStart(4, '0')}`;
      await roulette.spin(c.slug, { nome, telefone, cpf });
      spins++;
    }
  };

  const vetorial = await provider('Vetorial');
  if (vetorial) {
    const c = await create(
      {
        nome: 'Roleta Black Friday Vetorial',
        descricao: 'Gire a roleta e ganhe prêmios na Black Friday da Vetorial: clientes e quem ainda não é cliente têm prêmios próprios.',
        motivo_aplicacao: 'Engajamento da base e captação de novos clientes na Black Friday.',
        id_empresa: vetorial,
        id_usuario_intranet: owner,
        data_inicio_campanha: shift(today, -10),
        data_fim_campanha: shift(today, 50),
        sistema: 'VETORIAL',
        api_erp: true,
        intervalo_votacao: 24,
      },
      { base_background: '#0b1f4b', color_item: '#1565c0', color_text: '#ffffff', color_item_2: '#ffb300', color_text2: '#1a1a1a', base_html_content: '<p><strong>Um giro por dia por CPF.</strong> Prêmios sujeitos à disponibilidade.</p>' },
    );
    await spinSome(c, 'VETORIAL', 40, 0);
    await roulette.draw(c.id, { cliente: true, premiado: true }, actor);
    await roulette.draw(c.id, { cliente: false, premiado: true }, actor);
  }

  const razao = await provider('RazãoInfo');
  if (razao) {
    const c = await create(
      {
        nome: 'Roleta Dia dos Pais RazãoInfo',
        descricao: 'Campanha de Dia dos Pais: gire e concorra a upgrades e brindes.',
        id_empresa: razao,
        id_usuario_intranet: admin,
        data_inicio_campanha: shift(today, -1),
        data_fim_campanha: shift(today, 1),
        sistema: 'RAZAOINFO',
        intervalo_votacao: 24,
      },
      { base_background: '#1b0f2e', color_item: '#6a1b9a', color_text: '#ffffff', color_item_2: '#26a69a', color_text2: '#ffffff' },
    );
    await spinSome(c, 'RAZAOINFO', 10, 100);
    await roulette.draw(c.id, { cliente: null, premiado: null }, actor);
    // Reset by the superadmin: round 1 closes with its seed revealed, round 2 takes other people.
    await roulette.reset(c.id, actor);
    await spinSome(c, 'RAZAOINFO', 8, 200, 10);
    await roulette.draw(c.id, { cliente: null, premiado: null }, actor);
    await roulette.reveal(c.id, actor);
    // The campaign ran in August; its period is moved there once its spins are in.
    const year = Number(today.slice(0, 4)) - (today.slice(5) < '08-31' ? 1 : 0);
    await service.update(campaigns, c.id, { data_inicio_campanha: `${year}-08-01`, data_fim_campanha: `${year}-08-10` }, actor);
  }

  const bitcom = await provider('Bitcom');
  if (bitcom) {
    await create(
      {
        nome: 'Roleta de Natal Bitcom',
        descricao: 'No Natal, cada giro é um presente: prêmios para clientes e para quem quer ser cliente Bitcom.',
        id_empresa: bitcom,
        id_usuario_intranet: admin,
        data_inicio_campanha: shift(today, 20),
        data_fim_campanha: shift(today, 45),
        sistema: 'BITCOM',
        intervalo_votacao: 12,
      },
      { base_background: '#0d3b1e', color_item: '#c62828', color_text: '#ffffff', color_item_2: '#2e7d32', color_text2: '#ffffff' },
    );
  }
  log(`roletas de demonstração criadas: 3 campanhas, ${spins} giros`);
  return spins;
}
