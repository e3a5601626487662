/** Messages of the long-job endpoints and of the runs' generic failures. Merged into the API catalog. */
export const JOB_API_MESSAGES: Record<string, { zh: string; en: string }> = {
  job_not_found: { zh: '任务不存在', en: 'The job does not exist' },
  job_cursor_invalid: { zh: '分页位置有误', en: 'The page position is not valid' },
  job_output_missing: { zh: '任务没有可下载的文件', en: 'The job has no file to download' },
  job_queue_down: {
    zh: '任务队列暂不可用，请稍后再试',
    en: 'The job queue is unavailable; try again later',
  },
};
