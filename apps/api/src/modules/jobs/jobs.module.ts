import { Module } from '@nestjs/common';
import { JobLauncher } from './job-launcher.js';
import { JobsController } from './jobs.controller.js';
import { JobDetailHandler } from './queries/job-detail/job-detail.handler.js';
import { ListJobsHandler } from './queries/list-jobs/list-jobs.handler.js';
import { JOB_API_MESSAGES } from './jobs-api.messages.js';
import { registerMessages } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(JOB_API_MESSAGES);

/** The long-job kit's API side: start a job (JobLauncher), follow it, list them, download the output. */
@Module({
  providers: [JobLauncher, JobDetailHandler, ListJobsHandler],
  controllers: [JobsController],
  exports: [JobLauncher],
})
export class JobsModule {}
