import type { Executor } from '../client';

export async function seedBlog(_tx: Executor): Promise<void> {}
