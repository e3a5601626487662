import {
  cookingPostSchema,
  deviceActivationSchema,
  deviceContentQuerySchema,
  faultPostSchema,
  telemetryPostSchema,
} from '@kb/contracts';
import { z } from 'zod';
import { BODY_LIMITS } from './limits.js';
import { noticeOpenApiPaths } from '../notices/notice-routes.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

const envelope = (data: object) => ({
  type: 'object',
  required: ['status', 'desc', 'data'],
  properties: { status: { type: 'integer' }, desc: { type: 'string' }, data },
});

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: envelope({ nullable: true }) } },
});

const common = {
  '400': refusal('Invalid JSON or body: `desc` names the first problem, `data.fieldErrors` every one'),
  '413': refusal('Body too large'),
  '415': refusal('Body is not application/json'),
};

const posting = (summary: string, body: z.ZodType, limit: number) => ({
  post: {
    summary,
    security: [{ deviceCredential: [] }],
    requestBody: {
      required: true,
      description: `At most ${limit} bytes. Every message has a messageId: resending a message never stores it twice.`,
      content: { 'application/json': { schema: schema(body) } },
    },
    responses: {
      '202': {
        description: 'Queued; stored by the workers within moments',
        content: {
          'application/json': {
            schema: envelope({ type: 'object', properties: { accepted: { type: 'integer' } } }),
          },
        },
      },
      '401': refusal('No, unknown or revoked credential'),
      '503': {
        description:
          'Nothing accepted: the workers are behind (`data.retryAfterSeconds`, header `Retry-After`) or Redis is ' +
          'away; keep the batch and post it again after that long',
        headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait' } },
        content: {
          'application/json': {
            schema: envelope({
              type: 'object',
              nullable: true,
              properties: { retryAfterSeconds: { type: 'integer' } },
            }),
          },
        },
      },
      ...common,
    },
  },
});

/** The OpenAPI document of the device API, served at GET /device/v1/openapi.json. */
export function deviceOpenApi() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitchen back-office — device API',
      version: '1',
      description:
        'What appliances post to device-ingest. A device activates once with its brand’s factory key and gets its own ' +
        'credential; then it posts telemetry and fault batches with it. Every post counts as activity: a device is ' +
        'online until its inactivity timeout passes without one.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        deviceCredential: {
          type: 'http',
          scheme: 'bearer',
          description: 'The credential activation answered',
        },
        activationKey: { type: 'apiKey', in: 'header', name: 'x-activation-key' },
      },
    },
    paths: {
      '/device/v1/activate': {
        post: {
          summary: 'Activate a device (first start, or again after a reset): answers its new credential',
          security: [{ activationKey: [] }],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(deviceActivationSchema) } },
          },
          responses: {
            '200': {
              description: 'Activated; any earlier credential of the device is revoked',
              content: {
                'application/json': {
                  schema: envelope({
                    type: 'object',
                    properties: {
                      deviceId: { type: 'string', format: 'uuid' },
                      sn: { type: 'string' },
                      credential: { type: 'string' },
                      activatedAt: { type: 'string', format: 'date-time' },
                    },
                  }),
                },
              },
            },
            '401': refusal('Unknown activation key'),
            '409': refusal('The SN belongs to another brand'),
            ...common,
          },
        },
      },
      '/device/v1/telemetry': posting(
        'Post 1–500 telemetry samples',
        telemetryPostSchema,
        BODY_LIMITS.telemetry,
      ),
      '/device/v1/faults': posting('Post 1–100 fault reports', faultPostSchema, BODY_LIMITS.faults),
      '/device/v1/content': {
        get: {
          summary:
            'What the device shows besides recipes: online banners for the device recipe home, lock-screen ads ' +
            'for its model, themed groups (their released online recipes) and hot search labels, in its language',
          security: [{ deviceCredential: [] }],
          parameters: [
            {
              name: 'lang',
              in: 'query',
              required: false,
              description: 'The device language (e.g. en); default and fallback the brand’s main language',
              schema: schema(deviceContentQuerySchema.shape.lang),
            },
            {
              name: 'If-None-Match',
              in: 'header',
              required: false,
              description: 'The ETag of the feed the device has: 304 without a body while it is unchanged',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description:
                'The feed (`data`: lang, banners, lockScreenAds, groups, hotTags; see DeviceContentFeed in ' +
                'libs/contracts). A change made by staff shows within 2 s. Poll with If-None-Match.',
              headers: { ETag: { schema: { type: 'string' }, description: 'send it back as If-None-Match' } },
              content: {
                'application/json': {
                  schema: envelope({
                    type: 'object',
                    properties: {
                      lang: { type: 'string' },
                      banners: { type: 'array', items: { type: 'object' } },
                      lockScreenAds: { type: 'array', items: { type: 'object' } },
                      groups: { type: 'array', items: { type: 'object' } },
                      hotTags: { type: 'array', items: { type: 'object' } },
                    },
                  }),
                },
              },
            },
            '304': { description: 'Unchanged since the ETag sent' },
            '400': refusal('Invalid lang'),
            '401': refusal('No, unknown or revoked credential'),
          },
        },
      },
      ...noticeOpenApiPaths('/device/v1', refusal),
      '/device/v1/cooking': posting(
        'Post 1–100 cooking sessions (recipe and version, mode, start, end, completed or aborted); a completed one counts as a cook of the recipe and of the app user bound to the device',
        cookingPostSchema,
        BODY_LIMITS.cooking,
      ),
      '/device/v1/openapi.json': {
        get: { summary: 'This document', responses: { '200': { description: 'OK' } } },
      },
    },
  };
}
