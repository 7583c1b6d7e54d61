// Issue 28: every route's script stays within Lighthouse's budget of 150 KB on a phone (bench/lighthouse.ts). Weighed
// from a build of its own, without a browser (bench/js-size.ts: the boot script, each route's files brotli and each
// answer's headers, within half a KB of what Lighthouse counted on every route measured). A screen that starts
// loading what its first screen does not need fails here, with the route and its weight.
import { describe, expect, it } from 'vitest';
import { jsBudgetKb, measureRoutes, overBudget } from '../bench/js-size.ts';

describe('script weight per route', () => {
  it(`keeps every route within ${jsBudgetKb} KB of script`, () => {
    const weights = measureRoutes();
    expect(weights.length).toBeGreaterThan(10);
    expect(overBudget(weights)).toEqual([]);
  }, 180_000);
});
