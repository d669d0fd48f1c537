import { readConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';

/** Reads the environment, opens and migrates the database, seeds demo data once, and listens. */
async function main() {
  const config = readConfig();
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
  for (const line of seeded.messages) app.log.info(line);
  for (const line of seeded.messages) if (config.logLevel === 'silent') console.log(line);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(`Member Rewards is running: open ${config.publicUrl} (database: ${where})`);
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
