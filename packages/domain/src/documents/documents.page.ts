import { isParentUserType } from '../auth/index.ts';
import type { ShellArea } from '../shell/index.ts';

/** Documents (spec part 1 §2). */
export const documentsPages = { document: '/document' } as const;

/** Documents: where the institute shares files, never to parents. */
export const shellArea: ShellArea = {
  pages: documentsPages,
  menu: {
    key: 'documents',
    label: 'Documents',
    order: 70,
    path: documentsPages.document,
    isShown: ({ user_type, inst_set_up: { file_manager_study_material: material } }) =>
      (material === 'FILE_MANEGER' || material === 'BOTH') && !isParentUserType(user_type),
    gatesPages: true,
    bannerName: 'DOCUMENTS',
  },
};
