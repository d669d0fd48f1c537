export { SyncBadge, RejectedWrite } from '@/components/sync-status';
export { OfflineGate } from './offline-fallback';
export { InstallHint } from './install-hint';
export { PendingWritesNote } from './pending-writes';
