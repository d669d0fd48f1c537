import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './seed/index';
import { buildApp } from './app';
import { vapidKeys } from './modules/notifications/web-push';
import { memberPageRenderer } from './member-page';

/**
 * The generated passwords of the first accounts, on stdout rather than the log: the default LOG_LEVEL (warn) would drop
 * them, and they are stored only hashed, so this first start is the one chance to see them.
 */
function printGeneratedCredentials(lines: string[]) {
  if (lines.length === 0) return;
  const rule = '='.repeat(72);
  console.log(
    [
      rule,
      'First start: sign-in accounts created with generated passwords (shown once, never again):',
      ...lines.map((line) => `  ${line}`),
      'Write them down now. Set ADMIN_PASSWORD / STAFF_PASSWORD / LOYALTY_MANAGER_PASSWORD / BRANCH_MANAGER_PASSWORD before the first start to choose them.',
      rule,
    ].join('\n'),
  );
}

/** Reads the environment, opens and migrates the database, seeds demo data once, and listens. */
async function main() {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase(config);
    await migrate(database);
  } catch (err) {
    console.error(`Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }
  const seeded = await seedIfEmpty(database.db, config);
  const app = await buildApp(config, database);
  printGeneratedCredentials(seeded.messages);
  // Development: Web Push keys made at the first start (kept in the database so subscriptions survive restarts).
  const vapid = await vapidKeys(database.db, config);
  if (vapid?.generated) {
    console.log(
      [
        'First start: Web Push (VAPID) keys generated and kept in the database. To carry them to another',
        'installation, or to production, set:',
        `  VAPID_PUBLIC_KEY=${vapid.publicKey}`,
        `  VAPID_PRIVATE_KEY=${vapid.privateKey}`,
      ].join('\n'),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Member Rewards is running: open ${config.publicUrl} (database: ${where})`);
  // Background jobs (notification delivery, the loyalty jobs...) on every instance: they share the work through the
  // database, each job on one instance at a time.
  if (config.jobsPollMs > 0) app.jobs.start();
  // The member screens' server renderer, loaded now rather than by the first member who opens the app.
  void memberPageRenderer(config.distDir)().catch((err: unknown) => app.log.warn({ err }, 'the member pages renderer did not load: members get the app shell'));
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
