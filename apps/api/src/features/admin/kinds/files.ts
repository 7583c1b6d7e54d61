// Files as rows of other kinds name them (`file_external_id`, `poster_file_external_ids`): found by the institute's
// external id, checked for their type, and copied into the row's own columns (key, name, size).
import type { RowProblem } from '@campus/domain/admin/admin-rules';
import { kindOfFileName } from '@campus/domain/media/media-rules';
import { findAdminFiles, type AdminFile } from '../admin.repository.ts';
import type { IndexedRow, KindContext } from './kind.ts';

export type { AdminFile };

/** What a field naming files asks of them: any file, or one whose name says it is an image or a video. */
export type FileRequirement = 'any' | 'image' | 'video' | 'media';

const meets = (requirement: FileRequirement, fileName: string) => {
  const kind = kindOfFileName(fileName);
  return (
    requirement === 'any' || kind === requirement || (requirement === 'media' && (kind === 'image' || kind === 'video'))
  );
};
const described = { any: 'a file', image: 'an image', video: 'a video', media: 'an image or a video' };

/**
 * Resolves file reference fields (`file_external_id`, or a list such as `poster_file_external_ids`) for every row at
 * once; a row naming a file that was never uploaded, or one of the wrong type, is a problem naming the field.
 */
export async function resolveFiles<R, F extends keyof R & string>(
  context: KindContext,
  rows: IndexedRow<R>[],
  problems: RowProblem[],
  fields: Record<F, FileRequirement>,
): Promise<Map<string, AdminFile>> {
  const named = (row: R, field: F): string[] => {
    const value = (row as Record<string, unknown>)[field];
    return value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  };
  const names = Object.keys(fields) as F[];
  const files = await findAdminFiles(
    context.tx,
    context.instituteId,
    rows.flatMap(({ row }) => names.flatMap((field) => named(row, field))),
  );
  for (const { index, row } of rows) {
    for (const field of names) {
      for (const externalId of named(row, field)) {
        const file = files.get(externalId);
        if (!file) {
          problems.push({
            row: index,
            field,
            rule: `no file has the external id ${JSON.stringify(externalId)} (upload it to /api/admin/v1/files first)`,
          });
        } else if (!meets(fields[field], file.fileName)) {
          problems.push({
            row: index,
            field,
            rule: `${JSON.stringify(externalId)} (${file.fileName}) is not ${described[fields[field]]}`,
          });
        }
      }
    }
  }
  return files;
}

/**
 * The source columns of a study material file or a document: a hosted video by its provider's id, or an uploaded file
 * (its kind read from its name, as the viewer picks it).
 */
export function materialColumns(
  row: {
    kind: 'youtube' | 'vimeo' | 'vdocipher' | 'file';
    video_id?: string;
    file_external_id?: string;
    is_readonly?: boolean;
  },
  files: Map<string, AdminFile>,
) {
  const file = row.kind === 'file' && row.file_external_id ? files.get(row.file_external_id) : undefined;
  return {
    kind: file ? kindOfFileName(file.fileName) : (row.kind as 'youtube' | 'vimeo' | 'vdocipher'),
    videoId: file ? null : (row.video_id ?? null),
    fileName: file?.fileName ?? '',
    fileKey: file?.fileKey ?? null,
    sizeBytes: file?.sizeBytes ?? 0,
    isReadonly: row.is_readonly ?? false,
  };
}

/** The media columns of a question: a picture or a video on the portal's storage, or none. */
export const mediaColumns = (file: AdminFile | undefined) => ({
  mediaType: file ? kindOfFileName(file.fileName) : null,
  mediaFileKey: file?.fileKey ?? null,
});
