export { OfflineNote, formatUpdated } from './offline-note';
export { SyncBadge } from './sync-badge';
export { RejectedWrite } from './rejected-write';
export { NeverSeenOffline, OfflineGate } from './offline-fallback';
export { InstallHint } from './install-hint';
export { PendingWritesNote } from './pending-writes';
