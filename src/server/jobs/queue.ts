// The job queue: pg-boss 10 (MIT) over the server's own database (adapter.ts), so the same queue,
// schedules and workers run on embedded PGlite and on PostgreSQL, and several server instances over
// one PostgreSQL share them (jobs are fetched with FOR UPDATE SKIP LOCKED; one instance at a time turns
// the cron schedules into jobs). pg-boss keeps its tables in the "pgboss" schema, which it creates and
// migrates itself on start (about a tenth of a second).
import PgBoss from 'pg-boss';
import type { Database } from '../db/index.js';
import { bossDatabase } from './adapter.js';

export interface JobQueueOptions {
  /** How often an idle worker asks for jobs (seconds, at least 0.5). */
  pollingIntervalSeconds?: number;
  log?: { info(msg: string): void; warn(msg: string): void };
}

export const BOSS_SCHEMA = 'pgboss';

export class JobQueue {
  readonly boss: PgBoss;
  private readonly adapter: ReturnType<typeof bossDatabase>;
  private state: 'idle' | 'started' | 'stopped' = 'idle';

  constructor(
    db: Database,
    private readonly options: JobQueueOptions = {},
  ) {
    this.adapter = bossDatabase(db);
    const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 2);
    this.boss = new PgBoss({
      db: this.adapter as unknown as PgBoss.Db,
      schema: BOSS_SCHEMA,
      pollingIntervalSeconds,
      // Cron: schedules are checked every 30 s and their jobs picked up within a few seconds.
      cronWorkerIntervalSeconds: Math.min(5, Math.max(1, Math.ceil(pollingIntervalSeconds))),
    });
    // pg-boss reports failures of its own loops (maintenance, polling) here; without a listener an
    // 'error' event would end the process.
    this.boss.on('error', (e: Error) => options.log?.warn(`fila de trabalhos: ${e.message}`));
  }

  get started() {
    return this.state === 'started';
  }

  async start() {
    if (this.state !== 'idle') return;
    await this.boss.start();
    this.state = 'started';
  }

  /**
   * Stops the workers and schedules, waiting up to `timeoutMs` for running jobs (those still running
   * then are failed and retried later, by this or another instance); the database stays open.
   */
  async stop(timeoutMs = 10_000) {
    if (this.state !== 'started') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    await this.adapter.close();
  }
}
