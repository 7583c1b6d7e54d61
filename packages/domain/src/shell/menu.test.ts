import { describe, expect, it } from 'vitest';
import { declaredAreas, menuOf } from './menu-fixtures.ts';
import { activeMenuKey, isPageAllowed as isAllowed, type MenuContext } from './menu.ts';

const greenfield: MenuContext = {
  user_type: 1,
  is_institute_type_school: true,
  enable_online_assignment_feature: true,
  inst_set_up: { classes: 'HYBRID_BLENDED', exam: 'HYBRID_BLENDED', file_manager_study_material: 'BOTH', store: true },
};
const apex: MenuContext = {
  user_type: 1,
  is_institute_type_school: false,
  enable_online_assignment_feature: true,
  inst_set_up: { classes: 'ONLINE', exam: 'ONLINE', file_manager_study_material: 'STUDY_MATERIAL', store: true },
};
const isPageAllowed = (session: MenuContext, path: string) => isAllowed(declaredAreas, session, path);
const labels = (context: MenuContext) => menuOf(context).map((item) => item.label);

describe('visibleMenuItems (spec part 1 §2)', () => {
  it('shows a Greenfield student everything, with Homework for the school', () => {
    expect(labels(greenfield)).toEqual([
      'Home',
      'Time Table',
      'Study Materials',
      'Live Classes',
      'My Exam',
      'Exam Reports',
      'Documents',
      'Homework',
      'My Products',
      'Event Calender',
      'Fees',
      'Messages',
      'Profile',
    ]);
  });

  it('hides Study Materials and Documents from a parent', () => {
    expect(labels({ ...greenfield, user_type: 2 })).toEqual([
      'Home',
      'Time Table',
      'Live Classes',
      'My Exam',
      'Exam Reports',
      'Homework',
      'My Products',
      'Event Calender',
      'Fees',
      'Messages',
      'Profile',
    ]);
  });

  it('shows an Apex student Assignments and no Documents or Event Calender', () => {
    expect(labels(apex)).toEqual([
      'Home',
      'Time Table',
      'Study Materials',
      'Live Classes',
      'My Exam',
      'Exam Reports',
      'Assignments',
      'My Products',
      'Fees',
      'Messages',
      'Profile',
    ]);
  });

  it('gives an open-course user the reduced menu', () => {
    expect(labels({ ...apex, user_type: 99 })).toEqual([
      'Home',
      'Time Table',
      'Study Materials',
      'Live Classes',
      'My Exam',
      'Exam Reports',
      'My Products',
      'Messages',
      'Profile',
    ]);
  });

  it.each([
    ['OFFLINE', ['Exam Reports'], ['My Exam']],
    ['ONLINE', ['My Exam', 'Exam Reports'], []],
  ] as const)('with exam setting %s shows %o and hides %o', (exam, shown, hidden) => {
    const items = labels({ ...greenfield, inst_set_up: { ...greenfield.inst_set_up, exam } });
    for (const label of shown) expect(items).toContain(label);
    for (const label of hidden) expect(items).not.toContain(label);
  });

  it('follows the classes, material, store and assignment settings', () => {
    const items = labels({
      ...greenfield,
      enable_online_assignment_feature: false,
      inst_set_up: { classes: 'OFFLINE', exam: 'OFFLINE', file_manager_study_material: 'FILE_MANEGER', store: false },
    });
    expect(items).toEqual([
      'Home',
      'Time Table',
      'Exam Reports',
      'Documents',
      'Event Calender',
      'Fees',
      'Messages',
      'Profile',
    ]);
  });
});

describe('the areas’ menu items', () => {
  it('each have a key and a place in the order of their own', () => {
    const entries = declaredAreas.flatMap((area) => (area.menu ? [area.menu] : []));
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    expect(new Set(entries.map((entry) => entry.order)).size).toBe(entries.length);
  });

  it('each open a page of their own area', () => {
    for (const { pages, menu } of declaredAreas) if (menu) expect(Object.values(pages), menu.key).toContain(menu.path);
  });
});

describe('activeMenuKey', () => {
  const items = menuOf(greenfield);
  it.each([
    ['/dashboard', 'home'],
    ['/announcement', 'home'],
    ['/assignment/42', 'assignments'],
    ['/messages', 'messages'],
    ['/profile', 'profile'],
    ['/product/7', 'products'],
  ])('%s highlights %s', (path, key) => {
    expect(activeMenuKey(items, path)).toBe(key);
  });
});

describe('isPageAllowed (defect 10: what the menu hides, the address does not open)', () => {
  it('refuses a parent Documents and Study Materials, detail paths and any letter case included', () => {
    const parent = { ...greenfield, user_type: 2 };
    expect(isPageAllowed(parent, '/document')).toBe(false);
    expect(isPageAllowed(parent, '/studymaterial')).toBe(false);
    expect(isPageAllowed(parent, '/Document')).toBe(false);
    expect(isPageAllowed(greenfield, '/document')).toBe(true);
  });

  it('refuses an open-course user Homework and its assignments, and Fees', () => {
    const buyer = { ...apex, user_type: 99 };
    expect(isPageAllowed(buyer, '/assignment')).toBe(false);
    expect(isPageAllowed(buyer, '/assignment/42')).toBe(false);
    expect(isPageAllowed(buyer, '/fees')).toBe(false);
    expect(isPageAllowed(buyer, '/product/7')).toBe(true);
  });

  it('refuses Live Classes without online classes, and Event Calender outside schools', () => {
    expect(
      isPageAllowed({ ...greenfield, inst_set_up: { ...greenfield.inst_set_up, classes: 'OFFLINE' } }, '/live'),
    ).toBe(false);
    expect(isPageAllowed(apex, '/eventCalender')).toBe(false);
  });

  it('always opens the pages the menu does not gate', () => {
    const parent = { ...greenfield, user_type: 2 };
    for (const path of ['/dashboard', '/announcement', '/Messages', '/messages', '/Profile', '/profile']) {
      expect(isPageAllowed(parent, path)).toBe(true);
    }
  });
});
