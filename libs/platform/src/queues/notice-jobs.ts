/** The queue and job name of notice pushes, as `QUEUES` registers them. */
export const NOTICE_PUSH_QUEUE = 'notification-push';
export const NOTICE_PUSH_JOB = 'push-notice';

/**
 * The BullMQ job id of a notice's push at `pushAt` (the timer time, or when a push now was asked for). The API and
 * device-ingest's re-arming of scheduled notices compute the same id, so re-arming a job that is still waiting adds
 * nothing, and moving the time gives a new job while the old id can be removed.
 */
export function noticePushJobId(noticeId: string, pushAt: Date): string {
  return `notice-${noticeId}-${pushAt.getTime()}`;
}
