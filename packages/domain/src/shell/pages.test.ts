import { describe, expect, it } from 'vitest';
import { assignmentDetailPath } from '../assignments/index.ts';
import { landingRoute } from '../home/index.ts';
import { productDetailPath } from '../products/index.ts';
import { declaredAreas, declaredPages, everyMenuItem } from './menu-fixtures.ts';
import { productIdOf, publicPages } from './pages.ts';

const pagePaths: string[] = Object.values(declaredPages);

describe('signed-in pages (spec part 1 §2)', () => {
  it('keep the spec’s paths byte for byte', () => {
    expect(declaredPages).toEqual({
      dashboard: '/dashboard',
      announcement: '/announcement',
      timetable: '/timetable',
      studyLibrary: '/studymaterial',
      live: '/live',
      exam: '/exam',
      report: '/report',
      document: '/document',
      assignment: '/assignment',
      assignmentDetail: '/assignment/:fileId',
      product: '/product',
      productDetail: '/product/:id',
      eventCalender: '/eventCalender',
      fees: '/fees',
      messages: '/Messages',
      profile: '/Profile',
    });
  });

  it('are each declared by one area, under a name no other area uses', () => {
    const names = declaredAreas.flatMap((area) => Object.keys(area.pages));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(pagePaths).size).toBe(pagePaths.length);
  });

  it('share no path with the sign-in pages', () => {
    for (const path of Object.values(publicPages)) expect(pagePaths).not.toContain(path);
  });

  it('hold the path of every menu item', () => {
    const items = everyMenuItem();
    expect(items.map((item) => item.key)).toHaveLength(13);
    for (const item of items) expect(pagePaths, item.key).toContain(item.path);
  });

  it('hold every screen a banner lands on', () => {
    const bannerNames = declaredAreas.flatMap((area) => (area.menu?.bannerName ? [area.menu.bannerName] : []));
    expect(bannerNames).toHaveLength(8);
    for (const name of bannerNames) expect(pagePaths).toContain(landingRoute(declaredAreas, name));
  });

  it('build the addresses of one assignment and one product', () => {
    expect(assignmentDetailPath(42)).toBe('/assignment/42');
    expect(productDetailPath(7)).toBe('/product/7');
  });

  it('read the product id of a product page, in any case, and nothing of another page', () => {
    expect(productIdOf(productDetailPath(7))).toBe('7');
    expect(productIdOf('/Product/12')).toBe('12');
    for (const other of ['/product', '/product/', '/product/7/x', '/my-account/product/7', '/assignment/7']) {
      expect(productIdOf(other)).toBeUndefined();
    }
  });
});
