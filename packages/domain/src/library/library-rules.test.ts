import { describe, expect, it } from 'vitest';
import {
  buildTree,
  chooseCourseText,
  countTree,
  courseLabel,
  coursesOfTab,
  emptyTexts,
  flattenMaterial,
  matchesSearch,
  visibleTabs,
} from './library-rules.ts';

interface Node {
  topicId: number;
  topicName: string;
  subtopicList: Node[];
  files: string[];
}

describe('study library rules', () => {
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
});
