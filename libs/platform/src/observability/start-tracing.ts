import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { markTracingOn, tracingOn } from './tracing.js';

/**
 * Starts exporting traces over OTLP/HTTP (JSON) when `OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set; otherwise starts nothing, and the spans of tracing.ts cost a no-op
 * call. Call it first thing in a process, before pools are made (only pools made afterwards record their queries).
 * The exporter reads the endpoint, headers and timeouts from the standard OTEL_* variables itself.
 */
export function startTracing(
  serviceName: string,
  env: NodeJS.ProcessEnv = process.env,
): { shutdown(): Promise<void> } | undefined {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || tracingOn()) return undefined;
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registers the AsyncLocalStorage context manager and the W3C trace-context propagator.
  started.register();
  markTracingOn();
  return {
    async shutdown() {
      // Spans still in the batch are sent before the process goes.
      await started.shutdown().catch(() => undefined);
    },
  };
}
