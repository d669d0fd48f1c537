export { BroadcastScreen } from './components/broadcast-screen';

/** The back office's navigation entry: campaign broadcasts, for the roles the server lets send them. */
export const BROADCAST_NAV = { to: '/admin/broadcasts', labelKey: 'broadcast.nav', roles: ['System Manager', 'Loyalty Manager'] } as const;
