import { appActivityPostSchema, appRegisterSchema, appSignInSchema } from '@kb/contracts';
import { z } from 'zod';
import { noticeOpenApiPaths } from '../notices/notice-routes.js';
import { APP_BODY_LIMITS } from './limits.js';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

const envelope = (data: object) => ({
  type: 'object',
  required: ['status', 'desc', 'data'],
  properties: { status: { type: 'integer' }, desc: { type: 'string' }, data },
});

/** A refusal: `desc` in the app's language (Accept-Language en, else zh), `data.messages` in both. */
const refusal = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: envelope({
        type: 'object',
        properties: {
          code: { type: 'string' },
          messages: { type: 'object', properties: { zh: { type: 'string' }, en: { type: 'string' } } },
          fieldErrors: { type: 'object', additionalProperties: { type: 'string' } },
        },
      }),
    },
  },
});

const session = {
  description: 'Signed in: send `data.token` as `Authorization: Bearer <token>`',
  content: {
    'application/json': {
      schema: envelope({
        type: 'object',
        properties: {
          token: { type: 'string' },
          expiresAt: { type: 'string', format: 'date-time' },
          user: { type: 'object' },
        },
      }),
    },
  },
};

const signedIn = {
  '401': refusal('No, unknown or expired token'),
  '403': refusal('The app user is disabled'),
};

/** The OpenAPI document of the app API, served at GET /app/v1/openapi.json. */
export function appOpenApi() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitchen back-office — companion app API',
      version: '1',
      description:
        'What the companion app calls on device-ingest. An app user registers or signs in with their own account ' +
        'and password of a brand and gets a token; with it they favourite and unfavourite recipes, review recipes ' +
        'they cooked to the end, and search the brand’s released recipes (every search is recorded with its terms, ' +
        'language, result count, time and the user’s region). Cooking sessions come from the devices ' +
        '(`POST /device/v1/cooking`), counted for the app user the device is bound to.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { appToken: { type: 'http', scheme: 'bearer', description: 'The token of sign-in' } },
    },
    paths: {
      '/app/v1/register': {
        post: {
          summary: 'Register an app user of the brand (or claim an account a device binding created)',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(appRegisterSchema) } },
          },
          responses: {
            '200': session,
            '400': refusal('Invalid body or unknown brand'),
            '409': refusal('The account is already registered'),
          },
        },
      },
      '/app/v1/sign-in': {
        post: {
          summary: 'Sign in with account and password',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schema(appSignInSchema) } },
          },
          responses: {
            '200': session,
            '400': refusal('Invalid body'),
            '401': refusal('Wrong account or password'),
            '403': refusal('The app user is disabled'),
          },
        },
      },
      '/app/v1/sign-out': {
        post: {
          summary: 'End this token',
          security: [{ appToken: [] }],
          responses: { '200': { description: 'Signed out' }, '401': refusal('No token') },
        },
      },
      '/app/v1/me': {
        get: {
          summary: 'The signed-in user with their favourite and cook counts',
          security: [{ appToken: [] }],
          responses: { '200': { description: 'The user' }, ...signedIn },
        },
      },
      '/app/v1/activity': {
        post: {
          summary: 'Post 1–100 favourites, unfavourites and reviews',
          security: [{ appToken: [] }],
          requestBody: {
            required: true,
            description:
              `At most ${APP_BODY_LIMITS.activity} bytes. Every message has a messageId: resending never stores it ` +
              'twice. A favourite change older than the one stored changes nothing.',
            content: { 'application/json': { schema: schema(appActivityPostSchema) } },
          },
          responses: {
            '202': { description: 'Queued; stored by the workers within moments' },
            '400': refusal('Invalid body, or a recipe that is not the brand’s (`data.fieldErrors`)'),
            '409': refusal('A review of a recipe the user has not cooked to the end'),
            '503': refusal('Nothing accepted: the workers are behind (header `Retry-After`); post again'),
            ...signedIn,
          },
        },
      },
      '/app/v1/recipes/search': {
        get: {
          summary: 'Search the brand’s released recipes by number or name (at most 50 hits and the total)',
          security: [{ appToken: [] }],
          parameters: [
            { name: 'q', in: 'query', required: true, schema: { type: 'string', maxLength: 100 } },
            { name: 'lang', in: 'query', schema: { type: 'string', default: 'zh' } },
            {
              name: 'messageId',
              in: 'query',
              description: 'Resending the same search with the same id records it once',
              schema: { type: 'string', maxLength: 64 },
            },
          ],
          responses: { '200': { description: '`data.list` and `data.total`' }, ...signedIn },
        },
      },
      ...noticeOpenApiPaths('/app/v1', refusal),
      '/app/v1/openapi.json': {
        get: { summary: 'This document', responses: { '200': { description: 'OK' } } },
      },
    },
  };
}
