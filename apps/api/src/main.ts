import { createApp } from './app.factory.js';
import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';
import { startOpsServer, startTracing } from '@kb/platform';
import { Metrics, ReadinessProbe } from './infra/observability.js';

async function main() {
  const config = loadConfig();
  // Before any pool is made, so their queries are traced too (nothing starts without an OTLP endpoint).
  startTracing('kitchen-api');
  if (config.MIGRATE_ON_START === 'true') await prepareDatabase(config);
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const readiness = app.get(ReadinessProbe);
  const ops = await startOpsServer({
    host: config.METRICS_HOST,
    port: config.METRICS_PORT,
    token: config.METRICS_TOKEN,
    registry: app.get(Metrics).registry,
    ready: () => readiness.check(),
  });
  console.log(
    JSON.stringify({ level: 30, service: 'api', msg: `API listening on http://${config.HOST}:${port}` }),
  );
  console.log(
    JSON.stringify({ level: 30, service: 'api', msg: `API metrics, /livez and /readyz on ${ops.url}` }),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
