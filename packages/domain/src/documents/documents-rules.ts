// The documents screen's rules (spec part 1 §2 Documents, §3, §5, §9): sizes, dates, types and filters.
import { formatMegabytes } from '../shared/uploads.ts';

/** The document types of the type dropdown, as the server names them (Vimeo is shown as Video). */
export const documentCategories = ['Assignment', 'EBook', 'Exam', 'Vimeo', 'Youtube', 'Other'] as const;
export type DocumentCategory = (typeof documentCategories)[number];

/** The dropdown's label of a type: Vimeo reads Video (spec part 1 §9). */
export const documentCategoryLabel = (category: DocumentCategory) => (category === 'Vimeo' ? 'Video' : category);

/** Students share documents with share_with 2 (spec part 1 §9). */
export const shareWithStudents = 2;

export const noDocuments = 'No documents are available yet!';
export const selectSubject = 'Select Subject';

/**
 * Size in MB with 2 decimals (bytes / 1024²), as attachments show it: a small file reads '< 0.01 MB', not
 * '0.00 MB' (defect 9, which the demo's documents showed too). Youtube documents have no size, and neither does a
 * video the institute hosts at Vimeo or VdoCipher without a stored file (0 bytes: unknown, not empty): null.
 */
export function sizeInMb(bytes: number, category: string): string | null {
  if (category === 'Youtube' || bytes <= 0) return null;
  return formatMegabytes(bytes);
}

/** `YYYY-MM-DD` → `DD-MM-YYYY`; anything else unchanged. */
export function ddMmYyyy(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : isoDate;
}

/** The documents shown for the chosen type ('' for all). */
export function filterByCategory<T extends { category_name: string }>(items: readonly T[], category: string): T[] {
  return category === '' ? [...items] : items.filter((item) => item.category_name === category);
}
