import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { roleCan } from '@kb/contracts';
import { bullmqPrefix, closeQueueClient, closeRedis, createRedisConnection, QUEUE_NAMES } from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import { registerMessages, translate } from '../../common/messages.js';
import { requestContext } from '../../common/request-context.js';
import { redisTargetOf, type AppConfig } from '../../config.js';
import { AuthService, SESSION_COOKIE } from '../auth/auth.service.js';
import { permissionDenied } from '../auth/permission.messages.js';
import { sameOriginChanges } from '../auth/same-origin.middleware.js';

/** Where the board answers: its page and its own JSON API (`…/api/queues`, `…/api/queues/:queue/:job/retry`). */
export const QUEUE_BOARD_PATH = '/api/admin/queues';

function refuse(res: Response, error: AppError): void {
  const lang = requestContext.lang();
  res.status(error.status).json({
    status: error.status,
    desc: translate(error.code, lang, error.params),
    data: null,
    code: error.code,
  });
}

registerMessages({
  queue_board_operators_only: {
    zh: '任务队列看板只对平台运营品牌的管理员开放（它显示所有品牌的任务）',
    en: 'The queue board is open to the platform operator’s admins only (it shows every brand’s jobs)',
  },
});

/**
 * Bull Board over every queue device-ingest works, for the roles holding `queue.manage` (admins) — of the operator's
 * brands only when `QUEUE_BOARD_BRANDS` names them, since the board shows every brand's jobs: the queues, their
 * jobs and the failed ones with their errors, and a retry. It is Express middleware, outside Nest's guard, so the
 * session and the role are checked here, from the same session table and permission matrix.
 *
 * Forgery: the board's page sends its changes (retry, clean, …) as PUT/PATCH/DELETE without the app's marker
 * header. A page of another origin cannot send those methods (a form only GETs and POSTs; a script needs a CORS
 * preflight this server never grants), so for them the origin checks suffice; a POST still needs the marker.
 */
export function mountQueueBoard(
  app: NestExpressApplication,
  config: AppConfig,
  origins: string[],
): () => Promise<void> {
  const connection = createRedisConnection(redisTargetOf(config), 'client', 'api:queue-board', {
    lazyConnect: true,
  });
  connection.on('error', () => undefined);
  const queues = QUEUE_NAMES.map((name) => {
    const queue = new Queue(name, { connection, prefix: bullmqPrefix(config.REDIS_PREFIX) });
    queue.on('error', () => undefined);
    return queue;
  });
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Kitchen back-office queues' } },
  });
  const auth = app.get(AuthService);
  const sameOrigin = sameOriginChanges(origins);
  const guard = (req: Request, res: Response, next: NextFunction) => {
    auth
      .resolveSession(req.cookies?.[SESSION_COOKIE])
      .then((session) => {
        if (!session) return refuse(res, new AppError(401, 'not_logged_in'));
        if (!roleCan(session.user.role, 'queue.manage'))
          return refuse(res, permissionDenied(session.user.role, 'queue.manage'));
        const operators = config.QUEUE_BOARD_BRANDS;
        if (operators && !operators.includes(session.user.brandOwnerCode))
          return refuse(res, new AppError(403, 'queue_board_operators_only'));
        if (req.method === 'POST') return sameOrigin(req, res, next);
        const origin = req.headers.origin;
        const site = req.headers['sec-fetch-site'];
        const allowed = origins.length
          ? origins
          : [`${req.protocol}://${req.get('host') ?? ''}`.toLowerCase()];
        if (
          (origin !== undefined && !allowed.includes(origin.toLowerCase())) ||
          (site !== undefined && site !== 'same-origin' && site !== 'none')
        )
          return refuse(res, new AppError(403, 'cross_origin_refused'));
        next();
      })
      .catch(next);
  };
  app.use(
    QUEUE_BOARD_PATH,
    guard,
    serverAdapter.getRouter() as (req: Request, res: Response, next: NextFunction) => void,
  );
  return async () => {
    await Promise.all(queues.map((q) => closeQueueClient(q)));
    await closeRedis(connection);
  };
}
