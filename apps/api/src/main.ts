import { createApp } from './app.factory.js';
import { prepareDatabase } from './bootstrap.js';
import { loadConfig } from './config.js';

async function main() {
  const config = loadConfig();
  if (config.MIGRATE_ON_START === 'true') await prepareDatabase(config);
  const app = await createApp(config);
  await app.listen(config.PORT, config.HOST);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(
    JSON.stringify({ level: 30, service: 'api', msg: `API listening on http://${config.HOST}:${port}` }),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
