import { expect, test } from '@playwright/test';

// Each area of the console is its own chunk, fetched the first time the area is visited; the
// sign-in page, in the entry, fetches none.
test('a page loads its own area chunk and no other', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByTestId('page-title')).toBeVisible();
  const areas = scripts.filter((s) => /\/assets\/area-/.test(s)).map((s) => /area-([a-z-]+)-/.exec(s)?.[1]);
  // The sign-in page is part of the entry (docs/web-bench.md): no area's chunk comes with it.
  expect(areas).toEqual([]);

  await page.goto('/no/such/page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  expect(scripts.some((s) => s.includes('area-dashboard'))).toBe(false);
});
