import { describe, expect, it } from 'vitest';
import { updateAssignmentJsonSchema } from './assignments.contract.ts';
import {
  buildUpdateAssignmentJson,
  canAddLink,
  checkSubmission,
  isAcceptedUpload,
  linkHref,
  uploadAccept,
} from './assignment-submission.ts';

const mb = 1024 * 1024;
const none = { newFiles: [], keptFiles: [], keptLinkCount: 0, newLinkCount: 0 };

describe('checkSubmission (spec part 1 §5)', () => {
  it('asks for at least one file, link or kept attachment', () => {
    expect(checkSubmission(none)).toBe('Please upload at least one assignment file/url');
    expect(checkSubmission({ ...none, newFiles: [{ size: 1 }] })).toBeUndefined();
    expect(checkSubmission({ ...none, keptFiles: [{ size: 1 }] })).toBeUndefined();
    expect(checkSubmission({ ...none, keptLinkCount: 1 })).toBeUndefined();
    expect(checkSubmission({ ...none, newLinkCount: 1 })).toBeUndefined();
  });
  it('refuses more than 150 MB in total, counting kept files', () => {
    expect(checkSubmission({ ...none, newFiles: [{ size: 150 * mb }] })).toBeUndefined();
    expect(checkSubmission({ ...none, newFiles: [{ size: 100 * mb }], keptFiles: [{ size: 50 * mb + 1 }] })).toBe(
      'The total file size exceeds the allowed limit of 150 MB.',
    );
  });
  it('refuses more than 20 files, counting kept files', () => {
    expect(checkSubmission({ ...none, newFiles: Array(20).fill({ size: 1 }) })).toBeUndefined();
    expect(
      checkSubmission({ ...none, newFiles: Array(15).fill({ size: 1 }), keptFiles: Array(6).fill({ size: 1 }) }),
    ).toBe('You can upload up to 20 files only.');
  });
});

describe('canAddLink', () => {
  it('shows the add-link control until new and kept links make 5', () => {
    expect(canAddLink(0, 0)).toBe(true);
    expect(canAddLink(2, 2)).toBe(true);
    expect(canAddLink(3, 2)).toBe(false);
    expect(canAddLink(5, 0)).toBe(false);
  });
});

describe('accepted uploads', () => {
  it.each(['essay.docx', 'marks.XLSX', 'slides.ppt', 'notes.txt', 'answer.pdf', 'photo.JPG', 'demo.mp4', 'clip.m4v'])(
    'accepts %s',
    (name) => expect(isAcceptedUpload(name)).toBe(true),
  );
  it.each(['setup.exe', 'page.html', 'noextension', 'archive.zip'])('refuses %s', (name) =>
    expect(isAcceptedUpload(name)).toBe(false),
  );
  it('lists the picker accept attribute', () => {
    expect(uploadAccept.split(',')).toContain('.pdf');
    expect(uploadAccept.split(',')).toContain('.m4v');
  });
});

describe('buildUpdateAssignmentJson', () => {
  it('builds the fileJson part the server accepts', () => {
    const json = buildUpdateAssignmentJson(
      { instituteId: 1, studentId: 5001, fileId: 42 },
      'Draft',
      'My notes',
      [7],
      [{ display_name: ' Notes ', url: ' https://example.com ', remarks: ' see page 2 ' }],
    );
    expect(json).toEqual({
      institute_id: 1,
      category_id: 255,
      studentId_array: [5001],
      file_id: 42,
      student_status: 'Draft',
      student_comment: 'My notes',
      attachmentId_array: [7],
      url_lists: [{ display_name: 'Notes', url: 'https://example.com', remarks: 'see page 2' }],
    });
    expect(updateAssignmentJsonSchema.parse(json)).toEqual(json);
  });
});

describe('linkHref', () => {
  it('adds https to a link without a scheme', () => {
    expect(linkHref('www.khanacademy.org')).toBe('https://www.khanacademy.org');
    expect(linkHref('http://example.com/a')).toBe('http://example.com/a');
  });
});
