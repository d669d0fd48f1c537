import type { Executor } from '../client';

/** Demo data for a new installation: each domain adds its own part here. */
export async function seedDemo(_tx: Executor): Promise<void> {}
