import type { Page } from '@playwright/test';

type Recorded = Window & { layoutShifts?: LayoutShifts };

export interface LayoutShifts {
  /** The cumulative layout shift score (Core Web Vitals: good under 0.1) of the page's content. */
  score: number;
  /** The start of the text of each element that moved. */
  moved: string[];
}

/**
 * Records, from the first paint on, every element of the page's content that moves once shown (Chromium's
 * Layout Instability API; shifts right after an input are the user's own and left out). Call it before the
 * page loads. The footer is left out too: it moves down as the page grows below what is shown.
 * A shift counts only in view: give the page a tall viewport to see them all.
 */
export async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: LayoutShifts = { score: 0, moved: [] };
    (window as Recorded).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources
          .map(({ node }) => (node instanceof Element ? node : node?.parentElement))
          .filter((element) => !element?.closest('footer'));
        if (moved.length === 0) continue;
        shifts.score += entry.value;
        shifts.moved.push(...moved.map((element) => element?.textContent?.slice(0, 40) ?? 'a removed node'));
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** What moved since the page loaded. */
export function layoutShifts(page: Page): Promise<LayoutShifts> {
  return page.evaluate(() => (window as Recorded).layoutShifts ?? { score: 0, moved: [] });
}
