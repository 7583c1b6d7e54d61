// The study library's rules (spec part 2 §2.1, §4, §5, §6): tabs, course lists, the topic tree's counts, search.
import { openCourseUserType } from '../auth/user-types.ts';

export type LibraryTab = 'library' | 'products';

export const emptyTexts = {
  noMaterialShared: 'No study materials shared yet!',
  noMaterial: 'No material available!',
  chooseCourse: 'Click on the Course Name to View the Study Material',
  chooseStandard: 'Click on the Standard to View the Study Material',
  chooseProduct: 'Click on the Product Name to View the Study Material',
} as const;

/**
 * The tabs shown (spec part 2 §2.1): StudyLibrary except for user_type 99; the paid-product tab only when the
 * e-learn feature is on. The first shown is the default.
 */
export function visibleTabs(userType: number, isElearnEnabled: boolean): LibraryTab[] {
  const tabs: LibraryTab[] = [];
  if (userType !== openCourseUserType) tabs.push('library');
  if (isElearnEnabled) tabs.push('products');
  return tabs;
}

/** The hint before a course is chosen: Product Name on the product tab (and for user_type 99), else Course/Standard. */
export function chooseCourseText(tab: LibraryTab, isSchool: boolean): string {
  if (tab === 'products') return emptyTexts.chooseProduct;
  return isSchool ? emptyTexts.chooseStandard : emptyTexts.chooseCourse;
}

/** The course list's label: Product Name for user_type 99 and the product tab, Standard for schools, else Course. */
export function courseLabel(userType: number, tab: LibraryTab, isSchool: boolean): string {
  if (userType === openCourseUserType || tab === 'products') return 'Product Name';
  return isSchool ? 'Standard' : 'Course';
}

/** Free courses under Study Library, paid ones under the product tab (course-type chips). */
export function coursesOfTab<T extends { isPaid: 'Y' | 'N' }>(courses: readonly T[], tab: LibraryTab): T[] {
  return courses.filter((course) => (tab === 'products' ? course.isPaid === 'Y' : course.isPaid === 'N'));
}

/** Case-insensitive substring match on a text (material titles, course names). */
export const matchesSearch = (text: string, search: string) => text.toLowerCase().includes(search.trim().toLowerCase());

/** A node of the topic tree as the answer carries it. */
export interface TreeNode<F> {
  subtopicList: TreeNode<F>[];
  files: F[];
}

/** Subtopics and files under a node, at any depth (for checking the server's counts and for trees built here). */
export function countTree<F>(node: TreeNode<F>): { subtopics: number; files: number } {
  let subtopics = 0;
  let files = node.files.length;
  for (const child of node.subtopicList) {
    const counts = countTree(child);
    subtopics += 1 + counts.subtopics;
    files += counts.files;
  }
  return { subtopics, files };
}

/** Builds the tree from flat rows (parent before or after child, any order), children in the rows' order. */
export function buildTree<R extends { id: number; parentId: number | null }, N>(
  rows: readonly R[],
  toNode: (row: R, children: N[]) => N,
): N[] {
  const children = new Map<number | null, R[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const build = (parentId: number | null, seen: Set<number>): N[] =>
    (children.get(parentId) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => toNode(row, build(row.id, new Set(seen).add(row.id))));
  return build(null, new Set());
}

/** Flattens the material of a tree for the title view, keeping the topic each item sits in. */
export function flattenMaterial<F, N extends { topicId: number; topicName: string; subtopicList: N[] }>(
  nodes: readonly N[],
  filesOf: (node: N) => F[],
): { topicId: number; topicName: string; item: F }[] {
  const out: { topicId: number; topicName: string; item: F }[] = [];
  const walk = (node: N) => {
    for (const item of filesOf(node)) out.push({ topicId: node.topicId, topicName: node.topicName, item });
    node.subtopicList.forEach(walk);
  };
  nodes.forEach(walk);
  return out;
}
