import type { IncomingMessage } from 'node:http';
import {
  noticeAckSchema,
  type DeliveredNotice,
  type Envelope,
  type NoticeAck,
  type NoticeAckAnswer,
} from '@kb/contracts';
import type { AuthenticatedDevice } from '@kb/devices';
import type { Pool } from '@kb/platform';
import { z } from 'zod';
import { acknowledge, deliveredNotices } from './notice-deliveries.js';

/** Largest acknowledgement body (100 acks). */
export const NOTICE_ACK_LIMIT = 16 * 1024;
/** Unread notices a poll answers at most (newest first). */
const POLL_LIMIT = 50;

/**
 * The device side of notices: `GET /device/v1/notices` answers the device's unread notices (every language they
 * were written in), `POST /device/v1/notices/ack` records received and read. Both with the device's credential.
 */
export function noticeDeviceRoutes(
  req: IncomingMessage,
  deps: {
    pool: Pool;
    authenticate: (req: IncomingMessage) => Promise<AuthenticatedDevice>;
    readAck: (req: IncomingMessage) => Promise<NoticeAck>;
  },
): Record<string, { method: string; run: () => Promise<Envelope> }> {
  return {
    '/device/v1/notices': {
      method: 'GET',
      run: async (): Promise<Envelope<{ list: DeliveredNotice[] }>> => {
        const device = await deps.authenticate(req);
        const list = await deliveredNotices(
          deps.pool,
          { brandOwnerCode: device.brandOwnerCode, id: device.deviceId },
          { unreadOnly: true, limit: POLL_LIMIT },
        );
        return { status: 200, desc: 'ok', data: { list } };
      },
    },
    '/device/v1/notices/ack': {
      method: 'POST',
      run: async (): Promise<Envelope<NoticeAckAnswer>> => {
        const device = await deps.authenticate(req);
        const acks = await deps.readAck(req);
        return { status: 200, desc: 'ok', data: await acknowledge(deps.pool, device.deviceId, acks) };
      },
    },
  };
}

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** The two routes in the device API's OpenAPI document. */
export function noticeDeviceOpenApiPaths(refusal: (description: string) => object) {
  return {
    '/device/v1/notices': {
      get: {
        summary: `The device's unread notices, newest first (at most ${POLL_LIMIT}), each in every language written`,
        security: [{ deviceCredential: [] }],
        responses: {
          '200': {
            description:
              '`data.list`: noticeId, number, texts [{lang, title, content}], pushedAt, receivedAt',
          },
          '401': refusal('No, unknown or revoked credential'),
        },
      },
    },
    '/device/v1/notices/ack': {
      post: {
        summary: 'Acknowledge notices as received or read (read implies received; repeats change nothing)',
        security: [{ deviceCredential: [] }],
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
