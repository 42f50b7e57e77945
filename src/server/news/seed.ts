// Demo news: categories with icons and colours, and news items of the three providers with covers
// drawn here (PNG gradients), one important item that requires reading (Bitcom), one for a single
// department, and some reactions and confirmed readings of the demo users. Runs once the demo users
// exist (seedDemoProfiles); does nothing when any news item exists. Written through the resource
// service as the system, so the items are validated and audited, and the important ones ring the
// bell of their provider's users as when HR publishes them.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Queryable } from '../db/index.js';
import { SYSTEM, type ResourceService } from '../resources/service.js';

type Row = Record<string, any>;

const CATEGORIES: [string, string, string][] = [
  ['Comunicados', 'campaign', '#1a56a6'],
  ['Benefícios', 'handshake', '#2e7d32'],
  ['Eventos', 'celebration', '#8e24aa'],
  ['Aniversariantes', 'cake', '#ef6c00'],
  ['Segurança', 'security', '#c62828'],
  ['Tecnologia', 'router', '#00838f'],
];

interface DemoItem {
  provider: string;
  categoria: string;
  titulo: string;
  resumo: string;
  texto: string;
  colors: [string, string];
  daysAgo: number;
  fonte?: string;
  url?: string;
  hashtag?: string;
  importante?: boolean;
  requer_lido?: boolean;
  departamento?: string;
  auxiliar?: [string, string];
}

const ITEMS: DemoItem[] = [
  {
    provider: 'Bitcom',
    categoria: 'Segurança',
    titulo: 'Nova política de segurança da informação',
    resumo: 'A partir de 1º de dezembro, o acesso aos sistemas exige verificação em duas etapas. Leia e confirme a leitura.',
    texto:
      '<p>Para proteger os dados dos nossos clientes e da empresa, a <strong>Política de Segurança da Informação</strong> foi atualizada. Os principais pontos:</p><ul><li>Verificação em duas etapas obrigatória na intranet, no e-mail e no sistema de atendimento.</li><li>Senhas com no mínimo 12 caracteres, trocadas a cada 180 dias.</li><li>Nunca compartilhe códigos recebidos por SMS ou aplicativo, nem com colegas.</li><li>Desconfie de e-mails pedindo dados ou pagamentos com urgência: encaminhe para <em>seguranca@bitcom.com.br</em>.</li></ul><p>Dúvidas podem ser tiradas com a equipe de TI pelo ramal 2040.</p>',
    colors: ['#7f1d1d', '#c62828'],
    daysAgo: 1,
    fonte: 'Equipe de TI',
    hashtag: 'seguranca;politicas;ti',
    importante: true,
    requer_lido: true,
  },
  {
    provider: 'Bitcom',
    categoria: 'Benefícios',
    titulo: 'Vale-alimentação reajustado em 8% a partir de dezembro',
    resumo: 'O novo valor já vale para o crédito do dia 5. Confira como fica para cada jornada.',
    texto:
      '<p>Após a negociação com o sindicato, o vale-alimentação terá <strong>reajuste de 8%</strong>. O crédito de dezembro, no dia 5, já virá com o novo valor.</p><p>Quem trabalha em jornada parcial recebe o valor proporcional, como hoje. Nenhuma ação é necessária.</p>',
    colors: ['#1b5e20', '#66bb6a'],
    daysAgo: 3,
    hashtag: 'beneficios;rh',
  },
  {
    provider: 'Bitcom',
    categoria: 'Eventos',
    titulo: 'Confraternização de fim de ano: reserve a data',
    resumo: 'Dia 12 de dezembro, a partir das 19h, no Espaço Mangabeiras. Confirme presença até o dia 5.',
    texto:
      '<p>Chegou a hora de comemorar o ano! A confraternização será no <strong>Espaço Mangabeiras</strong>, em Belo Horizonte, no dia 12 de dezembro, a partir das 19h.</p><p>Teremos jantar, música ao vivo e o sorteio de prêmios entre os presentes. Acompanhantes são bem-vindos.</p>',
    colors: ['#4a148c', '#ab47bc'],
    daysAgo: 5,
    hashtag: 'confraternizacao;eventos',
    auxiliar: ['#ff8f00', '#ffca28'],
  },
  {
    provider: 'Bitcom',
    categoria: 'Tecnologia',
    titulo: 'Escala de plantão do Suporte em dezembro',
    resumo: 'A escala de plantões de fim de semana e feriados do Suporte está publicada.',
    texto:
      '<p>A escala de plantão de dezembro foi montada considerando as folgas de Natal e Ano-Novo. Trocas devem ser combinadas entre os técnicos e informadas à supervisão até o dia 10.</p>',
    colors: ['#004d40', '#26a69a'],
    daysAgo: 6,
    hashtag: 'suporte;plantao',
    departamento: 'Técnico',
  },
  {
    provider: 'Bitcom',
    categoria: 'Aniversariantes',
    titulo: 'Aniversariantes de novembro',
    resumo: 'Parabéns a todos que fazem aniversário este mês! O bolo será na sexta-feira, às 16h.',
    texto: '<p>Neste mês celebramos os aniversários de <strong>14 colegas</strong>. O café com bolo será na copa da sede, na última sexta-feira do mês, às 16h. Deixe seus parabéns!</p>',
    colors: ['#e65100', '#ffb74d'],
    daysAgo: 10,
    hashtag: 'aniversariantes',
  },
  {
    provider: 'RazãoInfo',
    categoria: 'Comunicados',
    titulo: 'RazãoInfo conquista o selo RA1000 no Reclame Aqui',
    resumo: 'O reconhecimento vem do trabalho de todo o time de atendimento ao longo do ano.',
    texto:
      '<p>A RazãoInfo recebeu o selo <strong>RA1000</strong>, dado às empresas com os melhores índices de resolução e satisfação. Obrigado a cada pessoa do atendimento, do campo e dos bastidores!</p>',
    colors: ['#0d47a1', '#42a5f5'],
    daysAgo: 2,
    fonte: 'Reclame Aqui',
    url: 'https://www.reclameaqui.com.br/',
    hashtag: 'atendimento;reconhecimento',
    importante: true,
  },
  {
    provider: 'RazãoInfo',
    categoria: 'Eventos',
    titulo: 'Campanha do agasalho 2026',
    resumo: 'Doe roupas e cobertores em bom estado até 20 de dezembro; as caixas estão na recepção.',
    texto: '<p>A campanha arrecada roupas, cobertores e calçados para a Casa de Acolhida de Campinas. As caixas de coleta ficam na recepção da sede e das lojas.</p>',
    colors: ['#263238', '#78909c'],
    daysAgo: 8,
    hashtag: 'solidariedade',
  },
  {
    provider: 'Vetorial',
    categoria: 'Comunicados',
    titulo: 'Vetorial inaugura loja no centro de Londrina',
    resumo: 'A nova loja na Avenida Paraná atende de segunda a sábado e já vende os planos de fibra.',
    texto: '<p>A nova loja fica na <strong>Avenida Paraná, 300</strong>, no centro de Londrina, e funciona de segunda a sexta das 9h às 18h e aos sábados das 9h às 13h.</p>',
    colors: ['#01579b', '#4fc3f7'],
    daysAgo: 4,
    hashtag: 'lojas;londrina',
  },
  {
    provider: 'Vetorial',
    categoria: 'Benefícios',
    titulo: 'Novo plano de saúde: como fazer a adesão',
    resumo: 'A adesão ao novo plano vai até 15 de dezembro, pelo portal do colaborador. Confirme que leu as regras.',
    texto:
      '<p>O novo plano tem cobertura nacional e coparticipação menor em consultas. A adesão de dependentes pode ser feita no mesmo formulário. <strong>Quem não aderir até 15 de dezembro</strong> segue no plano atual até o fim do contrato.</p>',
    colors: ['#1a237e', '#5c6bc0'],
    daysAgo: 7,
    hashtag: 'saude;beneficios',
    requer_lido: true,
  },
];

// ---- a small PNG encoder: a diagonal gradient with soft circles ---------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** A width x height PNG: a gradient from one colour to another, with three lighter circles. */
export function gradientPng(from: string, to: string, width = 800, height = 400): Buffer {
  const [a, b] = [rgb(from), rgb(to)];
  const circles = [
    [0.78, 0.3, 0.22],
    [0.15, 0.85, 0.3],
    [0.55, 0.75, 0.12],
  ].map(([x, y, r]) => [x * width, y * height, r * height]);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let light = 0;
      for (const [cx, cy, r] of circles) if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) light += 0.12;
      for (let c = 0; c < 3; c++) {
        const v = a[c] + (b[c] - a[c]) * t;
        raw[row + 1 + x * 3 + c] = Math.round(v + (255 - v) * Math.min(light, 0.4));
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A stored image for every provider's users (uploaded by the system), in the database storage. */
async function storeImage(tx: Queryable, name: string, bytes: Buffer) {
  const id = randomUUID();
  await tx.query(
    'INSERT INTO storage.arquivo (id, bucket, nome, tipo, tamanho, dados, chave, id_usuario, id_empresas) VALUES ($1, $2, $3, $4, $5, $6, NULL, NULL, NULL)',
    [id, 'novidades', name, 'image/png', bytes.length, bytes],
  );
  return id;
}

export async function seedNews(service: ResourceService, log: (msg: string) => void = () => {}) {
  const news = service.get('news');
  if ((await service.list(news, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  // On the first start this runs before the demo users exist (seedDemo): the news wait for them, their audience.
  const staff = await service.write(SYSTEM, (tx) => tx.query(`SELECT 1 FROM auth.usuario WHERE cardinality(id_empresas) > 0 LIMIT 1`));
  if (!staff.rows.length) return 0;
  const providers = new Map((await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows.map((p: Row) => [p.nome as string, p.id as number]));
  if (!ITEMS.every((i) => providers.has(i.provider))) return 0;

  const categories = service.get('categories');
  const categoryIds = new Map<string, number>();
  for (const [titulo, icone, color] of CATEGORIES) {
    const found = (await service.list(categories, { filter: { titulo }, range: [0, 0] }, SYSTEM)).rows[0];
    categoryIds.set(titulo, (found ?? (await service.create(categories, { titulo, icone, color }, SYSTEM))).id as number);
  }

  const created: { id: number; item: DemoItem }[] = [];
  for (const item of ITEMS) {
    const provedor = providers.get(item.provider)!;
    const slug = item.titulo.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').slice(0, 40);
    const [cover, auxiliary] = await service.write(SYSTEM, async (tx) => [
      await storeImage(tx, `capa-${slug}.png`, gradientPng(...item.colors)),
      item.auxiliar ? await storeImage(tx, `auxiliar-${slug}.png`, gradientPng(...item.auxiliar, 800, 300)) : null,
    ]);
    const departamento = item.departamento
      ? ((await service.list(service.get('departments'), { filter: { nome: item.departamento, id_empresa: provedor }, range: [0, 0] }, SYSTEM)).rows[0]?.id ?? null)
      : null;
    const row = await service.create(
      news,
      {
        provedor,
        titulo: item.titulo,
        resumo: item.resumo,
        texto: item.texto,
        fonte: item.fonte ?? null,
        url: item.url ?? null,
        hashtag: item.hashtag ?? null,
        categoria: categoryIds.get(item.categoria),
        departamento,
        importante: item.importante ?? false,
        requer_lido: item.requer_lido ?? false,
        imagem_capa_data: cover,
        imagem_auxiliar_data: auxiliary,
      },
      SYSTEM,
    );
    created.push({ id: row.id as number, item });
  }

  // Publication dates over the last days, and some reactions and readings of the demo users.
  await service.write(SYSTEM, async (tx) => {
    for (const { id, item } of created) await tx.query(`UPDATE rh.novidade SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [id, item.daysAgo]);
    const { rows: users } = await tx.query<{ id: number; email: string; id_empresas: number[] }>(`SELECT id, email, id_empresas FROM auth.usuario WHERE email LIKE '%@bitcom.com.br' OR email LIKE '%@razaoinfo.com.br' OR email LIKE '%@vetorial.net' ORDER BY id`);
    const reactions = ['cake', 'favorite', 'thumb_up', 'waving_hand'];
    for (const [i, { id, item }] of created.entries()) {
      const audience = users.filter((u) => u.id_empresas.includes(providers.get(item.provider)!) && u.email !== 'funcionario@bitcom.com.br');
      for (const [j, user] of audience.entries()) {
        if ((i + j) % 3 === 2) continue;
        await tx.query('INSERT INTO rh.novidade_reacao (id_novidade, id_usuario, reacao) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [id, user.id, reactions[(i + j) % 4]]);
      }
      // The must-read items: read by the HR reader of Bitcom and the seller of Vetorial; the demo employee has not read yet.
      if (item.requer_lido) {
        for (const user of audience.filter((u) => ['leitor.rh@bitcom.com.br', 'vendedor@vetorial.net'].includes(u.email))) {
          await tx.query(`INSERT INTO rh.novidade_leitura (id_novidade, id_usuario, lido_em) VALUES ($1, $2, now() - interval '5 hours') ON CONFLICT DO NOTHING`, [id, user.id]);
        }
      }
    }
  });
  log(`novidades de demonstração criadas: ${created.length}`);
  return created.length;
}
