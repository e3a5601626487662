import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiExtension, ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import { z } from 'zod';
import { text } from '@kb/contracts';

/** A zod schema as JSON Schema: what a request may send (`input`) or what an answer holds (`output`). */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;

/** Documents a request body in OpenAPI from the same zod schema that validates it. */
export function ApiBodyFrom(schema: z.ZodType) {
  return ApiBody({ schema: jsonSchemaOf(schema, 'input') });
}

/** Documents each property of a zod object schema as a query parameter. */
export function ApiQueryFrom(schema: z.ZodObject) {
  const json = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, object>;
    required?: string[];
  };
  return applyDecorators(
    ...Object.entries(json.properties ?? {}).map(([name, s]) =>
      ApiQuery({ name, required: json.required?.includes(name) ?? false, schema: s }),
    ),
  );
}

/** The success envelope around an answer's `data`. */
export const okEnvelopeSchema = (data: z.ZodType) =>
  z.object({ status: z.literal(200), desc: text({ trim: false }), data });

/** Documents an operation's answer: the envelope with `data` of this schema (the one the answer is typed by). */
export function ApiAnswer(data: z.ZodType) {
  return ApiOkResponse({
    description: 'The envelope',
    schema: jsonSchemaOf(okEnvelopeSchema(data), 'output'),
  });
}

/**
 * The refusals an operation gives beyond the ones its shape says (input: 400 and 413; the session: 401 and 403;
 * a record named: 404; a change: 409): e.g. 429 of a throttle, 503 of a queue or mail server that is down.
 */
export function ApiRefusals(...statuses: number[]) {
  return ApiExtension('x-refusals', statuses);
}

/** Documents an answer that is a file's bytes (a CSV export, a download) of this media type. */
export function ApiFileAnswer(mime: string) {
  return ApiOkResponse({
    description: 'The file',
    // Its schema (a string of this media type) is filled in with the document's other files.
    content: { [mime]: {} },
  });
}
