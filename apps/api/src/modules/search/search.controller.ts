import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { recordSearchQuerySchema, type SearchAnswer, searchAnswerSchema } from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { SearchService } from './search.service.js';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Permission('read')
  @Get()
  @ApiAnswer(searchAnswerSchema)
  @ApiOperation({
    summary: 'Find records of the caller’s brand by number, name, SN or account (the command palette)',
  })
  @ApiQueryFrom(recordSearchQuerySchema)
  async find(@Query() query: unknown) {
    const { q } = parseInput(recordSearchQuerySchema, query);
    const user = requestContext.user();
    const hits = await this.search.search(user.brandOwnerCode, user.role, requestContext.lang(), q);
    return ok<SearchAnswer>({ hits });
  }
}
