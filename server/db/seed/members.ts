import type { Executor } from '../client';

export async function seedMembers(_tx: Executor): Promise<void> {}
