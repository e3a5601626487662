import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { allProjections } from '../projections.js';
import type { AggregateProjection } from './aggregate-projection.js';
import { transferList, type FoldRequest } from './fold-thread.js';

/**
 * The fold thread's side (fold-thread.ts): folds each batch it is sent with the registry's aggregate projection of
 * that name, in order, and sends the encoded rows back, their memory moved rather than copied. Nothing imports this
 * file: the thread is started from its built path.
 */
function serve(): void {
  const port = parentPort!;
  port.on('message', ({ id, request }: { id: number; request: FoldRequest }) => {
    try {
      const projection = allProjections.find((p) => p.name === request.name) as
        AggregateProjection | undefined;
      if (!projection?.foldText) throw new Error(`No aggregate projection named ${request.name}`);
      const result = projection.foldText(request);
      port.postMessage({ id, result }, transferList(result));
    } catch (error) {
      const { message, code } = error as { message?: unknown; code?: unknown };
      port.postMessage({
        id,
        error: {
          message: typeof message === 'string' ? message : String(error),
          code: typeof code === 'string' ? code : undefined,
        },
      });
    }
  });
}

if (!isMainThread && (workerData as { kind?: string } | null)?.kind === 'fold-thread') serve();
