import { Global, Module } from '@nestjs/common';
import { JobsModule } from '../../modules/jobs/jobs.module.js';
import { registerMessages } from '../messages.js';
import { ListExports } from './list-exports.service.js';

registerMessages({
  format_invalid: { zh: '文件格式须为 CSV 或 xlsx', en: 'The file format must be CSV or xlsx' },
});

/** The list kit's exports, offered to every module whose list declares one (`declareListExport`). */
@Global()
@Module({
  imports: [JobsModule],
  providers: [ListExports],
  exports: [ListExports],
})
export class ListExportsModule {}
