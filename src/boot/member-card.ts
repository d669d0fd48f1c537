/**
 * Paints the member's QR code on /my-id before the framework has loaded, so a member at the till sees a scannable
 * code at once, online or offline. index.html runs this module as soon as it arrives, ahead of the app's entry
 * (vite.config.ts bootModule, which preloads its imports: one round trip, not a chain of them). Every page loads it
 * (about 10 KB gzip, precached): only on /my-id, with a device secret of this build still fresh in the query cache the
 * app keeps in localStorage, does it draw (./paint-member-card.ts). Otherwise nothing is painted and the app decides.
 * It also starts the app (./start-app.ts): after the card's code has painted when it draws one, so that offline the
 * framework's evaluation does not hold the code back, and otherwise after the first paint.
 */
import type { MemberCodeDevice } from '../../contracts/member-code-otp';
import { MAX_AGE, SYNC_STORAGE_KEY } from '../lib/persistence-keys';
import { paintMemberCard } from './paint-member-card';
import { claimPrerendered } from './prerendered';
import { startAppAfterPaint } from './start-app';

// First: the build's HTML in #root stays only where it is right (./prerendered.ts).
claimPrerendered();

/** A card that cannot be drawn (a broken stored secret, an image that never loads) must not keep the app from starting. */
const CARD_WAIT_MS = 1000;

interface StoredQuery {
  queryKey?: unknown[];
  state?: { data?: unknown; dataUpdatedAt?: number };
}

function storedDevice(): MemberCodeDevice | null {
  try {
    const raw = localStorage.getItem(SYNC_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as { buster?: string; timestamp?: number; clientState?: { queries?: StoredQuery[] } };
    const now = Date.now();
    if (stored.buster !== (import.meta.env.VITE_BUILD_ID ?? 'dev') || !stored.timestamp || now - stored.timestamp > MAX_AGE) return null;
    const query = stored.clientState?.queries?.find((q) => q.queryKey?.[0] === 'member-code' && q.queryKey[1] === 'device');
    const data = query?.state?.data as Partial<MemberCodeDevice> | undefined;
    if (!data || now - (query?.state?.dataUpdatedAt ?? 0) > MAX_AGE) return null;
    const { device_id, secret, step, digits, member_no } = data;
    if (typeof secret !== 'string' || typeof step !== 'number' || typeof digits !== 'number' || typeof member_no !== 'number') return null;
    return { device_id: String(device_id), secret, step, digits, member_no };
  } catch {
    return null;
  }
}

const device = location.pathname.replace(/\/+$/, '') === '/my-id' ? storedDevice() : null;
if (device) {
  const painted = paintMemberCard(device).catch(() => undefined);
  void Promise.race([painted, new Promise((resolve) => setTimeout(resolve, CARD_WAIT_MS))]).then(() => startAppAfterPaint());
} else {
  startAppAfterPaint();
}
