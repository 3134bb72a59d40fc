import { expect, type Locator } from '@playwright/test';
import { test } from './fixtures/admin-session';

// On a phone (390 × 844) the header keeps its language switcher and user menu on screen: the
// sidebar folds away completely and both show their icons only.
test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });

/** Entirely inside the viewport, not just present in the page. */
async function expectOnScreen(locator: Locator, width = 390) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test('at 390 px the language switcher and the user menu are visible and work', async ({ page }, testInfo) => {
  await page.goto('/home');
  const switcher = page.getByTestId('language-switcher');
  const userMenu = page.getByTestId('user-menu');
  await expectOnScreen(switcher);
  await expectOnScreen(userMenu);
  await page.screenshot({ path: testInfo.outputPath('header-390.png') });

  await switcher.click();
  await page.getByTestId('locale-zh-CN').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expectOnScreen(switcher);

  await userMenu.click();
  await page.getByTestId('user-menu-profile').click();
  await expect(page).toHaveURL(/\/user\/profile/);
  await expectOnScreen(page.getByTestId('user-menu'));
});
