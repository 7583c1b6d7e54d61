import { isParentUserType } from '../auth/index.ts';
import type { ShellArea } from '../shell/index.ts';

/** Study Library (spec part 2 §2.1). */
export const libraryPages = { studyLibrary: '/studymaterial' } as const;

/** Study Materials: where the institute shares study material, never to parents. */
export const shellArea: ShellArea = {
  pages: libraryPages,
  menu: {
    key: 'study-library',
    label: 'Study Materials',
    order: 30,
    path: libraryPages.studyLibrary,
    isShown: ({ user_type, inst_set_up: { file_manager_study_material: material } }) =>
      (material === 'STUDY_MATERIAL' || material === 'BOTH') && !isParentUserType(user_type),
    gatesPages: true,
    bannerName: 'STUDY MATERIALS',
  },
};
