import { describe, expect, it } from 'vitest';
import {
  buildTree,
  chooseCourseText,
  countTree,
  countLabel,
  courseLabel,
  coursesOfTab,
  emptyTexts,
  flattenMaterial,
  holdsFile,
  matchesSearch,
  maxTopicDepth,
  topicDepthProblem,
  topicDepthProblems,
  visibleTabs,
} from './library-rules.ts';

interface Node {
  topicId: number;
  topicName: string;
  subtopicList: Node[];
  files: string[];
}

describe('study library rules', () => {
  it.each([
    [0, 'Subtopic', '0 Subtopics'],
    [1, 'Subtopic', '1 Subtopic'],
    [2, 'Subtopic', '2 Subtopics'],
    [1, 'File', '1 File'],
    [21, 'File', '21 Files'],
  ])('counts %i as "%s" → "%s"', (count, noun, label) => {
    expect(countLabel(count, noun)).toBe(label);
  });

  it('finds a file in a topic or any topic below it', () => {
    type Tree = { studyMaterialMap: Record<string, { file_id: number }[]>; subtopicList: Tree[] };
    const leaf: Tree = { studyMaterialMap: { Notes: [{ file_id: 7 }] }, subtopicList: [] };
    const root: Tree = {
      studyMaterialMap: { Slides: [{ file_id: 1 }] },
      subtopicList: [{ studyMaterialMap: {}, subtopicList: [leaf] }],
    };
    expect(holdsFile(root, 1)).toBe(true);
    expect(holdsFile(root, 7)).toBe(true);
    expect(holdsFile(leaf, 1)).toBe(false);
    expect(holdsFile(root, 8)).toBe(false);
  });

  it('shows the StudyLibrary tab except to user_type 99 and the product tab only with e-learn', () => {
    expect(visibleTabs(1, false)).toEqual(['library']);
    expect(visibleTabs(1, true)).toEqual(['library', 'products']);
    expect(visibleTabs(99, true)).toEqual(['products']);
    expect(visibleTabs(99, false)).toEqual([]);
  });

  it('labels the course list Product Name for user_type 99, Standard for schools', () => {
    expect(courseLabel(99, 'products', false)).toBe('Product Name');
    expect(courseLabel(1, 'products', true)).toBe('Product Name');
    expect(courseLabel(1, 'library', true)).toBe('Standard');
    expect(courseLabel(1, 'library', false)).toBe('Course');
  });

  it('has the spec’s empty texts', () => {
    expect(emptyTexts.noMaterialShared).toBe('No study materials shared yet!');
    expect(emptyTexts.noMaterial).toBe('No material available!');
    expect(chooseCourseText('products', false)).toBe('Click on the Product Name to View the Study Material');
    expect(chooseCourseText('library', false)).toBe('Click on the Course Name to View the Study Material');
    expect(chooseCourseText('library', true)).toBe('Click on the Standard to View the Study Material');
  });

  it('puts free courses under Study Library and paid ones under the product tab', () => {
    const courses = [
      { id: 1, isPaid: 'N' as const },
      { id: 2, isPaid: 'Y' as const },
    ];
    expect(coursesOfTab(courses, 'library').map((c) => c.id)).toEqual([1]);
    expect(coursesOfTab(courses, 'products').map((c) => c.id)).toEqual([2]);
  });

  it('searches titles case-insensitively by substring', () => {
    expect(matchesSearch('Newton’s Laws', 'LAWS')).toBe(true);
    expect(matchesSearch('Newton’s Laws', ' law ')).toBe(true);
    expect(matchesSearch('Optics', 'laws')).toBe(false);
  });

  it('builds a tree of any depth and counts subtopics and files below each node', () => {
    const rows = [
      { id: 4, parentId: 3, name: 'd' },
      { id: 1, parentId: null, name: 'a' },
      { id: 2, parentId: 1, name: 'b' },
      { id: 3, parentId: 2, name: 'c' },
      { id: 5, parentId: 1, name: 'e' },
    ];
    const files: Record<number, string[]> = { 1: ['f1'], 3: ['f3'], 4: ['f4a', 'f4b'] };
    const tree = buildTree<(typeof rows)[number], Node>(rows, (row, children) => ({
      topicId: row.id,
      topicName: row.name,
      subtopicList: children,
      files: files[row.id] ?? [],
    }));
    expect(tree).toHaveLength(1);
    expect(countTree(tree[0]!)).toEqual({ subtopics: 4, files: 4 });
    expect(countTree(tree[0]!.subtopicList[0]!)).toEqual({ subtopics: 2, files: 3 });
    expect(flattenMaterial(tree, (node) => node.files).map((entry) => `${entry.topicName}:${entry.item}`)).toEqual([
      'a:f1',
      'c:f3',
      'd:f4a',
      'd:f4b',
    ]);
  });

  it('ignores a cycle instead of looping', () => {
    const rows = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
    ];
    expect(buildTree(rows, (row, children: unknown[]) => ({ id: row.id, children }))).toEqual([
      { id: 1, children: [{ id: 2, children: [] }] },
    ]);
  });

  it('hands each node the subtopics and files below it, agreeing with the tree it carries', () => {
    const rows = [
      { id: 4, parentId: 3 },
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 5, parentId: 1 },
      { id: 6, parentId: null },
    ];
    const files: Record<number, string[]> = { 1: ['f1'], 3: ['f3'], 4: ['f4a', 'f4b'], 6: ['f6'] };
    interface Counted {
      topicId: number;
      topicName: string;
      subtopicList: Counted[];
      files: string[];
      below: { subtopics: number; files: number };
    }
    const tree = buildTree<(typeof rows)[number], Counted>(
      rows,
      (row, children, below) => ({
        topicId: row.id,
        topicName: String(row.id),
        subtopicList: children,
        files: files[row.id] ?? [],
        below,
      }),
      (row) => files[row.id]?.length ?? 0,
    );
    const walk = (nodes: Counted[]): Counted[] => nodes.flatMap((node) => [node, ...walk(node.subtopicList)]);
    expect(walk(tree).map((node) => [node.topicId, node.below.subtopics, node.below.files])).toEqual([
      [1, 4, 4],
      [2, 2, 3],
      [3, 1, 3],
      [4, 0, 2],
      [5, 0, 0],
      [6, 0, 1],
    ]);
    for (const node of walk(tree)) expect(node.below).toEqual(countTree(node));
  });

  it('visits each topic once however deep the chain (one pass, not one per ancestor)', () => {
    /** Builds a chain `depth` topics deep and counts every read of a row's ids and every call per row. */
    const visitsOf = (depth: number) => {
      let visits = 0;
      const rows = Array.from({ length: depth }, (_, index) => ({
        get id() {
          visits += 1;
          return index + 1;
        },
        get parentId() {
          visits += 1;
          return index === 0 ? null : index;
        },
      }));
      let nodes = 0;
      let filesAsked = 0;
      const [top] = buildTree<(typeof rows)[number], { below: { subtopics: number; files: number } }>(
        rows,
        (_row, _children, below) => {
          nodes += 1;
          return { below };
        },
        () => {
          filesAsked += 1;
          return 1;
        },
      );
      expect(top!.below).toEqual({ subtopics: depth - 1, files: depth });
      expect(nodes).toBe(depth);
      expect(filesAsked).toBe(depth);
      return visits;
    };
    const perTopic = visitsOf(maxTopicDepth) / maxTopicDepth;
    expect(perTopic).toBeLessThanOrEqual(4);
    expect(visitsOf(50 * maxTopicDepth) / (50 * maxTopicDepth)).toBe(perTopic);
  });
});

describe('topic depth', () => {
  it('nests topics generously deeper than any syllabus (unit, chapter, topic, subtopic…)', () => {
    expect(maxTopicDepth).toBe(20);
  });

  it.each([
    [1, 0, undefined],
    [20, 0, undefined],
    [21, 0, 'sits 21 levels deep; topics nest at most 20 levels'],
    [2000, 0, 'sits 2000 levels deep; topics nest at most 20 levels'],
    [5, 15, undefined],
    [5, 16, 'would put its subtopics 21 levels deep; topics nest at most 20 levels'],
    [1, 19, undefined],
    [22, 3, 'sits 22 levels deep; topics nest at most 20 levels'],
  ])('a topic %i levels deep with subtopics %i levels below it: %s', (depth, below, problem) => {
    expect(topicDepthProblem(depth, below)).toBe(problem);
  });

  const placed = (id: number, parentId: number | null, depth: number, below: number) => ({
    id,
    parentId,
    depth,
    below,
  });

  it.each([
    ['nothing too deep', [placed(1, null, 1, 19), placed(2, 1, 20, 0)], []],
    [
      'a chain one past the cap: its last topic, not the ones above that carry it',
      [placed(1, null, 1, 20), placed(2, 1, 2, 19), placed(21, 20, 21, 0)],
      [{ id: 21, rule: 'sits 21 levels deep; topics nest at most 20 levels' }],
    ],
    [
      'a chain running on past the cap: where it first goes too deep',
      [placed(21, 20, 21, 2), placed(22, 21, 22, 1), placed(23, 22, 23, 0)],
      [{ id: 21, rule: 'sits 21 levels deep; topics nest at most 20 levels' }],
    ],
    [
      'a topic moved with stored subtopics: the moved topic',
      [placed(7, 3, 19, 2)],
      [{ id: 7, rule: 'would put its subtopics 21 levels deep; topics nest at most 20 levels' }],
    ],
    [
      'a topic moved with a subtopic written alongside: the moved topic',
      [placed(7, 3, 19, 2), placed(8, 7, 20, 1)],
      [{ id: 7, rule: 'would put its subtopics 21 levels deep; topics nest at most 20 levels' }],
    ],
    [
      'two branches too deep: each',
      [placed(7, 3, 21, 0), placed(9, 4, 22, 0)],
      [
        { id: 7, rule: 'sits 21 levels deep; topics nest at most 20 levels' },
        { id: 9, rule: 'sits 22 levels deep; topics nest at most 20 levels' },
      ],
    ],
  ])('refuses for depth: %s', (_case, topics, problems) => {
    expect(topicDepthProblems(topics)).toEqual(problems);
  });
});
