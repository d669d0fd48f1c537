/** The tabs of the points history, kept in the address by its route (apart from the screen, which the route loads later). */
export const HISTORY_TABS = ['received', 'used'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];
