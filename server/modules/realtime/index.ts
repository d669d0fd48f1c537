import { Server } from 'socket.io';
import type { ServerModule } from '../../frappe/module';
import { attachRelay, sameOrigin } from './relay';

/** Postgres adapter's table for payloads over NOTIFY's 8000-byte limit (owned by the adapter, not our schema). */
const ATTACHMENTS_TABLE = `CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT NOW(),
  payload bytea
)`;

/**
 * socket.io on the same HTTP server at /socket.io: `doctype_subscribe` / `doctype_unsubscribe` (read
 * permission required), and `list_update {doctype, name, user}` after every committed change. With
 * DATABASE_URL the Postgres adapter fans events out to every server instance.
 */
export const realtimeModule: ServerModule = {
  name: 'realtime',
  methods: [],
  doctypes: [],
  async routes(app, deps) {
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (req, done) => done(null, sameOrigin(req, deps.config)),
      maxHttpBufferSize: 16 * 1024,
    });
    if (deps.database.pool) {
      const { createAdapter } = await import('@socket.io/postgres-adapter');
      await deps.database.pool.query(ATTACHMENTS_TABLE);
      io.adapter(
        createAdapter(deps.database.pool, {
          errorHandler: (err) => app.log.warn({ err }, 'socket.io postgres adapter error'),
        }),
      );
    }
    const detach = attachRelay(app, io, deps);
    app.decorate('io', io);
    // Open sockets would keep the HTTP server from closing: end them first, then the engine and the adapter.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      detach();
      await io.close().catch(() => {});
    });
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}
