/**
 * Chromium's install prompt: `beforeinstallprompt` fires early (often before React mounts), so this module
 * captures it at import time (main.tsx imports it) and keeps it for the InstallHint. iOS has no such event.
 */
import { create } from 'zustand';

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

interface InstallState {
  event: BeforeInstallPromptEvent | null;
  installed: boolean;
}

export const useInstallStore = create<InstallState>(() => ({ event: null, installed: false }));

const DISMISSED_KEY = 'member-rewards:install-dismissed';

export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // we show our own, quieter hint
    useInstallStore.setState({ event: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallStore.setState({ event: null, installed: true }));
}

export function wasDismissed(): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY) ?? 0);
    return Date.now() - at < 30 * 24 * 60 * 60 * 1000;
  } catch {
    return false;
  }
}

export function dismissInstall(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // storage blocked: hide for this session only
  }
  useInstallStore.setState({ event: null });
}

export async function promptInstall(): Promise<boolean> {
  const event = useInstallStore.getState().event;
  if (!event) return false;
  await event.prompt();
  const choice = await event.userChoice;
  useInstallStore.setState({ event: null, installed: choice.outcome === 'accepted' });
  return choice.outcome === 'accepted';
}

captureInstallPrompt();
