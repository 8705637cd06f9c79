import './preflight.js';
import { loadConfig, ConfigError, type Config } from './config.js';
import { buildApp } from './app.js';
import { ensureAdmin, isDatabaseEmpty } from './bootstrap.js';
import { seedDemo } from '../seed/demo.js';
import { startIndiamartScheduler } from './services/indiamart/scheduler.js';
import { discardAbandonedBatches } from './services/leads/upload-batches.js';
import { startMaintenance } from './services/maintenance/maintenance.js';
import { stopAccepting } from './http/graceful.js';
import { surviveOutOfFiles } from './http/connection-cap.js';
import { demoAccountsWithPublishedPasswords, demoPasswordsStartWarning } from './auth/demo-passwords.js';

/** How long open keep-alive connections may go on after SIGTERM before they are closed. */
const DRAIN_GRACE_MS = 1_000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const { app, deps, drain } = await buildApp(config);
  surviveOutOfFiles(app.log);
  // An upload this instance was running when it stopped was cut off (another instance's goes on).
  const discarded = await discardAbandonedBatches(deps, deps.dialect === 'sqlite' ? { all: true } : { owner: config.instanceId });
  if (discarded) app.log.warn(`discarded ${discarded} upload(s) a previous run left unfinished`);
  const wasEmpty = await isDatabaseEmpty(deps);
  const admin = await ensureAdmin(deps);
  if (admin === 'created') app.log.info(`admin ${config.admin!.email} created`);

  const seed = config.seedDemo ?? (config.nodeEnv !== 'production' && wasEmpty);
  if (seed && wasEmpty) {
    const signIns = await seedDemo(deps);
    console.log(`\nDemo data created. Sign in at http://localhost:${config.port} with:\n${signIns}\n`);
  } else if (seed) {
    app.log.info('SEED_DEMO is on but the database already has data: demo data not added');
  }
  if (admin === 'not-configured' && !seed) {
    app.log.warn('no admin exists: set ADMIN_EMAIL and ADMIN_PASSWORD to create one');
  }

  const indiamart = startIndiamartScheduler(deps, {
    logger: app.log,
    intervalMs: config.indiamartCheckMs,
    firstTickMs: Math.min(10_000, config.indiamartCheckMs),
  });

  const maintenance = startMaintenance(deps, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // Clients busy on keep-alive connections get their next answers (saying connection: close)
    // before the connections go; a pull in progress finishes while the database is still open.
    drain();
    await stopAccepting(app.server, DRAIN_GRACE_MS);
    await indiamart.stop();
    await maintenance.stop();
    // Keep-alive sockets that finish their last request while we close would hold the server open.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(sweep);
    app.log.info('server stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    console.error(
      `Port ${config.port} on ${config.host} is already in use (another copy of this server, or another program). ` +
        `Stop it, or start on another port: PORT=${config.port + 1} npm start`,
    );
    process.exit(1);
  }
  // Checked after listening: a hash check per demo account must not delay the start.
  const openDemoAccounts = await demoAccountsWithPublishedPasswords(deps);
  if (openDemoAccounts.length) app.log.warn(demoPasswordsStartWarning(config, openDemoAccounts));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
