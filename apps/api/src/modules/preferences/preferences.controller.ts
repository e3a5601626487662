import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { type StaffPreferences, staffPreferencesAnswerSchema, staffPreferencesSchema } from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { PG_POOL } from '../../infra/tokens.js';

/** One user's own display choices (the colour scheme), so a second browser opens the way the first was left. */
@ApiTags('accounts')
@Controller('preferences')
export class PreferencesController {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  @Permission('account.self')
  @Get()
  @ApiAnswer(staffPreferencesAnswerSchema)
  @ApiOperation({ summary: 'The signed-in user’s display preferences' })
  async get() {
    const { rows } = await this.pool.query<{ color_scheme: StaffPreferences['colorScheme'] }>(
      'SELECT color_scheme FROM staff_preferences WHERE user_id = $1',
      [requestContext.user().id],
    );
    return ok<StaffPreferences>({ colorScheme: rows[0]?.color_scheme ?? 'auto' });
  }

  @Permission('account.self')
  @Post()
  @ApiAnswer(staffPreferencesAnswerSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Keep the signed-in user’s display preferences' })
  @ApiBodyFrom(staffPreferencesSchema)
  async save(@Body() body: unknown) {
    const input = parseInput(staffPreferencesSchema, body);
    await this.pool.query(
      `INSERT INTO staff_preferences (user_id, color_scheme) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET color_scheme = EXCLUDED.color_scheme, updated_at = now()`,
      [requestContext.user().id, input.colorScheme],
    );
    return ok<StaffPreferences>(input, 'saved');
  }
}
