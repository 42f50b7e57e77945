// The fleet's job on the queue (queue.ts): fleet-reminders, one cron schedule ('0 7 * * *' in
// America/Sao_Paulo). Its run tells the reminders due on the São Paulo day (FleetService.reminders):
// each item once per threshold, so a schedule fired twice or a retry tells nothing twice.
import { BUSINESS_TIME_ZONE, businessDate } from '../../domain/communicationDates.js';
import type { FleetService } from '../fleet/service.js';
import type { JobQueue } from './queue.js';

export const FLEET_REMINDERS_QUEUE = 'fleet-reminders';
export const FLEET_REMINDERS_CRON = '0 7 * * *';

export async function startFleetJobs(queue: JobQueue, fleet: FleetService, now: () => Date, log: { info(msg: string): void }) {
  const { boss } = queue;
  const options = { policy: 'stately' as const, retryLimit: 3, retryDelay: 300, retryBackoff: true };
  await boss.createQueue(FLEET_REMINDERS_QUEUE, { name: FLEET_REMINDERS_QUEUE, ...options });
  await boss.updateQueue(FLEET_REMINDERS_QUEUE, { name: FLEET_REMINDERS_QUEUE, ...options });
  await boss.schedule(FLEET_REMINDERS_QUEUE, FLEET_REMINDERS_CRON, {}, { tz: BUSINESS_TIME_ZONE });
  await boss.work(FLEET_REMINDERS_QUEUE, async () => {
    const told = await fleet.reminders(businessDate(now()));
    if (told) log.info(`lembretes da frota: ${told} aviso(s) enviados`);
    return { told };
  });
}
