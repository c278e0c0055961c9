import type { Page } from '@playwright/test';
import { admin, expect, signInViaApi, test } from './fixtures';
import { ADMIN_SCREENS, DEMO, OWNER_SCREENS, SETTINGS_TABS } from './screens';

/**
 * Every owner and admin screen on a 375 px phone and a 1440 px desktop (issue 43): nothing the screen offers is
 * out of reach. Tabs all in sight, no text cut to a stub, and a table wider than the phone scrolls in its own
 * box with its first column kept in place.
 */

const SIZES = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

/** Tabs a click cannot reach: outside the window, or clipped away by a box they sit in. */
function tabsOutOfSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const hidden: string[] = [];
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      const edges = tab.getBoundingClientRect();
      let visible = edges.width > 0 && edges.left >= 0 && edges.right <= window.innerWidth + 0.5;
      for (let box = tab.parentElement; box && visible; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = box.getBoundingClientRect();
        visible =
          edges.left >= clip.left - 0.5 &&
          edges.right <= clip.right + 0.5 &&
          edges.top >= clip.top - 0.5 &&
          edges.bottom <= clip.bottom + 0.5;
      }
      if (!visible) hidden.push(tab.textContent?.trim() ?? '');
    }
    return hidden;
  });
}

/** Text shortened with an ellipsis to less than a few letters: a subject cut to "W…". */
function cutToAStub(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const stubs: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      const style = getComputedStyle(element);
      if (style.textOverflow !== 'ellipsis' || element.scrollWidth <= element.clientWidth) continue;
      if (element.clientWidth < 48)
        stubs.push(`"${element.textContent?.trim().slice(0, 30)}" in ${element.clientWidth} px`);
    }
    return stubs;
  });
}

/**
 * Each table wider than its scrolling box, scrolled to its far end: the first cell of each row must still be in
 * the box's visible part. Answers the tables whose first column scrolled away.
 */
function firstColumnsScrolledAway(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lost: string[] = [];
    for (const table of document.querySelectorAll('main table')) {
      const box = table.closest<HTMLElement>('[data-slot="table-container"]');
      if (!box || box.scrollWidth <= box.clientWidth) continue;
      box.scrollLeft = box.scrollWidth;
      const seen = box.getBoundingClientRect();
      for (const row of table.querySelectorAll('tr')) {
        const first = row.firstElementChild?.getBoundingClientRect();
        if (first && first.left < seen.left - 0.5)
          lost.push(row.firstElementChild?.textContent?.trim() ?? '');
      }
      box.scrollLeft = 0;
    }
    return lost;
  });
}

/** Lets a resize's layout and the renders it causes finish before the page is measured. */
async function afterLayout(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

async function settle(page: Page) {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  // Lists and figures arrive after the heading; pages that poll are never quiet for long.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
}

for (const [role, screens] of [
  ['client', OWNER_SCREENS],
  ['admin', ADMIN_SCREENS],
] as const) {
  for (const screen of screens) {
    test(`${screen} (${role}) at 375 px and 1440 px: tabs in sight, no text cut to a stub, tables keep their first column`, async ({
      page,
    }) => {
      await signInViaApi(page, role === 'admin' ? admin : DEMO);
      const problems: Record<string, unknown> = {};
      await page.setViewportSize(SIZES[0]);
      await page.goto(screen);
      await settle(page);
      // The tabs a member may use come with their role: an owner's are all there before they are measured.
      if (screen.startsWith('/settings'))
        await expect(page.getByRole('tab')).toHaveCount(SETTINGS_TABS.length);
      // One load, then the same page widened: the layout is media queries and resize listeners.
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await afterLayout(page);
        const found = {
          tabsOutOfSight: await tabsOutOfSight(page),
          cutToAStub: await cutToAStub(page),
          firstColumnsScrolledAway: await firstColumnsScrolledAway(page),
        };
        if (Object.values(found).some((list) => list.length > 0)) problems[size.name] = found;
      }
      expect(problems).toEqual({});
    });
  }
}

test('on a phone, a settings tab that was out of reach opens by touch and stays in sight', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInViaApi(page, DEMO);
  await page.goto('/settings');
  const team = page.getByRole('tab', { name: 'Team' });
  await expect(team).toBeInViewport();
  await team.click();
  await expect(page).toHaveURL(/tab=team/);
  await expect(team).toHaveAttribute('aria-selected', 'true');
  await expect(team).toBeInViewport();
});
