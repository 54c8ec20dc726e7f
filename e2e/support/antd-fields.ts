import type { Locator, Page } from 'playwright-core';

/** Filling antd fields the way a person does, shared by the specs that fill forms in dialogs and drawers. */

/**
 * Chooses an option of an antd select found by its accessible name inside `scope`, typing `search` where
 * the select searches; Tab commits the choice and closes the list.
 */
export async function chooseOption(
  page: Page,
  label: string,
  search: string,
  option: string | RegExp = search,
  scope: Page | Locator = page,
): Promise<void> {
  const select = scope.getByRole('combobox', { name: label });
  await select.click();
  if (await select.isEditable()) await select.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  await select.press('Tab');
}

/** Types a date into an antd date picker found by its label. */
export async function typeDate(scope: Page | Locator, label: string, date: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(date);
  // Tab, not Enter: Enter in a dialog's only input submits its form.
  await input.press('Tab');
}
