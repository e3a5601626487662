import type { FastifyRequest } from 'fastify';
import { noticeAckSchema, text } from '@kb/contracts';
import type { Pool } from '@kb/platform';
import { z } from 'zod';
import { route, type ApiRoute, type Security } from '../api-routes.js';
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

const noticeListQuery = z.object({
  before: text()
    .max(64)
    .optional()
    .describe('Older notices only: the pushedAt of the last one shown (the app’s inbox pages)'),
});

const deliveredNotice = z.object({
  noticeId: z.uuid(),
  number: text(),
  texts: z.array(z.object({ lang: text(), title: text(), content: text() })),
  pushedAt: z.iso.datetime(),
  receivedAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable(),
});

/**
 * The notice routes under `prefix`: `GET <prefix>/notices` answers the reader's notices (every language they were
 * written in) and `POST <prefix>/notices/ack` records received and read. A device (`/device/v1`) polls for its
 * unread ones; the companion app (`/app/v1`) reads its inbox, read ones included, older pages by `?before=<pushedAt>`.
 */
export function noticeRoutes(
  prefix: '/device/v1' | '/app/v1',
  deps: { pool: Pool; security: Security; reader: (req: FastifyRequest) => Promise<NoticeReader> },
): ApiRoute[] {
  const inbox = prefix === '/app/v1';
  const who = inbox ? 'App' : 'Device';
  return [
    route({
      method: 'GET',
      url: `${prefix}/notices`,
      operationId: `list${who}Notices`,
      summary: inbox
        ? `The app user's inbox, newest first (at most ${POLL_LIMIT}; older ones with ?before=<pushedAt>)`
        : `The device's unread notices, newest first (at most ${POLL_LIMIT}), each in every language written`,
      security: deps.security,
      querystring: noticeListQuery,
      answer: { status: 200, description: 'The notices', data: z.object({ list: z.array(deliveredNotice) }) },
      before: deps.reader,
      handle: async (req, _reply, reader) => {
        const at = req.query.before ? new Date(req.query.before) : undefined;
        const list = await deliveredNotices(deps.pool, reader, {
          unreadOnly: !inbox,
          limit: POLL_LIMIT,
          before: at && !Number.isNaN(at.getTime()) ? at : undefined,
        });
        return { status: 200, desc: 'ok', data: { list } };
      },
    }),
    route({
      method: 'POST',
      url: `${prefix}/notices/ack`,
      operationId: `acknowledge${who}Notices`,
      summary: 'Acknowledge notices as received or read (read implies received; repeats change nothing)',
      security: deps.security,
      body: noticeAckSchema,
      bodyLimit: NOTICE_ACK_LIMIT,
      answer: {
        status: 200,
        description: 'How many acknowledgements changed something',
        data: z.object({ received: z.number().int(), read: z.number().int() }),
      },
      before: deps.reader,
      handle: async (req, _reply, reader) => ({
        status: 200,
        desc: 'ok',
        data: await acknowledge(deps.pool, reader.id, req.body),
      }),
    }),
  ];
}
