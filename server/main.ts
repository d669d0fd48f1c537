import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';
import { startSchedule } from './modules/schedule/index';

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
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Member Rewards is running: open ${config.publicUrl} (database: ${where})`);
  // The loyalty jobs on this instance (JOBS=off to leave them to another one; running them on several is safe).
  const schedule = startSchedule(database.db, {
    everySeconds: config.jobsIntervalSeconds,
    onError: (job, err) => app.log.error({ err, job }, 'job failed'),
  });
  const stop = async () => {
    await schedule.stop();
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
