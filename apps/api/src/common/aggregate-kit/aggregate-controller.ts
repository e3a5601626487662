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
  runDeclared,
  type Actor,
  type AggregateCommands,
  type AggregatePath,
  type BatchOutcome,
  type CommandDeclaration,
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
import { pathOf, portsOf } from './aggregate-providers.js';

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
 * the command's permission, the body documented from its schema, the command run by the kit (`runDeclared`: body
 * parsed, run on the aggregate's path with the module's ports), and the answer enveloped — the record's change or
 * the batch's report, with the position appended in `x-read-position` so the next GET sees it. A refusal is thrown
 * to the exception filter as is.
 */
export function aggregateController<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
  P,
>(declared: AggregateCommands<C, E, S, A, P>): Type<unknown> {
  const { aggregate } = declared;

  @ApiTags(declared.tag)
  @Controller(declared.route)
  class AggregateController {
    private path?: AggregatePath<C, E, S, A>;
    private ports?: P;

    constructor(@Inject(ModuleRef) private readonly moduleRef: ModuleRef) {}

    async handle(command: CommandDeclaration<C, E, S, A, P>, body: unknown, res: Response, req: Request) {
      const actor = actorOfRequest();
      const moduleRef = this.moduleRef;
      this.path ??= moduleRef.get<AggregatePath<C, E, S, A>>(pathOf(aggregate), { strict: false });
      this.ports ??= moduleRef.get<P>(portsOf(aggregate), { strict: false });
      const ran = await runDeclared(declared, command, body, this.path, {
        actor,
        ports: this.ports,
        parse: parseBody,
        async seen() {
          const position = parsePosition(req.header(READ_POSITION_HEADER));
          if (position) await moduleRef.get(ReadYourWrites, { strict: false }).waitFor(position);
        },
      });
      if (ran.answer === 'data') return envelope(ran.data, ran.message, actor);
      if (ran.answer === 'one') {
        const { position, ...change } = ran.change;
        readPosition(res, position);
        return envelope(change, ran.message, actor);
      }
      readPosition(res, ran.outcome.position);
      const report = batchReport(ran.outcome, actor, aggregate.labelKey);
      return envelope(report, ran.message, actor, { succeeded: report.succeeded, failed: report.failed });
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
