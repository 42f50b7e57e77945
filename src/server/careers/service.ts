// The careers site (issue 17): the public vacancies (only published, active, open ones, and only
// their public fields), applications (one per user and vacancy, the recruiters' pipeline, the
// candidate told of each new step by notification and e-mail), and what recruiters read of a
// candidate (data and resume) through an application of their providers.
import { applicationSource, APPLICATION_STATUS_LABELS, CAREERS_MSG, rolePath, slugify, summary, type ApplicationStatus } from '../../domain/careers.js';
import type { Actor } from '../resources/service.js';
import type { Mailer } from '../auth/mailer.js';
import type { Queryable, Database } from '../db/index.js';
import { HttpError } from '../errors.js';
import { MSG } from '../../domain/messages.js';
import { assertMunicipality, canonicalCity } from '../geo/cities.js';
import { Params } from '../resources/query.js';
import { SYSTEM, type ResourceHooks, type ResourceService } from '../resources/service.js';
import { ValidationError } from '../schemas/validation.js';
import { todayInSaoPaulo } from '../roulette/service.js';

type Row = Record<string, any>;

export const CAREERS_ERRORS = {
  providerNotFound: 'Provedor não encontrado.',
  closingBeforeStart: 'O encerramento das inscrições não pode ser antes da data de início.',
  noResume: 'Este candidato não enviou currículo em PDF.',
  resumeNotFound: 'Currículo não encontrado no banco de currículos.',
} as const;

/** The public filters of the list. */
export interface PublicFilters {
  empresa?: string;
  q?: string;
  cidade?: string;
  uf?: string;
  departamento?: string;
  modelo?: string;
  offset?: number;
  limit?: number;
}

/** The condition of a vacancy the public may see: published, active, started and not closed (São Paulo days). */
const OPEN = (alias: string, today: string) =>
  `${alias}.publicada AND ${alias}.ativo AND ${alias}.data_inicio <= '${today}'::date AND (${alias}.data_encerramento IS NULL OR ${alias}.data_encerramento >= '${today}'::date)`;

const dateText = (d: unknown) => (d == null ? null : d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

export class CareersService {
  readonly vacancies;
  readonly applications;

  constructor(
    private db: Database,
    private service: ResourceService,
    private mailer: Mailer,
    private appUrl: () => string | undefined,
  ) {
    this.vacancies = service.get('vacancies');
    this.applications = service.get('applications');
  }

  private today() {
    return todayInSaoPaulo();
  }

  // ---- hooks --------------------------------------------------------------------------------------

  /** Vacancies: the manager's name from the users, the city as the IBGE list spells it, the closing date after the start. */
  vacancyHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing }) => {
        if (!values) return;
        const merged = { ...(existing ?? {}), ...values };
        if ('id_gestor' in values && values.id_gestor != null) {
          const { rows } = await tx.query<{ nome: string | null; email: string }>(`SELECT nome, email FROM auth.usuario WHERE id = $1`, [values.id_gestor]);
          if (rows[0]) values.gestor_vaga = rows[0].nome || rows[0].email;
        }
        if (merged.uf && ('cidade' in values || 'uf' in values)) {
          values.cidade = canonicalCity(merged.cidade, merged.uf);
          assertMunicipality(values.cidade, merged.uf);
        }
        const start = dateText(merged.data_inicio);
        const end = dateText(merged.data_encerramento);
        if (start && end && end < start) throw new ValidationError({ data_encerramento: CAREERS_ERRORS.closingBeforeStart });
      },
    };
  }

  /** Applications: a new step is dated, and its candidate told (notification and e-mail) in the same transaction. */
  applicationHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ values, existing, operation }) => {
        if (operation === 'update' && values && values.status !== undefined && values.status !== existing?.status) {
          values.status_em = new Date().toISOString();
        }
      },
      afterWrite: async ({ tx, operation, existing, row }) => {
        if (operation === 'update' && existing && row.status !== existing.status) await this.tellCandidate(tx, row);
      },
    };
  }

  private async tellCandidate(tx: Queryable, application: Row) {
    const { rows } = await tx.query<Row>(
      `SELECT u.id, u.email, u.nome, v.titulo_vaga, e.nome AS empresa
         FROM auth.usuario u, rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa
        WHERE u.id = $1 AND v.id = $2`,
      [application.id_usuario, application.id_vaga],
    );
    const found = rows[0];
    if (!found) return;
    const status = APPLICATION_STATUS_LABELS[application.status as ApplicationStatus] ?? application.status;
    const text = CAREERS_MSG.statusNotice(found.titulo_vaga, status);
    await this.notify(tx, found.id, text, '/applications/list');
    const base = this.appUrl();
    await this.mailer.send(tx, {
      to: found.email,
      subject: CAREERS_MSG.statusMailSubject(found.titulo_vaga),
      text: [
        `Olá${found.nome ? `, ${found.nome}` : ''}!`,
        '',
        `${text}`,
        `Vaga: ${found.titulo_vaga} (${found.empresa}).`,
        '',
        base ? `Acompanhe suas candidaturas em ${base}/applications/list` : 'Acompanhe suas candidaturas em Minhas candidaturas, no site de carreiras.',
        '',
        'Esta é uma mensagem automática; não é preciso respondê-la.',
      ].join('\n'),
    });
  }

  private async notify(tx: Queryable, userId: number, msg: string, link: string) {
    await this.service.createIn(tx, this.service.get('notifications'), { id_usuario: userId, data: { modulo: 'carreiras', msg, link } }, SYSTEM);
  }

  // ---- public -------------------------------------------------------------------------------------

  private async providers(): Promise<{ id: number; nome: string; slug: string; site: string | null }[]> {
    const { rows } = await this.db.query<{ id: number; nome: string; site: string | null }>(`SELECT id, nome, site FROM rh.empresa WHERE ativo ORDER BY nome, id`);
    return rows.map((r) => ({ ...r, slug: slugify(r.nome) }));
  }

  /** A provider by slug or id, or 404. */
  private async providerOf(value: string) {
    const providers = await this.providers();
    const found = /^\d+$/.test(value) ? providers.find((p) => p.id === Number(value)) : providers.find((p) => p.slug === slugify(value));
    if (!found) throw new HttpError(404, CAREERS_ERRORS.providerNotFound);
    return found;
  }

  private publicVacancy(r: Row, providers: Map<number, { id: number; nome: string; slug: string }>) {
    const provider = providers.get(r.id_empresa);
    return {
      id: r.id,
      titulo_vaga: r.titulo_vaga,
      slug: slugify(r.titulo_vaga) || 'vaga',
      path: rolePath(r.id, r.titulo_vaga),
      vagas: r.vagas,
      cidade: r.cidade,
      uf: r.uf ?? null,
      empresa: provider ? { id: provider.id, nome: provider.nome, slug: provider.slug } : { id: r.id_empresa, nome: r.empresa ?? '', slug: slugify(r.empresa ?? '') },
      departamento: r.departamento ?? null,
      modelo_trabalho: r.modelo_trabalho,
      tipo_contrato: r.tipo_contrato,
      data_inicio: dateText(r.data_inicio),
      data_encerramento: dateText(r.data_encerramento),
      resumo: summary(r.descricao, 200),
    };
  }

  /** GET /v1/public/careers/vagas: the open vacancies, filtered, with the filters' choices and counts. */
  async publicList(f: PublicFilters) {
    const today = this.today();
    const providers = await this.providers();
    const byId = new Map(providers.map((p) => [p.id, p]));
    const provider = f.empresa ? await this.providerOf(f.empresa) : null;
    const p = new Params();
    const base = [OPEN('v', today), 'e.ativo'];
    if (provider) base.push(`v.id_empresa = ${p.add(provider.id)}`);
    const where = [...base];
    for (const word of (f.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
      where.push(`public.f_unaccent(v.titulo_vaga) LIKE public.f_unaccent(${p.add(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)})`);
    }
    if (f.cidade) where.push(`public.f_unaccent(v.cidade) = public.f_unaccent(${p.add(f.cidade)})`);
    if (f.uf) where.push(`v.uf = ${p.add(f.uf.toUpperCase())}`);
    if (f.departamento) where.push(`public.f_unaccent(d.nome) = public.f_unaccent(${p.add(f.departamento)})`);
    if (f.modelo) where.push(`v.modelo_trabalho = ${p.add(f.modelo)}`);
    const from = `rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa LEFT JOIN rh.departamento d ON d.id = v.id_departamento`;
    const limit = Math.min(Math.max(f.limit ?? 20, 1), 50);
    const offset = Math.max(f.offset ?? 0, 0);
    const listParams = [...p.values];
    const [{ rows }, { rows: count }] = await Promise.all([
      this.db.query<Row>(
        `SELECT v.id, v.titulo_vaga, v.vagas, v.cidade, v.uf, v.id_empresa, e.nome AS empresa, d.nome AS departamento, v.modelo_trabalho,
                v.tipo_contrato, v.data_inicio, v.data_encerramento, v.descricao
           FROM ${from} WHERE ${where.join(' AND ')}
          ORDER BY v.data_inicio DESC, v.id DESC LIMIT ${limit} OFFSET ${offset}`,
        listParams,
      ),
      this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from} WHERE ${where.join(' AND ')}`, listParams),
    ]);
    // The choices: every provider's open vacancies; departments and cities of the chosen provider's.
    const fp = new Params();
    const choiceWhere = [OPEN('v', today), 'e.ativo', ...(provider ? [`v.id_empresa = ${fp.add(provider.id)}`] : [])].join(' AND ');
    const [{ rows: perProvider }, { rows: departments }, { rows: cities }] = await Promise.all([
      this.db.query<{ id_empresa: number; vagas: number }>(`SELECT v.id_empresa, count(*)::int AS vagas FROM rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa WHERE ${OPEN('v', today)} AND e.ativo GROUP BY v.id_empresa`),
      this.db.query<{ nome: string; vagas: number }>(
        `SELECT min(d.nome) AS nome, count(*)::int AS vagas FROM ${from} WHERE ${choiceWhere} AND d.id IS NOT NULL GROUP BY public.f_unaccent(d.nome) ORDER BY 1`,
        fp.values,
      ),
      this.db.query<{ cidade: string; uf: string | null; vagas: number }>(
        `SELECT min(v.cidade) AS cidade, v.uf, count(*)::int AS vagas FROM ${from} WHERE ${choiceWhere} GROUP BY public.f_unaccent(v.cidade), v.uf ORDER BY 1, 2`,
        fp.values,
      ),
    ]);
    const counts = new Map(perProvider.map((r) => [r.id_empresa, r.vagas]));
    return {
      vagas: rows.map((r) => this.publicVacancy(r, byId)),
      total: count[0].total,
      filtros: {
        empresas: providers.map((pr) => ({ id: pr.id, nome: pr.nome, slug: pr.slug, vagas: counts.get(pr.id) ?? 0 })),
        departamentos: departments,
        cidades: cities,
      },
    };
  }

  /** An open vacancy with its public fields (null when it is not open to the public). */
  async openVacancy(id: number, q: Queryable = this.db): Promise<Row | null> {
    const { rows } = await q.query<Row>(
      `SELECT v.*, e.nome AS empresa, e.site AS empresa_site, d.nome AS departamento
         FROM rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa LEFT JOIN rh.departamento d ON d.id = v.id_departamento
        WHERE v.id = $1 AND e.ativo AND ${OPEN('v', this.today())}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** GET /v1/public/careers/vagas/{id}. */
  async publicGet(id: number) {
    const r = await this.openVacancy(id);
    if (!r) throw new HttpError(404, CAREERS_MSG.vacancyNotFound);
    const providers = new Map((await this.providers()).map((p) => [p.id, p]));
    return { vaga: { ...this.publicVacancy(r, providers), descricao: r.descricao ?? null, requisitos: r.requisitos ?? null, beneficios: r.beneficios ?? null } };
  }

  /** Every open vacancy, for the sitemap. */
  async openForSitemap() {
    const { rows } = await this.db.query<{ id: number; titulo_vaga: string; data: Date | string }>(
      `SELECT v.id, v.titulo_vaga, greatest(v.data_inicio, v.created_at::date) AS data
         FROM rh.vaga v JOIN rh.empresa e ON e.id = v.id_empresa WHERE e.ativo AND ${OPEN('v', this.today())}
        ORDER BY v.id LIMIT 50000`,
    );
    return { vacancies: rows.map((r) => ({ path: rolePath(r.id, r.titulo_vaga), lastmod: dateText(r.data) })), providers: await this.providers() };
  }

  // ---- candidates ---------------------------------------------------------------------------------

  /** POST /v1/careers/vagas/{id}/candidatura: the signed-in user applies once to an open vacancy. */
  async apply(userId: number, vacancyId: number, origem: string) {
    const actor: Actor = { userId, providerIds: null, ownerId: userId };
    return this.service.write(actor, async (tx) => {
      // The vacancy stays as it is (open) until the application is written.
      const { rows: locked } = await tx.query(`SELECT id FROM rh.vaga WHERE id = $1 FOR SHARE`, [vacancyId]);
      const vacancy = locked.length ? await this.openVacancy(vacancyId, tx) : null;
      if (!vacancy) throw new HttpError(404, CAREERS_MSG.vacancyNotFound);
      const { rows: before } = await tx.query(`SELECT 1 FROM rh.candidatura WHERE id_vaga = $1 AND id_usuario = $2`, [vacancyId, userId]);
      if (before.length) throw new HttpError(409, CAREERS_MSG.alreadyApplied);
      const row = await this.service.createIn(tx, this.applications, { id_vaga: vacancyId, origem }, actor);
      // The vacancy's manager hears of it.
      await this.notify(tx, vacancy.id_gestor, `Nova candidatura para ${vacancy.titulo_vaga}: ${row.candidato_nome || row.candidato_email}.`, `/careers/admin/applicants/${vacancyId}`);
      return (await this.mine(userId, tx, row.id))[0];
    });
  }

  /** GET /v1/careers/candidaturas: the user's applications, never the recruiters' note. */
  async mine(userId: number, q: Queryable = this.db, onlyId?: number) {
    const today = this.today();
    const { rows } = await q.query<Row>(
      `SELECT a.id, a.id_vaga, v.titulo_vaga, v.id_empresa, e.nome AS empresa, v.cidade, v.uf, a.status, a.status_em, a.created_at,
              (${OPEN('v', today)}) AS vaga_aberta
         FROM rh.candidatura a JOIN rh.vaga v ON v.id = a.id_vaga JOIN rh.empresa e ON e.id = v.id_empresa
        WHERE a.id_usuario = $1 AND ($2::int IS NULL OR a.id = $2)
        ORDER BY a.created_at DESC, a.id DESC LIMIT 1000`,
      [userId, onlyId ?? null],
    );
    return rows.map((r) => ({
      id: r.id,
      id_vaga: r.id_vaga,
      titulo_vaga: r.titulo_vaga,
      path: rolePath(r.id_vaga, r.titulo_vaga),
      empresa: { id: r.id_empresa, nome: r.empresa },
      cidade: r.cidade,
      uf: r.uf ?? null,
      status: r.status,
      status_em: r.status_em,
      created_at: r.created_at,
      vaga_aberta: r.vaga_aberta,
    }));
  }

  // ---- recruiters ---------------------------------------------------------------------------------

  /** GET /v1/careers/candidaturas/{id}/detalhes: an application of the recruiter's providers, its candidate and resume. */
  async details(actor: Actor, id: unknown) {
    const application = await this.service.getOne(this.applications, id, actor);
    return {
      candidatura: {
        id: application.id,
        id_vaga: application.id_vaga,
        titulo_vaga: application.titulo_vaga,
        status: application.status,
        observacao: application.observacao,
        origem: application.origem,
        created_at: application.created_at,
        status_em: application.status_em,
      },
      ...(await this.personOf(application.id_usuario)),
    };
  }

  /** A person's data and resume (the recruiters' view of an applicant, or of the resume database). */
  async personOf(userId: number) {
    const [{ rows: people }, { rows: education }, { rows: experience }, { rows: certificates }] = await Promise.all([
      this.db.query<Row>(
        `SELECT u.id AS id_usuario, u.nome, u.email, u.funcionario, c.telefone, c.cidade, c.uf, c.linkedin, c.apresentacao, c.pretensao_salarial,
                (c.curriculo IS NOT NULL) AS tem_curriculo
           FROM auth.usuario u LEFT JOIN rh.candidato c ON c.id_usuario = u.id WHERE u.id = $1`,
        [userId],
      ),
      this.db.query(`SELECT descricao, ie, situacao, data_inicio, data_fim FROM curriculo.formacao WHERE id_usuario = $1 ORDER BY data_inicio DESC, id DESC`, [userId]),
      this.db.query(
        `SELECT empresa, funcao, emprego_atual, cidade, estado, descricao, data_inicio, data_fim FROM curriculo.experiencia WHERE id_usuario = $1 ORDER BY data_inicio DESC, id DESC`,
        [userId],
      ),
      this.db.query(`SELECT organizacao, descricao, data_emissao, data_validade FROM curriculo.certificado WHERE id_usuario = $1 ORDER BY data_emissao DESC NULLS LAST, id DESC`, [userId]),
    ]);
    const person = people[0] ?? {};
    const money = person.pretensao_salarial == null ? null : Number(person.pretensao_salarial);
    return {
      candidato: { ...person, pretensao_salarial: money, tem_curriculo: Boolean(person.tem_curriculo) },
      curriculo: { formacao: education.map(dates), experiencia: experience.map(dates), certificados: certificates.map(dates) },
    };
  }

  /** The candidate's PDF of an application the recruiter may read: the stored file row, or 404. */
  async resumeFileOf(actor: Actor, id: unknown) {
    const application = await this.service.getOne(this.applications, id, actor);
    return this.resumeFileOfUser(application.id_usuario);
  }

  /** A person's PDF: the stored file row, or 404. */
  async resumeFileOfUser(userId: number) {
    const { rows } = await this.db.query<{ nome: string; dados: Uint8Array | null; chave: string | null }>(
      `SELECT f.nome, f.dados, f.chave FROM rh.candidato c JOIN storage.arquivo f ON f.id = c.curriculo WHERE c.id_usuario = $1`,
      [userId],
    );
    if (!rows[0]) throw new HttpError(404, CAREERS_ERRORS.noResume);
    return rows[0];
  }

  /** Candidate data hooks: one's own data only, a known city, and one's own resume. */
  profileHooks(): ResourceHooks {
    return {
      beforeWrite: async ({ tx, values, existing, actor, def }) => {
        if (existing && actor.userId !== null && actor.providerIds !== null && existing[def.block.owner!] !== actor.userId) {
          throw new HttpError(403, 'Este usuário não tem autorização para realizar esta operação.');
        }
        if (!values) return;
        const merged = { ...(existing ?? {}), ...values };
        if ('cidade' in values || 'uf' in values) {
          values.cidade = canonicalCity(merged.cidade, merged.uf);
          assertMunicipality(values.cidade, merged.uf);
        }
        // The engine took only a PDF of the curriculos bucket the writer may read (x-intranet.files);
        // a resume is moreover one's own upload (the superadmin and the system excepted), not a
        // colleague's the writer could download.
        if (values.curriculo && values.curriculo !== existing?.curriculo && actor.providerIds !== null) {
          const { rows } = await tx.query<{ id_usuario: number | null }>(`SELECT id_usuario FROM storage.arquivo WHERE id = $1`, [values.curriculo]);
          if (rows[0]?.id_usuario !== (merged[def.block.owner!] ?? actor.userId)) throw new ValidationError({ curriculo: MSG.fileNotFound });
        }
      },
    };
  }

  /** The source of an application from the body's `origem` (the page's utm_source or referrer, already classified), else the request's referrer. */
  static sourceOf(origem: unknown, referrer: string | undefined, host: string | undefined) {
    if (typeof origem === 'string' && /^[a-z0-9_.-]{1,60}$/i.test(origem.trim())) return origem.trim().toLowerCase();
    return applicationSource(null, referrer, host);
  }
}

const dates = (r: Row) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString().slice(0, 10) : v]));
