import { describe, expect, it } from 'vitest';
import { ddMmYyyy, documentCategoryLabel, filterByCategory, noDocuments, sizeInMb } from './documents-rules.ts';

describe('documents rules', () => {
  it('shows the size in MB with 2 decimals, except for Youtube and a size the server does not know', () => {
    expect(sizeInMb(1_572_864, 'EBook')).toBe('1.50 MB');
    // A small file is not nothing (defect 9).
    expect(sizeInMb(1234, 'Other')).toBe('< 0.01 MB');
    // A video hosted elsewhere has no stored file: no size rather than '0.00 MB'.
    expect(sizeInMb(0, 'Vimeo')).toBeNull();
    expect(sizeInMb(0, 'Other')).toBeNull();
    expect(sizeInMb(10_485_760, 'Vimeo')).toBe('10.00 MB');
    expect(sizeInMb(0, 'Youtube')).toBeNull();
  });

  it('shows share dates as DD-MM-YYYY', () => {
    expect(ddMmYyyy('2026-11-03')).toBe('03-11-2026');
    expect(ddMmYyyy('')).toBe('');
  });

  it('labels Vimeo as Video and filters by type; an empty type keeps all', () => {
    expect(documentCategoryLabel('Vimeo')).toBe('Video');
    expect(documentCategoryLabel('EBook')).toBe('EBook');
    const items = [{ category_name: 'EBook' }, { category_name: 'Exam' }];
    expect(filterByCategory(items, 'Exam')).toEqual([{ category_name: 'Exam' }]);
    expect(filterByCategory(items, '')).toHaveLength(2);
    expect(noDocuments).toBe('No documents are available yet!');
  });
});
