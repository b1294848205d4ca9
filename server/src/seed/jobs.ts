import { INestApplicationContext } from '@nestjs/common';
import { ConfigService, isInspectableJobQueueStrategy } from '@vendure/core';

/**
 * Waits until the job queue (or one queue of it) has no PENDING/RUNNING/RETRYING jobs (checked twice in a row), e.g.
 * after the search reindex. Needs an inspectable job queue strategy (SQL / BullMQ) and the queue
 * started in this process (JobQueueService.start() / worker.startJobQueue()).
 */
export async function waitForJobQueue(app: INestApplicationContext, timeoutMs = 300_000, queueName?: string): Promise<void> {
  const strategy = app.get(ConfigService).jobQueueOptions.jobQueueStrategy;
  if (!isInspectableJobQueueStrategy(strategy)) return;
  const deadline = Date.now() + timeoutMs;
  let idleChecks = 0;
  while (Date.now() < deadline) {
    const { totalItems } = await strategy.findMany({
      filter: { state: { in: ['PENDING', 'RUNNING', 'RETRYING'] }, ...(queueName ? { queueName: { eq: queueName } } : {}) },
      take: 1,
    } as any);
    idleChecks = totalItems === 0 ? idleChecks + 1 : 0;
    if (idleChecks >= 2) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Job queue did not drain within ${timeoutMs} ms`);
}

/** Cancels every PENDING job of a queue (e.g. per-variant index jobs superseded by a full reindex). */
export async function cancelPendingJobs(app: INestApplicationContext, queueName: string): Promise<number> {
  const strategy = app.get(ConfigService).jobQueueOptions.jobQueueStrategy;
  if (!isInspectableJobQueueStrategy(strategy)) return 0;
  let cancelled = 0;
  for (;;) {
    const { items } = await strategy.findMany({
      filter: { queueName: { eq: queueName }, state: { eq: 'PENDING' } },
      take: 100,
    } as any);
    if (!items.length) return cancelled;
    for (const job of items) {
      if (job.id != null) {
        await strategy.cancelJob(job.id);
        cancelled++;
      }
    }
  }
}

/**
 * Deletes the records of settled (completed, cancelled, failed) jobs. The SQL job queue polls
 * `job_record` every 200 ms per queue; at 10,000 products the seed leaves ~29,000 settled rows
 * (~25 MB) and each poll took 16 ms of the server's event loop, slowing every request.
 */
export async function removeSettledJobs(app: INestApplicationContext): Promise<number> {
  const strategy = app.get(ConfigService).jobQueueOptions.jobQueueStrategy;
  if (!isInspectableJobQueueStrategy(strategy)) return 0;
  return strategy.removeSettledJobs([], new Date());
}
