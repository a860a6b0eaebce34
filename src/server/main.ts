// Process entry of the API server: `npm start` runs the compiled dist/server/main.js.
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { checkDataDir, ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './shared/db/data-dir-lock.ts';
import { buildDemoServer } from './demo-server.ts';

const distDir = fileURLToPath(new URL('..', import.meta.url));
const demoDir = fileURLToPath(new URL('../../demo/', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, { staticDir: distDir });
  checkDataDir(config.dataDir);
  const app = await buildApp({ config });
  const demo = config.demoPort ? await buildDemoServer({ demoDir, platformOrigin: config.publicUrl }) : null;
  const stop = async () => {
    await Promise.all([app.close(), demo?.close()]);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await app.listen({ host: config.host, port: config.port });
  if (config.demo) {
    const why = process.env.DEMO ? 'DEMO=1' : `HOST=${config.host} is a loopback address, with no PUBLIC_URL, TRUST_PROXY or NODE_ENV=production saying otherwise; DEMO=0 turns it off`;
    const outbox = config.smtpUrl ? '' : `, mail in the outbox page ${config.publicUrl}/api/dev/outbox/ (this machine only)`;
    app.log.info(`demo mode (${why}): demo accounts, sandbox payments${outbox}`);
  }
  if (demo) {
    await demo.listen({ host: config.host, port: config.demoPort });
    app.log.info(`demo site (widgets on another origin): http://${config.host}:${config.demoPort}/`);
  }
}

main().catch((error: unknown) => {
  // The operator's mistakes get one clear line, without a stack.
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
