import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

export const SCREENS_DIR = fileURLToPath(new URL('../.artifacts/screens/', import.meta.url));

/** Saves a viewport screenshot to e2e/.artifacts/screens/<name>.png (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false, animations: 'disabled' });
  return file;
}
