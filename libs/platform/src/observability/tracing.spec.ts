import { injectTrace, jobSpan, tracingOn, withJobTrace, withSpan } from './tracing.js';
import { startTracing } from './start-tracing.js';

describe('tracing without an OTLP endpoint', () => {
  it('starts nothing: no exporter, no trace context in answers or jobs, work runs as it is', async () => {
    expect(startTracing('kitchen-test', { OTEL_SERVICE_NAME: 'x' })).toBeUndefined();
    expect(tracingOn()).toBe(false);
    const data = { runId: 'r1' };
    await withSpan('outer', {}, async () => {
      expect(injectTrace()).toBeUndefined();
      expect(withJobTrace(data)).toBe(data);
    });
    await expect(jobSpan('system', { name: 'ping', data }, async () => 'done')).resolves.toBe('done');
  });
});
