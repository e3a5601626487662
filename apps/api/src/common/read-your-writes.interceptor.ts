import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, switchMap, type Observable } from 'rxjs';
import {
  parsePosition,
  READ_POSITION_HEADER,
  READ_POSITION_REACHED_HEADER,
  ReadYourWrites,
} from '../infra/read-your-writes.js';

/** A GET carrying `x-read-position` runs once the read models reached that position (or the wait ran out). */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(private readonly reads: ReadYourWrites) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const position = req.method === 'GET' ? parsePosition(req.header(READ_POSITION_HEADER)) : null;
    if (!position) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return from(this.reads.waitFor(position)).pipe(
      switchMap((reached) => {
        res.setHeader(READ_POSITION_REACHED_HEADER, String(reached));
        return next.handle();
      }),
    );
  }
}
