import type { Executor } from '../client';

export async function seedLoyalty(_tx: Executor): Promise<void> {}
