import { Module } from '@nestjs/common';
import { registerMessages } from '../../common/messages.js';
import { SearchController } from './search.controller.js';
import { SEARCH_MESSAGES } from './search.messages.js';
import { SearchService } from './search.service.js';

registerMessages(SEARCH_MESSAGES);

/** One search across the brand's records for the command palette (it reads the other areas' read models). */
@Module({ providers: [SearchService], controllers: [SearchController] })
export class SearchModule {}
