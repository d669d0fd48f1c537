import type { Executor } from '../client';

export async function seedCatalog(_tx: Executor): Promise<void> {}
