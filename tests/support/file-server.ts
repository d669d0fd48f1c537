import { afterAll, beforeAll } from 'vitest';
import { seedMembers } from '../../server/seed/members';
import { createTestServer, type TestServer } from './server';

/**
 * One server for a test file: started before its tests (what `start` answers is handed to `use`, which keeps it in
 * the file's variables) and closed after them.
 */
export function serverForFile<T extends { server: TestServer }>(start: () => Promise<T>, use: (started: T) => void, timeout = 60_000) {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    use(started);
  }, timeout);
  afterAll(() => started?.server.close());
}

/** A server with the demo members (and no catalogue). */
export async function serverWithMembers(): Promise<{ server: TestServer }> {
  const server = await createTestServer();
  await seedMembers(server.database.db);
  return { server };
}
