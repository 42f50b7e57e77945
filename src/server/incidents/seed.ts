// Demo incidents and compliments: incident categories per provider whose managers are demo users, a
// dozen incidents over the last months and several departments (so the dashboard shows something),
// compliment categories and compliments, some received by funcionario@bitcom.com.br. Written through
// the registers (validated, audited, notifications included); the older notifications are then marked
// read so the bells hold only the newest.
import { SYSTEM, type Actor, type ResourceService } from '../resources/service.js';
import { todayInSaoPaulo } from '../roulette/service.js';

const INCIDENT_CATEGORIES: [string, string][] = [
  ['Queda de link', 'Interrupção ou lentidão da rede dos clientes ou da empresa.'],
  ['Sistemas internos', 'ERP, CRM, intranet, telefonia e outros sistemas fora do ar ou com erro.'],
  ['Energia e infraestrutura', 'Falta de energia, climatização e estrutura das sedes e POPs.'],
  ['Segurança da informação', 'Acesso indevido, phishing, perda de equipamento.'],
];

const COMPLIMENT_CATEGORIES: [string, string][] = [
  ['Trabalho em equipe', 'Ajudou os colegas e o time a chegar lá.'],
  ['Atendimento ao cliente', 'Foi além para resolver o problema de um cliente.'],
  ['Iniciativa', 'Viu um problema e resolveu sem esperar.'],
  ['Inovação', 'Trouxe uma ideia nova que melhorou o trabalho.'],
];

// [title, category index, department index, impact, months ago, day, status, description]
const INCIDENTS: [string, number, number, string, number, number, string, string][] = [
  ['Rompimento de fibra no backbone norte', 0, 0, 'critico', 0, 2, 'aberto', 'Clientes dos bairros da zona norte sem conexão desde as 8h.'],
  ['ERP lento para emitir boletos', 1, 1, 'alto', 0, 5, 'em_andamento', 'Emissão de segunda via demorando mais de 2 minutos.'],
  ['Queda de energia no POP Centro', 2, 0, 'alto', 1, 12, 'resolvido', 'Gerador não partiu automaticamente.'],
  ['E-mail de phishing em nome do banco', 3, 2, 'medio', 1, 20, 'resolvido', 'Colaboradores receberam e-mail falso pedindo senha.'],
  ['Telefonia do SAC fora do ar', 1, 0, 'critico', 2, 3, 'resolvido', 'URA sem atender por 40 minutos.'],
  ['Lentidão na rede do bairro Savassi', 0, 0, 'medio', 2, 15, 'resolvido', 'Saturação no horário de pico.'],
  ['Ar-condicionado da sala de servidores', 2, 1, 'alto', 3, 8, 'resolvido', 'Temperatura acima de 30 °C.'],
  ['Intranet sem acesso externo', 1, 2, 'baixo', 3, 22, 'resolvido', 'VPN com certificado vencido.'],
  ['Notebook perdido em visita técnica', 3, 0, 'medio', 4, 6, 'resolvido', 'Equipamento com disco criptografado.'],
  ['Queda de link do cliente corporativo', 0, 1, 'alto', 4, 18, 'resolvido', 'Troca de ONU resolveu.'],
  ['CRM sem sincronizar leads', 1, 1, 'medio', 5, 10, 'resolvido', 'Integração parou após atualização.'],
  ['Falta de energia na sede', 2, 2, 'baixo', 5, 25, 'resolvido', 'Concessionária restabeleceu em 1h.'],
];

const EXTRA_MESSAGES = ['Mandou muito bem no atendimento ao cliente da Savassi!', 'Obrigado pela paciência ao treinar a equipe nova do suporte.'];

/** The instant of a local day and hour some months before today (São Paulo, UTC-3). */
function instant(monthsAgo: number, day: number, hour: number) {
  const [y, m] = todayInSaoPaulo().split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 - monthsAgo, 1));
  const today = Number(todayInSaoPaulo().slice(8, 10));
  const d = monthsAgo === 0 ? Math.min(day, today) : Math.min(day, 28);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), d, hour + 3)).toISOString();
}

export async function seedIncidentsAndCompliments(service: ResourceService, log: (msg: string) => void = () => {}) {
  const incidentCategories = service.get('incident-categories');
  if ((await service.list(incidentCategories, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const users = (await service.list(service.get('users'), { range: [0, -1] }, SYSTEM)).rows;
  const byEmail = new Map(users.map((u) => [String(u.email).toLowerCase(), u]));
  // The demo users come after the organisation on a new database (main.ts): wait for them.
  if (!byEmail.has('funcionario@bitcom.com.br')) return 0;
  const as = (email: string): Actor | null => {
    const u = byEmail.get(email);
    return u ? { userId: u.id as number, providerIds: null, ownerId: u.id as number } : null;
  };
  const providers = (await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows;
  const gestorRh = byEmail.get('gestor.rh@bitcom.com.br');
  let incidents = 0;
  let compliments = 0;
  for (const provider of providers) {
    const staff = users.filter((u) => (u.id_empresas as number[]).includes(provider.id as number) && u.funcionario);
    const managers = provider.nome === 'Bitcom' && gestorRh ? [gestorRh.id] : staff.filter((u) => (u.papeis as string[]).some((r) => r.endsWith(':gestor'))).map((u) => u.id);
    const cats = [];
    for (const [titulo, descricao] of INCIDENT_CATEGORIES) {
      cats.push(await service.create(incidentCategories, { titulo, descricao, id_empresa: provider.id, gestores: managers }, SYSTEM));
    }
    const ccats = [];
    for (const [titulo, descricao] of COMPLIMENT_CATEGORIES) {
      ccats.push(await service.create(service.get('compliment-categories'), { titulo, descricao, id_empresa: provider.id }, SYSTEM));
    }
    const departments = (await service.list(service.get('departments'), { filter: { id_empresa: provider.id }, sort: { field: 'id', order: 'ASC' }, range: [0, -1] }, SYSTEM)).rows;
    if (!departments.length) continue;
    // Bitcom gets every demo incident; the others a few.
    const list = provider.nome === 'Bitcom' ? INCIDENTS : INCIDENTS.filter((_, i) => i % 4 === 1);
    const reporters = [as('funcionario@bitcom.com.br'), as('leitor.rh@bitcom.com.br')].filter(Boolean) as Actor[];
    const local = staff.map((u) => ({ userId: u.id as number, providerIds: null, ownerId: u.id as number }));
    const pool = provider.nome === 'Bitcom' && reporters.length ? reporters : local.length ? local : [SYSTEM];
    for (const [i, [titulo, cat, dep, impacto, monthsAgo, day, status, descricao]] of list.entries()) {
      const actor = pool[i % pool.length];
      await service.create(
        service.get('incidents'),
        {
          titulo,
          descricao,
          id_categoria: cats[cat].id,
          id_departamento: departments[dep % departments.length].id,
          impacto,
          status,
          data_inicio: instant(monthsAgo, day, 8 + (i % 9)),
          ...(status === 'resolvido' ? { solucao: 'Causa identificada e corrigida; acompanhamento encerrado.' } : {}),
        },
        actor,
      );
      incidents++;
    }
    // Compliments among the provider's staff: each praises the next.
    const people = staff.map((u) => ({ id: u.id as number, email: String(u.email) }));
    const messages = [
      'Obrigado pela ajuda no atendimento de ontem, fez toda a diferença para o cliente!',
      'Resolveu o problema da rede em tempo recorde. Parabéns!',
      'Sempre disposto(a) a ajudar o time. Valeu!',
    ];
    for (const [i, author] of people.entries()) {
      const target = people[(i + 1) % people.length];
      if (target.id === author.id) continue;
      await service.create(
        service.get('compliments'),
        { id_elogiado: target.id, id_categoria: ccats[i % ccats.length].id, mensagem: messages[i % messages.length] },
        { userId: author.id, providerIds: null, ownerId: author.id },
      );
      compliments++;
    }
    // funcionario@bitcom.com.br receives a few more.
    const employee = byEmail.get('funcionario@bitcom.com.br');
    if (provider.nome === 'Bitcom' && employee) {
      for (const [i, email] of ['gestor.rh@bitcom.com.br', 'leitor.rh@bitcom.com.br'].entries()) {
        const author = as(email);
        if (!author) continue;
        await service.create(service.get('compliments'), { id_elogiado: employee.id, id_categoria: ccats[(i + 1) % ccats.length].id, mensagem: EXTRA_MESSAGES[i] }, author);
        compliments++;
      }
    }
  }
  // Only the newest two incident notifications of each user stay unread.
  await service.write(SYSTEM, (tx) =>
    tx.query(
      `UPDATE notificacao.notificacao n SET lido = true
        WHERE n.data->>'modulo' = 'incidentes'
          AND n.id NOT IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY id_usuario ORDER BY id DESC) AS k
                                             FROM notificacao.notificacao WHERE data->>'modulo' = 'incidentes') t WHERE k <= 2)`,
    ),
  );
  log(`incidentes de demonstração: ${incidents} incidentes e ${compliments} elogios`);
  return incidents;
}
