import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

export { SpanKind };

// The tracing SDK (exporter, provider) lives in start-tracing.ts, loaded only by processes that may export traces;
// what is here needs only the API, so a process that never traces (the projector) does not load the SDK.
let exporting = false;

/** Whether this process exports traces (startTracing found an OTLP endpoint). */
export function tracingOn(): boolean {
  return exporting;
}

/** Called by startTracing once its provider is registered. */
export function markTracingOn(): void {
  exporting = true;
}

function tracer() {
  return trace.getTracer('kitchen-backoffice');
}

/** Ends `span` as failed when `error` is set. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined && error !== null) {
    if (error instanceof Error) span.recordException(error);
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
  }
  span.end();
}

/** Starts a span (child of `parent`, by default the active context) without making it active. */
export function startSpan(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes } = {},
  parent: Context = context.active(),
): Span {
  return tracer().startSpan(name, options, parent);
}

/** Runs `fn` in a span that is active meanwhile (its queries and jobs become its children) and ends it after. */
export async function withSpan<T>(
  name: string,
  options: { kind?: SpanKind; attributes?: Attributes; parent?: Context },
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const span = startSpan(name, options, options.parent ?? context.active());
  try {
    const result = await context.with(trace.setSpan(options.parent ?? context.active(), span), () =>
      fn(span),
    );
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/** Whether a span is active here (a request's, a job's): work outside any is not worth a trace of its own. */
export function inTrace(): boolean {
  return trace.getSpan(context.active()) !== undefined;
}

/** Runs `fn` with `span` active. */
export function inSpan<T>(span: Span, fn: () => T): T {
  return context.with(trace.setSpan(context.active(), span), fn);
}

/**
 * The W3C trace-context fields (`traceparent`, `tracestate`) of `span`, by default the active one; undefined when
 * none is recorded.
 */
export function injectTrace(span?: Span): Record<string, string> | undefined {
  if (!exporting) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(span ? trace.setSpan(context.active(), span) : context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The context a `traceparent` (from an HTTP header or a job's data) continues; the root context without one. */
export function extractTrace(carrier: Record<string, string | string[] | undefined> | undefined): Context {
  if (!carrier) return context.active();
  return propagation.extract(context.active(), carrier, {
    get: (c, key) => c[key],
    keys: (c) => Object.keys(c),
  });
}

/** Where a job's data carries the trace of whoever queued it (the payload schemas drop it when they parse). */
export const JOB_TRACE_FIELD = 'traceContext';

/** `data` with the active trace context added, for a job whose worker continues the trace (see jobSpan). */
export function withJobTrace<T extends object>(data: T): T {
  const carrier = injectTrace();
  return carrier ? { ...data, [JOB_TRACE_FIELD]: carrier } : data;
}

/** Runs a job's work in a consumer span, a child of the span that queued it when its data carries one. */
export function jobSpan<T>(
  queue: string,
  job: { name: string; id?: string; data: unknown },
  fn: () => Promise<T>,
): Promise<T> {
  if (!exporting) return fn();
  const carrier = (job.data as Record<string, unknown> | null)?.[JOB_TRACE_FIELD];
  return withSpan(
    `${queue} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.destination.name': queue,
        'messaging.operation.type': 'process',
        'messaging.message.id': job.id ?? '',
        'kb.job.name': job.name,
      },
      parent:
        typeof carrier === 'object' && carrier ? extractTrace(carrier as Record<string, string>) : undefined,
    },
    fn,
  );
}
