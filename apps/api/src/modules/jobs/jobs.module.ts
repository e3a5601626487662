import { Module } from '@nestjs/common';
import { JobLauncher } from './job-launcher.js';
import { JobsController } from './jobs.controller.js';
import { JobDetailHandler } from './queries/job-detail/job-detail.handler.js';
import { ListJobsHandler } from './queries/list-jobs/list-jobs.handler.js';

/** The long-job kit's API side: start a job (JobLauncher), follow it, list them, download the output. */
@Module({
  providers: [JobLauncher, JobDetailHandler, ListJobsHandler],
  controllers: [JobsController],
  exports: [JobLauncher],
})
export class JobsModule {}
