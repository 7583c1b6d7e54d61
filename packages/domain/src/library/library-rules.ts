// The study library's rules (spec part 2 §2.1, §4, §5, §6): tabs, course lists, the topic tree's counts, search.
import { openCourseUserType } from '../auth/index.ts';

export type LibraryTab = 'library' | 'products';

export const emptyTexts = {
  noMaterialShared: 'No study materials shared yet!',
  noMaterial: 'No material available!',
  chooseCourse: 'Click on the Course Name to View the Study Material',
  chooseStandard: 'Click on the Standard to View the Study Material',
  chooseProduct: 'Click on the Product Name to View the Study Material',
} as const;

/**
 * A topic card's count: "1 Subtopic", "2 Subtopics", "0 Files" (issue 27: "1 SUBTOPICS").
 * @param noun the singular, which takes an "s" for any count but 1
 */
export const countLabel = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** True when `fileId` is among the files of `node` or of a topic below it (the card view opens down to it). */
export function holdsFile<
  F extends { file_id: number },
  N extends { studyMaterialMap: Record<string, F[] | undefined>; subtopicList: N[] },
>(node: N, fileId: number): boolean {
  return (
    Object.values(node.studyMaterialMap).some((items) => items?.some((item) => item.file_id === fileId)) ||
    node.subtopicList.some((child) => holdsFile<F, N>(child, fileId))
  );
}

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

/** Subtopics and files below a topic, at any depth. */
export interface TopicCounts {
  subtopics: number;
  files: number;
}

/**
 * Builds the tree from flat rows (parent before or after child, any order), children in the rows' order, handing
 * each node the subtopics and files below it (`filesOf`: the row's own files). One pass: each row is grouped once
 * and visited once, its counts summed from its children's, so a chain costs its length, not its length squared
 * (issue 25). A row whose parents go round in a circle is never reached from the top.
 */
export function buildTree<R extends { id: number; parentId: number | null }, N>(
  rows: readonly R[],
  toNode: (row: R, children: N[], below: TopicCounts) => N,
  filesOf: (row: R) => number = () => 0,
): N[] {
  const children = new Map<number | null, R[]>();
  for (const row of rows) {
    const parentId = row.parentId;
    const list = children.get(parentId);
    if (list) list.push(row);
    else children.set(parentId, [row]);
  }
  const build = (parentId: number | null): { nodes: N[] } & TopicCounts => {
    const nodes: N[] = [];
    let subtopics = 0;
    let files = 0;
    for (const row of children.get(parentId) ?? []) {
      const id = row.id;
      // Taken out as it is visited: a second row with the same id, or a circle, finds nothing below it.
      const below = children.has(id) ? build(id) : { nodes: [], subtopics: 0, files: 0 };
      children.delete(id);
      const counts = { subtopics: below.subtopics, files: filesOf(row) + below.files };
      nodes.push(toNode(row, below.nodes, counts));
      subtopics += 1 + counts.subtopics;
      files += counts.files;
    }
    return { nodes, subtopics, files };
  };
  return build(null).nodes;
}

/**
 * The most levels topics nest (a topic at the top of its subject is level 1). The spec lets subtopics nest "to any
 * depth"; syllabi use three to six (unit, chapter, topic, subtopic), so 20 refuses no real library while a write
 * can no longer build the thousand-level chains whose every request walked them for seconds (issue 25, finding 8).
 */
export const maxTopicDepth = 20;

/**
 * Why a topic may not be written where it sits, or undefined: `depth` is its level (1 at the top), `below` the
 * levels of subtopics under it (0 without any).
 */
export function topicDepthProblem(depth: number, below: number): string | undefined {
  const limit = `topics nest at most ${maxTopicDepth} levels`;
  if (depth > maxTopicDepth) return `sits ${depth} levels deep; ${limit}`;
  if (depth + below > maxTopicDepth) return `would put its subtopics ${depth + below} levels deep; ${limit}`;
  return undefined;
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

/** A written topic, where it sits: its level (1 at the top) and the levels of subtopics below it. */
export interface PlacedTopic {
  id: number;
  parentId: number | null;
  depth: number;
  below: number;
}

/**
 * The topics of a write to refuse for their depth, each with its reason, naming the cause once: topics that sit too
 * deep themselves when there are any (the topics above them then only carry them), and of a branch refused
 * together only its topmost topic.
 */
export function topicDepthProblems(topics: readonly PlacedTopic[]): { id: number; rule: string }[] {
  const refused = topics.filter((topic) => topicDepthProblem(topic.depth, topic.below) !== undefined);
  const deep = refused.filter((topic) => topic.depth > maxTopicDepth);
  const causes = deep.length > 0 ? deep : refused;
  const ids = new Set(causes.map((topic) => topic.id));
  return causes
    .filter((topic) => topic.parentId === null || !ids.has(topic.parentId))
    .map((topic) => ({ id: topic.id, rule: topicDepthProblem(topic.depth, topic.below)! }));
}
