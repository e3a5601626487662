import { Module } from '@nestjs/common';
import { referenceEntityController } from '../../common/reference-entity/reference-entity.controller.js';
import { ReferenceEntityService } from '../../common/reference-entity/reference-entity.service.js';
import { CONTENT_ENTITIES } from './content.entities.js';
import { H5Controller } from './h5.controller.js';
import { CONTENT_API_MESSAGES } from './content-api.messages.js';
import { registerMessages } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(CONTENT_API_MESSAGES);

/** Content operations: banners, themed recipe groups, lock-screen ads, hot search labels and the H5 page. */
@Module({
  providers: [ReferenceEntityService],
  controllers: [...CONTENT_ENTITIES.map((e) => referenceEntityController(e as never)), H5Controller],
})
export class ContentModule {}
