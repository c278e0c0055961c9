import type { Page } from '@playwright/test';

/**
 * What sticks out sideways of the bordered box it sits in (a card, a list item, a table) on the page's main
 * content: a badge or a button drawn over a card's edge. Each as its text, its edges and its box's. Elements
 * taken out of the flow (absolute, fixed) and anything inside a box that scrolls or clips are left out.
 */
export function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bordered = (element: Element) => {
      const style = getComputedStyle(element);
      return parseFloat(style.borderLeftWidth) > 0 && parseFloat(style.borderRightWidth) > 0;
    };
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const found: string[] = [];
    for (const element of document.querySelectorAll('main *')) {
      const edges = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (edges.width === 0 || style.visibility === 'hidden') continue;
      if (style.position === 'absolute' || style.position === 'fixed') continue;
      let box = element.parentElement;
      let clipped = false;
      while (box && box.tagName !== 'MAIN' && !bordered(box)) {
        clipped ||= clips(box);
        box = box.parentElement;
      }
      if (!box || box.tagName === 'MAIN' || clipped || clips(box)) continue;
      const boxEdges = box.getBoundingClientRect();
      if (edges.right > boxEdges.right + 0.5 || edges.left < boxEdges.left - 0.5)
        found.push(
          `"${element.textContent?.trim().slice(0, 30)}" at ${Math.round(edges.left)}-${Math.round(edges.right)} ` +
            `in a box at ${Math.round(boxEdges.left)}-${Math.round(boxEdges.right)}`,
        );
    }
    return found;
  });
}
