// Demo FAQ and employee handbook (issue 18): the categories, about fifteen questions an internet
// provider group's staff and visitors ask (benefits, ponto, férias, VPN, vagas), most for the whole
// group, one per provider, one left unpublished; and the handbook's chapters and sections.
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';

type Q = [pergunta: string, resposta: string, opts?: { publico?: boolean; publicada?: boolean; provider?: string }];

const FAQ: [titulo: string, icone: string, perguntas: Q[]][] = [
  [
    'Vagas e processo seletivo',
    'work',
    [
      [
        'Como me candidato a uma vaga?',
        '<p>Acesse a página <strong>Vagas</strong>, escolha a vaga e clique em <em>Candidatar-se</em>. Se ainda não tem cadastro, crie sua conta com e-mail e senha; depois acompanhe o andamento em <strong>Minhas candidaturas</strong>.</p>',
        { publico: true },
      ],
      [
        'Posso me candidatar a mais de uma vaga ao mesmo tempo?',
        '<p>Sim. Cada candidatura é avaliada separadamente, e você vê a situação de cada uma em <strong>Minhas candidaturas</strong>.</p>',
        { publico: true },
      ],
      [
        'Quanto tempo leva o processo seletivo?',
        '<p>Em geral de <strong>duas a quatro semanas</strong> entre a inscrição e a resposta final. Você recebe um e-mail a cada mudança de etapa (triagem, entrevista, proposta).</p>',
        { publico: true },
      ],
    ],
  ],
  [
    'Benefícios',
    'card_giftcard',
    [
      [
        'Quais benefícios os colaboradores recebem?',
        '<p>Vale-alimentação ou refeição, plano de saúde e odontológico, seguro de vida, auxílio-creche e <strong>internet residencial gratuita</strong> na área de cobertura do provedor.</p>',
        { publico: true },
      ],
      [
        'Como incluo um dependente no plano de saúde?',
        '<p>Envie ao RH a certidão (nascimento ou casamento) e o CPF do dependente pelo e-mail <a href="mailto:rh@intranet.local">rh@intranet.local</a>. A inclusão vale a partir do mês seguinte ao pedido.</p>',
      ],
      [
        'Quando o vale-alimentação é creditado?',
        '<p>No <strong>último dia útil de cada mês</strong>, para uso no mês seguinte. Admitidos depois do dia 20 recebem o valor proporcional no mês seguinte.</p>',
      ],
    ],
  ],
  [
    'Ponto e jornada',
    'schedule',
    [
      [
        'Como registro o ponto?',
        '<p>Pelo aplicativo de ponto no celular (com localização) ou no relógio da unidade. Registre a entrada, o início e o fim do intervalo e a saída.</p>',
      ],
      [
        'Esqueci de bater o ponto. O que faço?',
        '<p>Abra um <strong>ajuste de ponto</strong> no aplicativo em até 48 horas, com a justificativa. O gestor aprova o ajuste antes do fechamento da folha.</p>',
      ],
      [
        'Como funciona o banco de horas?',
        '<p>As horas extras autorizadas vão para o banco e devem ser compensadas em até <strong>seis meses</strong>. O saldo aparece no aplicativo de ponto.</p>',
      ],
    ],
  ],
  [
    'Férias e afastamentos',
    'beach_access',
    [
      [
        'Como peço minhas férias?',
        '<p>Combine o período com o seu gestor e registre o pedido com pelo menos <strong>30 dias de antecedência</strong>. As férias podem ser divididas em até três períodos, um deles com no mínimo 14 dias.</p>',
      ],
      [
        'Posso vender parte das férias?',
        '<p>Sim, até um terço (10 dias), o abono pecuniário. Peça junto com as férias.</p>',
      ],
      [
        'O que faço quando recebo um atestado médico?',
        '<p>Envie a foto do atestado ao RH em até <strong>48 horas</strong> e avise o seu gestor no mesmo dia.</p>',
      ],
    ],
  ],
  [
    'Tecnologia e acessos',
    'vpn_key',
    [
      [
        'Como acesso a VPN da empresa?',
        '<p>Instale o cliente de VPN indicado pela TI e entre com o seu usuário de rede. O acesso é liberado pelo gestor com um chamado à TI.</p>',
      ],
      [
        'Esqueci a senha da intranet. Como recupero?',
        '<p>Na tela de entrada, use <strong>Esqueci minha senha</strong>: um código chega ao seu e-mail para criar uma senha nova.</p>',
        { publico: true },
      ],
      [
        'Como abro um chamado para a TI?',
        '<p>Pelo portal de chamados ou pelo ramal 2000. Descreva o problema, o equipamento e, se possível, anexe um print da tela.</p>',
        { provider: 'Bitcom' },
      ],
      [
        'A TI troca o meu notebook?',
        '<p>A troca é avaliada a cada quatro anos ou quando o equipamento não tem conserto. Este texto ainda está sendo revisado pela TI.</p>',
        { publicada: false },
      ],
    ],
  ],
];

const HANDBOOK: [titulo: string, secoes: [titulo: string, conteudo: string, provider?: string][]][] = [
  [
    'Missão e valores',
    [
      [
        'Nossa missão',
        '<p>Conectar pessoas e empresas com uma internet rápida, estável e um atendimento próximo, levando desenvolvimento às cidades onde estamos.</p>',
      ],
      [
        'Nossos valores',
        '<ul><li><strong>Cliente no centro</strong>: resolvemos de ponta a ponta.</li><li><strong>Respeito</strong>: com colegas, clientes e parceiros.</li><li><strong>Transparência</strong>: falamos a verdade, mesmo quando é difícil.</li><li><strong>Segurança</strong>: ninguém se arrisca para fechar uma ordem de serviço.</li></ul>',
      ],
    ],
  ],
  [
    'Conduta',
    [
      [
        'Código de conduta',
        '<p>Tratamos todos com respeito. Assédio moral ou sexual, discriminação e ameaças não são tolerados. Relatos podem ser feitos ao RH ou ao canal de ética, com sigilo.</p>',
      ],
      [
        'Uso do uniforme e do crachá',
        '<p>Equipes de campo usam uniforme e crachá visível em todo atendimento. Nas lojas, o uniforme é obrigatório no horário de atendimento.</p>',
      ],
      [
        'Redes sociais',
        '<p>Não publique dados de clientes, fotos de equipamentos da rede ou informações internas. Em caso de dúvida, fale com o Marketing.</p>',
      ],
    ],
  ],
  [
    'Jornada de trabalho',
    [
      [
        'Horários e intervalos',
        '<p>A jornada padrão é de 44 horas semanais, com intervalo de no mínimo uma hora para refeição. Escalas de plantão do NOC seguem o acordo da equipe.</p>',
      ],
      [
        'Registro de ponto',
        '<p>Todo colaborador registra entrada, intervalo e saída. Ajustes são pedidos em até 48 horas e aprovados pelo gestor.</p>',
      ],
      [
        'Plantões da equipe técnica',
        '<p>Os técnicos de campo da Vetorial revezam plantões de fim de semana conforme a escala publicada pela coordenação no dia 25 de cada mês.</p>',
        'Vetorial',
      ],
    ],
  ],
  [
    'Benefícios',
    [
      [
        'Saúde e bem-estar',
        '<p>Plano de saúde e odontológico com coparticipação, extensivo a cônjuge e filhos, e seguro de vida em grupo.</p>',
      ],
      [
        'Alimentação e internet',
        '<p>Vale-alimentação ou refeição creditado no último dia útil do mês e internet residencial gratuita na área de cobertura.</p>',
      ],
    ],
  ],
  [
    'Segurança da informação',
    [
      [
        'Senhas e acessos',
        '<p>Use senhas fortes e diferentes para cada sistema, ative a verificação em duas etapas e <strong>nunca compartilhe</strong> o seu usuário. Acesso remoto só pela VPN.</p>',
      ],
      [
        'Dados de clientes (LGPD)',
        '<p>Consulte apenas os dados necessários ao atendimento. Não exporte listas de clientes nem as envie por aplicativos pessoais.</p>',
      ],
      [
        'Golpes e e-mails suspeitos',
        '<p>Desconfie de mensagens urgentes pedindo senha, pagamento ou dados. Encaminhe o e-mail suspeito para a TI e apague-o.</p>',
      ],
    ],
  ],
];

export async function seedFaqAndHandbook(service: ResourceService, log: (msg: string) => void = () => {}) {
  const faqCategories = service.get('faq-categories');
  if ((await service.list(faqCategories, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  const providers = (await service.list(service.get('providers'), { range: [0, -1] }, SYSTEM)).rows;
  const providerId = (name?: string) => (name ? ((providers.find((p) => String(p.nome).toLowerCase().startsWith(name.toLowerCase()))?.id as number | undefined) ?? null) : null);
  const faq = service.get('faq');
  let questions = 0;
  for (const [i, [titulo, icone, perguntas]] of FAQ.entries()) {
    const category = await service.create(faqCategories, { titulo, icone, ordem: (i + 1) * 10 }, SYSTEM);
    for (const [j, [pergunta, resposta, opts = {}]] of perguntas.entries()) {
      await service.create(
        faq,
        { pergunta, resposta, id_categoria: category.id, id_empresa: providerId(opts.provider), publicada: opts.publicada ?? true, publico: opts.publico ?? false, ordem: (j + 1) * 10 },
        SYSTEM,
      );
      questions++;
    }
  }
  const handbookCategories = service.get('employee-handbook-categories');
  const handbook = service.get('employee-handbook');
  let sections = 0;
  for (const [i, [titulo, secoes]] of HANDBOOK.entries()) {
    const category = await service.create(handbookCategories, { titulo, ordem: (i + 1) * 10 }, SYSTEM);
    for (const [j, [secao, conteudo, provider]] of secoes.entries()) {
      await service.create(handbook, { titulo: secao, conteudo, id_categoria: category.id, id_empresa: providerId(provider), ordem: (j + 1) * 10 }, SYSTEM);
      sections++;
    }
  }
  log(`FAQ e manual de demonstração: ${questions} perguntas, ${sections} seções`);
  return questions;
}
