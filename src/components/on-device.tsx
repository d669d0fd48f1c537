import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => undefined;

/**
 * A part drawn from what only the device knows (push permission, the install prompt, a section loaded on first use):
 * left out of the server's render of a screen, and drawn right after the app has taken that page over, so both draw
 * the same page (React reads the server's answer while hydrating). On a screen the app draws itself, drawn at once.
 */
export function OnDevice({ children }: { children: ReactNode }) {
  const onDevice = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  return onDevice ? children : null;
}
