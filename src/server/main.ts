// Process entry of the API server: `npm start` runs the compiled dist/server/main.js.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

const distDir = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, { staticDir: distDir });
  const app = await buildApp({ config });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
