/**
 * The /categories groups. A plain module (no component, no CSS): the route's validateSearch runs in the app shell,
 * and taking the constant from the grid component would pull the whole grid (Chip, queries, strings) in with it.
 */
export const CATEGORY_GROUPS = ['all', 'gift', 'gift-card'] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];
