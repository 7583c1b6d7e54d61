import { describe, expect, it } from 'vitest';
import {
  canSaveDraft,
  canSubmit,
  cleanFileName,
  daysLeft,
  daysLeftBadge,
  deriveStudentStatus,
  detectUploadKind,
  displayStatus,
  fileNameProblem,
  isValidLinkUrl,
  validateLink,
  validatePick,
} from './assignment-rules.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
/** A zip's first local header (signature, 22 bytes of fields, name length, extra length) and its entry's start. */
const zipStartingWith = (entry: string, content: string) =>
  new Uint8Array([
    0x50,
    0x4b,
    0x03,
    0x04,
    ...new Array<number>(22).fill(0),
    entry.length,
    0,
    0,
    0,
    ...text(entry + content),
  ]);

describe('deriveStudentStatus (spec part 1 §4)', () => {
  it.each([
    [null, false, false, 'Pending'],
    ['Draft', false, false, 'Draft'],
    ['Submitted', false, false, 'Submitted'],
    ['Submitted', true, false, 'Submitted'],
    [null, true, true, 'Not Submitted'],
    ['Draft', true, true, 'Draft'],
    [null, true, false, 'Expired'],
    ['Draft', true, false, 'Expired'],
  ] as const)('stored %s, past %s, late %s → %s', (stored, isPast, isLate, status) => {
    expect(deriveStudentStatus(stored, isPast, isLate)).toBe(status);
  });

  it('shows Evaluated for evaluated submissions only', () => {
    expect(displayStatus('Submitted', 'Evaluated')).toBe('Evaluated');
    expect(displayStatus('Submitted', 'Pending')).toBe('Submitted');
    expect(displayStatus('Draft', 'Evaluated')).toBe('Draft');
  });

  it('allows submit for Pending, Draft and Not Submitted, drafts only while ongoing', () => {
    expect(['Pending', 'Draft', 'Not Submitted', 'Submitted', 'Expired'].map((s) => canSubmit(s as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(canSaveDraft('Draft', false)).toBe(true);
    expect(canSaveDraft('Draft', true)).toBe(false);
    expect(canSaveDraft('Not Submitted', true)).toBe(false);
    expect(canSaveDraft('Submitted', false)).toBe(false);
  });
});

describe('daysLeft and its badge', () => {
  const now = new Date('2026-11-21T06:30:00Z'); // 12:00 in Kolkata
  it('counts calendar days in the institute zone', () => {
    expect(daysLeft(now, new Date('2026-11-26T12:30:00Z'), '2026-11-21', '2026-11-26')).toEqual({
      days: 5,
      timeLeft: '',
    });
    expect(daysLeft(now, new Date('2026-11-22T04:00:00Z'), '2026-11-21', '2026-11-22')).toEqual({
      days: 1,
      timeLeft: '',
    });
  });
  it('gives hours and minutes on the due day and -1 after', () => {
    expect(daysLeft(now, new Date('2026-11-21T11:50:00Z'), '2026-11-21', '2026-11-21')).toEqual({
      days: 0,
      timeLeft: '05:20',
    });
    expect(daysLeft(now, new Date('2026-11-21T06:29:00Z'), '2026-11-21', '2026-11-21')).toEqual({
      days: -1,
      timeLeft: '',
    });
  });
  it.each([
    [0, '05:20', '05:20 hrs left'],
    [1, '', '1 day left'],
    [5, '', '5 days left'],
    [7, '', '7 days left'],
    [8, '', undefined],
    [-1, '', undefined],
  ])('days %i reads %j', (days, timeLeft, badge) => {
    expect(daysLeftBadge(days, timeLeft)).toBe(badge);
  });
});

describe('links (spec part 1 §5)', () => {
  it.each(['https://example.com', 'http://docs.example.org/a?b=c', 'example.com/path', 'www.khanacademy.org'])(
    'accepts %s',
    (url) => {
      expect(isValidLinkUrl(url)).toBe(true);
    },
  );
  it.each(['', 'not a url', 'javascript:alert(1)', 'ftp://example.com', 'localhost', 'https://', 'http://a b.com'])(
    'refuses %j',
    (url) => {
      expect(isValidLinkUrl(url)).toBe(false);
    },
  );
  it('checks the url, then the name, then the remarks', () => {
    expect(validateLink({ display_name: 'Notes', url: 'nope' })).toBe('Please enter valid url!');
    expect(validateLink({ display_name: ' ', url: 'https://example.com' })).toBe('Please enter valid url name.');
    expect(validateLink({ display_name: 'x'.repeat(51), url: 'https://example.com' })).toBe(
      'Please enter valid url name.',
    );
    expect(validateLink({ display_name: 'Notes', url: 'https://example.com', remarks: 'x'.repeat(201) })).toBe(
      'Remarks must be at most 200 characters.',
    );
    expect(
      validateLink({ display_name: 'x'.repeat(50), url: 'https://example.com', remarks: 'x'.repeat(200) }),
    ).toBeUndefined();
  });
});

describe('validatePick', () => {
  const mb = 1024 * 1024;
  it('refuses a 21st file and more than 150 MB with the pick-time messages', () => {
    expect(validatePick(Array(15).fill({ size: 1 }), Array(6).fill({ size: 1 }))).toBe(
      'You can only upload up to 20 files.',
    );
    expect(validatePick([{ size: 100 * mb }], [{ size: 50 * mb + 1 }])).toBe('Total upload size cannot exceed 150 MB.');
    expect(validatePick([{ size: 100 * mb }], [{ size: 50 * mb }])).toBeUndefined();
  });
});

describe('detectUploadKind', () => {
  it.each([
    [text('%PDF-1.7 ...'), 'answer.pdf', 'pdf'],
    [bytes(0xff, 0xd8, 0xff, 0xe1), 'photo.JPG', 'image'],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'graph.png', 'image'],
    [bytes(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70), 'demo.mp4', 'video'],
    [bytes(0x50, 0x4b, 0x03, 0x04), 'essay.docx', 'word'],
    [zipStartingWith('[Content_Types].xml', '<?xml'), 'slides.pptx', 'powerpoint'],
    [bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), 'marks.xls', 'excel'],
    [text('Answers:\n1. photosynthesis – कार्बन'), 'notes.txt', 'text'],
  ])('recognises %s as %s', (head, name, kind) => {
    expect(detectUploadKind(head, name)).toBe(kind);
  });

  it.each([
    [text('<html><script>alert(1)</script>'), 'answer.pdf'],
    [text('%PDF-1.7'), 'answer.exe'],
    [bytes(0x4d, 0x5a, 0x90, 0x00), 'setup.docx'],
    // An OpenDocument text (its zip opens with a stored `mimetype` entry) renamed .docx.
    [zipStartingWith('mimetype', 'application/vnd.oasis.opendocument.text'), 'essay.docx'],
    [bytes(0x00, 0x01, 0x02), 'notes.txt'],
    [text('%PDF-1.7'), 'noextension'],
  ])('refuses %s named %s', (head, name) => {
    expect(detectUploadKind(head, name)).toBeUndefined();
  });
});

describe('fileNameProblem', () => {
  it.each(['answer.pdf', 'x'.repeat(251) + '.pdf', 'my answer (final).docx'])('accepts %j', (name) => {
    expect(fileNameProblem(name)).toBeUndefined();
  });
  it.each(['', '../answer.pdf', 'C:\\Users\\me\\answer.pdf', 'x'.repeat(253) + '.pdf', '..'])('refuses %j', (name) => {
    expect(fileNameProblem(name)).toBe('File names must be at most 255 characters and must not name a folder.');
  });
});

describe('cleanFileName', () => {
  it('drops paths and control characters and keeps the extension of long names', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\answer.pdf')).toBe('answer.pdf');
    expect(cleanFileName('a\u0000b.pdf')).toBe('ab.pdf');
    const long = cleanFileName(`${'../'.repeat(20)}${'x'.repeat(300)}.pdf`);
    expect(long.length).toBeLessThanOrEqual(150);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('drops right-to-left overrides and every other bidirectional formatting character', () => {
    // Shown as "invoiceexe.pdf" while it is an .exe.
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    const controls = ['\u200E', '\u200F', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E'];
    const isolates = ['\u2066', '\u2067', '\u2068', '\u2069'];
    for (const control of [...controls, ...isolates]) expect(cleanFileName(`a${control}b.pdf`)).toBe('ab.pdf');
    // Right-to-left letters themselves stay.
    expect(cleanFileName('\u0645\u0644\u0641.pdf')).toBe('\u0645\u0644\u0641.pdf');
  });
});
