import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/**
 * Where each screen was opened from, so that its back arrow returns there (a product opened from /shop goes back to
 * /shop, the same product opened from the home goes home). Kept in memory per history entry: after a reload, or on
 * an address opened directly, the arrow goes to the screen's parent instead.
 */
interface Origin {
  pathname: string;
  /** The origin's place in the history (TanStack's entry index): the arrow steps back to it. */
  index: number;
}

const origins = new Map<string, Origin>();

const entryOf = (location: ParsedLocation) => {
  const state = location.state as { __TSR_key?: string; key?: string; __TSR_index?: number };
  return { key: state.__TSR_key ?? state.key, index: state.__TSR_index ?? 0 };
};

/** Records the origin of every entry the app opens; call once per router. Returns the unsubscribe function. */
export function trackOrigins(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    if (!fromLocation) return;
    const to = entryOf(toLocation);
    const from = entryOf(fromLocation);
    if (!to.key || origins.has(to.key)) return; // an entry seen before (back, forward): its origin stands
    const opened = to.index === from.index + 1;
    // Opened from another screen, or the same screen with other search values (a filter, a panel of checkout) or in
    // its place (a replace): the latter keep the origin of the entry they follow.
    const sameScreen = fromLocation.pathname === toLocation.pathname || to.index === from.index;
    const origin = opened && !sameScreen ? { pathname: fromLocation.pathname, index: from.index } : from.key ? origins.get(from.key) : undefined;
    if (origin && origin.index < to.index) origins.set(to.key, origin);
  });
}

/**
 * How many entries the back arrow of the screen at `location` steps back (negative), or null when it should go to
 * the screen's parent: nothing known, or the screen was reached from one of its own sub-screens (a filter applied
 * on /shop/filter, an address saved on /shipping-address/add), which the arrow must not reopen.
 */
export function stepsBack(location: ParsedLocation): number | null {
  const here = entryOf(location);
  const origin = here.key ? origins.get(here.key) : undefined;
  if (!origin) return null;
  const path = location.pathname.replace(/\/+$/, '');
  if (origin.pathname.startsWith(`${path}/`)) return null;
  return origin.index - here.index;
}
