import {
  applyDecorators,
  Body,
  Controller,
  HttpCode,
  Inject,
  Post,
  Req,
  Res,
  type Type,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { batchAnswerSchema, bodySchemaOf, type Envelope } from '@kb/contracts';
import {
  singleOutcome,
  type Actor,
  type AggregatePath,
  type BatchOutcome,
  type Changed,
} from '@kb/aggregates';
import type { GlobalPosition } from '@kb/event-store';
import {
  formatPosition,
  parsePosition,
  READ_POSITION_HEADER,
  ReadYourWrites,
} from '../../infra/read-your-writes.js';
import { actorOfRequest } from '../actor.js';
import { translate } from '../messages.js';
import { ApiAnswer, ApiBodyFrom, ApiRefusals } from '../openapi.js';
import { Permission } from '../permission.decorator.js';
import { parseBody } from '../validation.js';
import { pathOf } from './aggregate-providers.js';
import type { AggregateCommands, CommandContext, CommandDeclaration, Use } from './aggregate-commands.js';

/** A batch's report as the screens show it: per record done, or why not in the caller's language. */
export function batchReport<A>(outcome: BatchOutcome<A>, actor: Actor, labelKey: string) {
  const results = outcome.outcomes.map((o) => {
    const named = { id: o.id, [labelKey]: o.label };
    return o.error
      ? {
          ...named,
          ok: false,
          status: o.error.status,
          code: o.error.code,
          message: translate(o.error.code, actor.lang, o.error.params) ?? o.error.code,
        }
      : { ...named, ok: true };
  });
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** `translate/confirm` → `translateConfirm`: the handler's name, and the OpenAPI operation id with the aggregate's. */
const methodName = (route: string) => route.replace(/\/(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * Turns an aggregate's declared commands into its controller: for each, POST `/api/<route>/<command route>` with
 * the command's permission, the body parsed and documented from its schema, the command run on the aggregate's
 * path, and the answer enveloped — the record's change or the batch's report, with the position appended in
 * `x-read-position` so the next GET sees it. A refusal is thrown to the exception filter as is.
 */
export function aggregateController<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
>(declared: AggregateCommands<C, E, S, A>): Type<unknown> {
  const { aggregate, batchMessages } = declared;

  @ApiTags(declared.tag)
  @Controller(declared.route)
  class AggregateController {
    private path?: AggregatePath<C, E, S, A>;
    private readonly use: Use;

    constructor(@Inject(ModuleRef) moduleRef: ModuleRef) {
      this.use = (token) => moduleRef.get(token, { strict: false });
    }

    async handle(command: CommandDeclaration<C, E, S, A>, body: unknown, res: Response, req: Request) {
      const input = parseBody(command.input, body);
      const actor = actorOfRequest();
      const use = this.use;
      const path = (this.path ??= use<AggregatePath<C, E, S, A>>(pathOf(aggregate)));
      const ctx: CommandContext<C, E, S, A> = {
        actor,
        path,
        use: this.use,
        async seen() {
          const position = parsePosition(req.header(READ_POSITION_HEADER));
          if (position) await use(ReadYourWrites).waitFor(position);
        },
        run: (id, commandsFor, options) => path.run(actor, id, commandsFor, options),
        runMany: (ids, commandsFor) => path.runMany(actor, ids, commandsFor),
        runOneOfMany: async (id, commandsFor) =>
          singleOutcome(await path.runMany(actor, [id], commandsFor), aggregate.notFound),
      };
      const answered = await command.run(input, ctx);
      if (command.answer === 'data') return envelope(answered, command.message ?? 'ok', actor);
      if (command.answer === 'one') {
        const { position, ...change } = answered as A & Changed;
        readPosition(res, position);
        return envelope(change, command.message ?? 'ok', actor);
      }
      const outcome = answered as BatchOutcome<A>;
      readPosition(res, outcome.position);
      const report = batchReport(outcome, actor, aggregate.labelKey);
      const code = report.failed === 0 ? (command.message ?? batchMessages.done) : batchMessages.partial;
      return envelope(report, code, actor, { succeeded: report.succeeded, failed: report.failed });
    }
  }

  const prototype = AggregateController.prototype as unknown as Record<string, unknown>;
  for (const command of declared.commands) {
    const name = methodName(command.route);
    prototype[name] = function (this: AggregateController, body: unknown, res: Response, req: Request) {
      return this.handle(command, body, res, req);
    };
    Body()(prototype, name, 0);
    Res({ passthrough: true })(prototype, name, 1);
    Req()(prototype, name, 2);
    const output =
      command.output ??
      (command.answer === 'one'
        ? declared.answerSchema
        : command.answer === 'batch'
          ? batchAnswerSchema(aggregate.labelKey)
          : z.unknown());
    applyDecorators(
      Permission(command.permission),
      Post(command.route),
      HttpCode(200),
      ApiOperation({ summary: command.summary, operationId: `${declared.route}.${name}` }),
      ApiBodyFrom(bodySchemaOf(command.input)),
      ApiAnswer(output),
      ApiRefusals(...(command.refusals ?? [])),
    )(prototype, name, Object.getOwnPropertyDescriptor(prototype, name)!);
  }
  Object.defineProperty(AggregateController, 'name', {
    value: `${declared.route[0]!.toUpperCase()}${declared.route.slice(1)}CommandsController`,
  });
  return AggregateController;
}

function readPosition(res: Response, position: GlobalPosition | null) {
  if (position) res.setHeader(READ_POSITION_HEADER, formatPosition(position));
}

function envelope<T>(
  data: T,
  code: string,
  actor: Actor,
  params: Record<string, string | number> = {},
): Envelope<T> {
  return { status: 200, desc: translate(code, actor.lang, params) ?? code, data };
}
