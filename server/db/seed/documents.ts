import type { Executor } from '../client';

export async function seedDocuments(_tx: Executor): Promise<void> {}
