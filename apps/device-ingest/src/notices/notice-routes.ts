import type { IncomingMessage } from 'node:http';
import {
  noticeAckSchema,
  type DeliveredNotice,
  type Envelope,
  type NoticeAck,
  type NoticeAckAnswer,
} from '@kb/contracts';
import type { Pool } from '@kb/platform';
import { z } from 'zod';
import { acknowledge, deliveredNotices } from './notice-deliveries.js';

/** Largest acknowledgement body (100 acks). */
export const NOTICE_ACK_LIMIT = 16 * 1024;
/** Notices one answer holds at most (newest first). */
const POLL_LIMIT = 50;

/** Whoever receives deliveries: a device (by its credential) or an app user (by its sign-in). */
export interface NoticeReader {
  brandOwnerCode: string;
  id: string;
}

/**
 * The notice routes under `prefix`: `GET <prefix>/notices` answers the reader's notices (every language they were
 * written in) and `POST <prefix>/notices/ack` records received and read. A device (`/device/v1`) polls for its
 * unread ones; the companion app (`/app/v1`) reads its inbox, read ones included, older pages by `?before=<pushedAt>`.
 */
export function noticeRoutes(
  prefix: '/device/v1' | '/app/v1',
  req: IncomingMessage,
  deps: {
    pool: Pool;
    reader: (req: IncomingMessage) => Promise<NoticeReader>;
    readAck: (req: IncomingMessage) => Promise<NoticeAck>;
  },
): Record<string, { method: string; run: () => Promise<Envelope> }> {
  const inbox = prefix === '/app/v1';
  return {
    [`${prefix}/notices`]: {
      method: 'GET',
      run: async (): Promise<Envelope<{ list: DeliveredNotice[] }>> => {
        const reader = await deps.reader(req);
        const before = new URL(req.url ?? '/', 'http://device-ingest').searchParams.get('before');
        const at = before ? new Date(before) : undefined;
        const list = await deliveredNotices(deps.pool, reader, {
          unreadOnly: !inbox,
          limit: POLL_LIMIT,
          before: at && !Number.isNaN(at.getTime()) ? at : undefined,
        });
        return { status: 200, desc: 'ok', data: { list } };
      },
    },
    [`${prefix}/notices/ack`]: {
      method: 'POST',
      run: async (): Promise<Envelope<NoticeAckAnswer>> => {
        const reader = await deps.reader(req);
        const acks = await deps.readAck(req);
        return { status: 200, desc: 'ok', data: await acknowledge(deps.pool, reader.id, acks) };
      },
    },
  };
}

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** The two routes in the device or app API's OpenAPI document. */
export function noticeOpenApiPaths(
  prefix: '/device/v1' | '/app/v1',
  refusal: (description: string) => object,
) {
  const security = prefix === '/app/v1' ? [{ appToken: [] }] : [{ deviceCredential: [] }];
  return {
    [`${prefix}/notices`]: {
      get: {
        summary:
          prefix === '/app/v1'
            ? `The app user's inbox, newest first (at most ${POLL_LIMIT}; older ones with ?before=<pushedAt>)`
            : `The device's unread notices, newest first (at most ${POLL_LIMIT}), each in every language written`,
        security,
        responses: {
          '200': {
            description:
              '`data.list`: noticeId, number, texts [{lang, title, content}], pushedAt, receivedAt',
          },
          '401': refusal('No, unknown or revoked credential'),
        },
      },
    },
    [`${prefix}/notices/ack`]: {
      post: {
        summary: 'Acknowledge notices as received or read (read implies received; repeats change nothing)',
        security,
        requestBody: { required: true, content: { 'application/json': { schema: schema(noticeAckSchema) } } },
        responses: {
          '200': { description: '`data`: how many acknowledgements changed something ({received, read})' },
          '400': refusal('Invalid body'),
          '401': refusal('No, unknown or revoked credential'),
        },
      },
    },
  };
}
