import type { Page } from 'playwright-core';

/** An entry-level Android phone's screen (issue 26): the width the screens are designed at first. */
export const androidPhone = { width: 360, height: 740, phone: true } as const;

/**
 * What a phone user would notice on the page as it is now: sideways scroll, text cut by CSS (an ellipsis, hidden
 * overflow or a line clamp) or by the screen ('...' that no tap opens), text squeezed into a column under 48 px, and
 * touch targets under 24 px (WCAG 2.2 AA's minimum), each named by its text. A cut element that offers its whole text (`title`, or `aria-label` holding it) still counts: a finger has no
 * hover. Links inside running text are exempt, as WCAG exempts them.
 */
export async function layoutProblems(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const scroller = document.scrollingElement ?? document.documentElement;
    // The screen's width, not window.innerWidth: a phone's browser zooms out to fit a page that overflows, and then
    // innerWidth grows with the page (a 508 px page on a 390 px phone had innerWidth 508 and passed).
    const screenWidth = Math.min(window.innerWidth, window.screen.width);
    if (scroller.scrollWidth > screenWidth + 1) {
      problems.push(`the page scrolls sideways: ${scroller.scrollWidth} px wide on a ${screenWidth} px screen`);
    }
    const scope = document.querySelector(rootSelector) ?? document.body;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    for (const element of scope.querySelectorAll<HTMLElement>('*')) {
      if (!visible(element) || element.closest('[aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      const hasOwnText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      const clips = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflow === 'hidden';
      if (hasOwnText && clips && element.scrollWidth > element.clientWidth + 1) {
        problems.push(`text cut: ${name(element)} shows ${element.clientWidth} of ${element.scrollWidth} px`);
      }
      // A line clamp cuts below the last line shown.
      const clamp = style.getPropertyValue('-webkit-line-clamp');
      if (hasOwnText && clamp && clamp !== 'none' && element.scrollHeight > element.clientHeight + 1) {
        problems.push(`text cut: ${name(element)} clamped to ${clamp} lines`);
      }
      // A name the screen cuts itself ('…' or '...', as the spec asks for long names) must open in full on a tap.
      const ownText = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      // (A short status such as 'Saving…' or 'Loading…' ends in an ellipsis without being cut.)
      if (
        /(\.\.\.|…)$/.test(ownText) &&
        ownText.length > 12 &&
        !element.closest('[aria-expanded], a[href], [role="status"], [aria-live]')
      ) {
        problems.push(`text cut: ${name(element)} ends in an ellipsis with no way to read it whole`);
      }
      // A title squeezed into a sliver wraps a letter or two a line: readable in theory, not in practice.
      if (
        hasOwnText &&
        style.display !== 'inline' &&
        ownText.length > 8 &&
        element.getBoundingClientRect().width < 48
      ) {
        problems.push(
          `text squeezed: ${name(element)} is ${Math.round(element.getBoundingClientRect().width)} px wide`,
        );
      }
      const clickable = element.matches(
        'button, a[href], input:not([type="hidden"]), select, [role="button"], [role="tab"]',
      );
      if (clickable && !element.closest('p, li > span')) {
        // A radio or checkbox is tapped through its label as well: the larger of the two is its target.
        const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
        const box = [element, ...labels]
          .map((each) => each.getBoundingClientRect())
          .reduce((largest, each) => (each.width * each.height > largest.width * largest.height ? each : largest));
        if (Math.min(box.width, box.height) < 24) {
          problems.push(`touch target ${Math.round(box.width)}×${Math.round(box.height)} px: ${name(element)}`);
        }
        // Words that spill out of their button or link (a squeezed box that does not clip) lie over its neighbours:
        // readable by neither, and a tap lands on the wrong one.
        if (style.overflowY === 'visible' && element.scrollHeight > element.clientHeight + 1) {
          problems.push(
            `text spills: ${name(element)} is ${element.clientHeight} px high for ${element.scrollHeight} px of content`,
          );
        }
      }
    }
    return problems;
  }, root);
}
