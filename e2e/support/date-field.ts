import type { Locator, Page } from '@playwright/test';

const PREVIOUS = /^(เดือนก่อนหน้า|Previous month)$/;
const NEXT = /^(เดือนถัดไป|Next month)$/;

/**
 * Picks the ISO day `iso` in a date field (src/components/date-field.tsx): opens its calendar and turns the months
 * until the day is drawn, then clicks it, as a person would.
 */
export async function pickDay(page: Page, field: Locator, iso: string): Promise<void> {
  await field.click();
  const calendar = page.getByRole('dialog');
  for (let turns = 0; turns < 600; turns += 1) {
    const day = calendar.locator(`[data-day="${iso}"]`);
    if ((await day.count()) > 0) {
      await day.click();
      return;
    }
    const first = (await calendar.locator('[data-day]').first().getAttribute('data-day')) ?? '';
    await calendar.getByRole('button', { name: first > iso ? PREVIOUS : NEXT }).click();
  }
  throw new Error(`The calendar never showed ${iso}`);
}
