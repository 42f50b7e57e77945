// The communication scale's jobs on the queue (queue.ts):
// - communication-shift-M, -T, -N: one cron schedule each ('0 7 * * *', '0 13 * * *', '0 20 * * *' in
//   America/Sao_Paulo). Their job only asks for the shift of the São Paulo day it was created on.
// - communication-dispatch: runs a shift (dispatcher.runShift) for { dia, turno }. Its singleton key
//   is 'dia:turno' and its policy 'stately': one such job waits and one runs at most, so schedules
//   fired twice (two instances, a retry) collapse into one run; a failed run (the database away) is
//   retried with back-off, and the send log's unique key makes any repeat send nothing twice.
// - communication-send: the retries of failed sends ({ ids } of campanha.envio): the first after
//   COMMUNICATION_RETRY_DELAY_SECONDS, then with pg-boss's exponential back-off, until
//   COMMUNICATION_MAX_ATTEMPTS attempts; each failure keeps its error on the send-log row.
import type PgBoss from 'pg-boss';
import { businessDate, TURNO_CRONS, TURNOS, BUSINESS_TIME_ZONE, type IsoDate, type Turno } from '../../domain/communicationDates.js';
import type { CommunicationDispatcher } from '../communication/dispatcher.js';
import type { JobQueue } from './queue.js';

export const SHIFT_QUEUE: Record<Turno, string> = { M: 'communication-shift-M', T: 'communication-shift-T', N: 'communication-shift-N' };
export const DISPATCH_QUEUE = 'communication-dispatch';
export const SEND_QUEUE = 'communication-send';

export interface CommunicationJobOptions {
  maxAttempts: number;
  retryDelaySeconds: number;
  log?: { info(msg: string): void; warn(msg: string): void };
}

/** The singleton key of a shift run. */
export const shiftKey = (dia: IsoDate, turno: Turno) => `${dia}:${turno}`;

async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>) {
  await boss.createQueue(name, { name, ...options });
  // An existing queue keeps its first settings otherwise (a changed retry delay must apply).
  await boss.updateQueue(name, { name, ...options });
}

export class CommunicationJobs {
  constructor(
    private readonly queue: JobQueue,
    private readonly dispatcher: () => CommunicationDispatcher,
    private readonly options: CommunicationJobOptions,
  ) {}

  /** Creates the queues and schedules and starts the workers (the queue must be started). */
  async start() {
    const { boss } = this.queue;
    for (const turno of TURNOS) {
      await ensureQueue(boss, SHIFT_QUEUE[turno], { policy: 'short', retryLimit: 0 });
      await boss.schedule(SHIFT_QUEUE[turno], TURNO_CRONS[turno], { turno }, { tz: BUSINESS_TIME_ZONE });
      await boss.work<{ turno: Turno }>(SHIFT_QUEUE[turno], { includeMetadata: true }, async ([job]) => {
        // The shift of the day the schedule fired on (not of the moment a late worker picks it up).
        const dia = businessDate(job.createdOn);
        return { id: await this.requestShift(dia, job.data?.turno ?? turno) };
      });
    }
    await ensureQueue(boss, DISPATCH_QUEUE, { policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 4 * 3600 });
    await boss.work<{ dia: IsoDate; turno: Turno }>(DISPATCH_QUEUE, async ([job]) => this.dispatcher().runShift(job.data));
    const retryLimit = Math.max(0, this.options.maxAttempts - 2);
    await ensureQueue(boss, SEND_QUEUE, {
      policy: 'standard',
      retryLimit,
      retryDelay: this.options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 3600,
    });
    await boss.work<{ ids: number[] }>(SEND_QUEUE, async ([job]) => {
      const outcome = await this.dispatcher().sendRows(job.data.ids ?? [], { handOver: false });
      // Failing the job is what makes pg-boss retry it, with back-off; the rows keep their errors.
      if (outcome.falharam.length) throw new Error(`${outcome.falharam.length} envio(s) falharam; nova tentativa agendada`);
      return outcome;
    });
  }

  /** Queues the run of a shift (one per day and turno waiting at a time); the job's id, or null when one is already waiting. */
  requestShift(dia: IsoDate, turno: Turno) {
    return this.queue.boss.send(DISPATCH_QUEUE, { dia, turno }, { singletonKey: shiftKey(dia, turno) });
  }

  /** Queues the retry of failed sends, after the first retry delay. */
  async retrySends(ids: number[]) {
    if (!ids.length || this.options.maxAttempts < 2) return;
    await this.queue.boss.send(SEND_QUEUE, { ids }, { startAfter: this.options.retryDelaySeconds });
  }
}
