// Wiring of the background work into the app: the communication scale's channels and dispatcher, and,
// when jobs are enabled (JOBS_ENABLED, on in the server, off in tests unless a test asks), the queue
// with its schedules and workers. app.communication gives the v1 calls the dispatcher, the queue and
// the clock; closing the app stops the queue before the database goes.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import { createChannels, type Channels } from '../communication/channels.js';
import { CommunicationDispatcher } from '../communication/dispatcher.js';
import { CommunicationJobs } from './communication.js';
import { JobQueue } from './queue.js';

export interface CommunicationServices {
  dispatcher: CommunicationDispatcher;
  channels: Channels;
  /** The queue and the communication jobs, when jobs are enabled. */
  queue: JobQueue | null;
  jobs: CommunicationJobs | null;
  /** The clock (a test fixes it): "today" of the preview. */
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    communication: CommunicationServices;
  }
}

export async function setupJobs(app: FastifyInstance, { db, config, now }: { db: Database; config: Partial<Config>; now?: () => Date }) {
  const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
  const channels = createChannels(db, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    whatsapp: config.whatsapp,
    sms: config.sms,
    httpTimeoutMs: config.communicationHttpTimeoutMs,
  });
  const maxAttempts = config.communicationMaxAttempts ?? 5;
  const queue = config.jobsEnabled ? new JobQueue(db, { pollingIntervalSeconds: config.jobsPollingIntervalSeconds, log }) : null;
  let dispatcher: CommunicationDispatcher;
  const jobs = queue ? new CommunicationJobs(queue, () => dispatcher, { maxAttempts, retryDelaySeconds: config.communicationRetryDelaySeconds ?? 60, log }) : null;
  dispatcher = new CommunicationDispatcher(db, {
    channels,
    maxAttempts,
    retry: jobs ? (ids) => jobs.retrySends(ids) : undefined,
    log: log.info,
  });
  app.decorate('communication', { dispatcher, channels, queue, jobs, now: now ?? (() => new Date()) } satisfies CommunicationServices);
  if (queue && jobs) {
    app.addHook('onClose', async () => queue.stop());
    await queue.start();
    await jobs.start();
  }
}
