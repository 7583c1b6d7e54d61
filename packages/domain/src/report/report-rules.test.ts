import { describe, expect, it } from 'vitest';
import {
  accuracy,
  bookmarkPreview,
  competitionRanks,
  displayDate,
  formatSeconds,
  isUpcomingOffline,
  offlineExamDate,
  offlineMarks,
  offlineRank,
  offlineRankText,
  offlineMarksText,
  onlineReportStatus,
  percentile,
  reportTabs,
  sortBookmarks,
} from './report-rules.ts';

describe('competition ranking', () => {
  it('gives equal scores the same rank and skips the places they take (1, 2, 2, 4)', () => {
    expect(competitionRanks([90, 80, 80, 70])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([5, 5, 5])).toEqual([1, 1, 1]);
    expect(competitionRanks([-1, 3.5, 3.5, 10])).toEqual([4, 2, 2, 1]);
  });
});

describe('percentile (spec part 2 §5)', () => {
  it('is (students − rank) ÷ students × 100 with 2 decimals', () => {
    expect(percentile(1, 4)).toBe(75);
    expect(percentile(4, 4)).toBe(0);
    expect(percentile(2, 3)).toBe(33.33);
    expect(percentile(1, 3)).toBe(66.67);
  });
  it('is 99 when only one student took the test', () => {
    expect(percentile(1, 1)).toBe(99);
  });
  it('accuracy is right ÷ (right + wrong) with 2 decimals', () => {
    expect(accuracy(2, 1)).toBe(66.67);
    expect(accuracy(0, 0)).toBe(0);
  });
});

describe('labels', () => {
  it('shows times as h:mm:ss', () => {
    expect(formatSeconds(0)).toBe('0:00:00');
    expect(formatSeconds(3725)).toBe('1:02:05');
    expect(formatSeconds(59.9)).toBe('0:00:59');
  });
  it('shows offline exam dates as day-monthname-year and screen dates as DD-MM-YYYY', () => {
    expect(offlineExamDate('2026-11-05')).toBe('05-Nov-2026');
    expect(displayDate('2026-01-31')).toBe('31-01-2026');
  });
  it('counts an offline exam of today as upcoming', () => {
    expect(isUpcomingOffline('2026-11-23', '2026-11-23')).toBe(true);
    expect(isUpcomingOffline('2026-11-22', '2026-11-23')).toBe(false);
  });
  it('cuts bookmark text at 220 characters without tags', () => {
    expect(bookmarkPreview('<p>What is <b>2+2</b>?</p>')).toBe('What is 2+2?');
    const long = `<p>${'x'.repeat(230)}</p>`;
    expect(bookmarkPreview(long)).toBe(`${'x'.repeat(220)}...`);
  });
  it('sorts bookmarks latest first (1) or oldest first (2)', () => {
    const list = [{ date_time: '2026-01-02' }, { date_time: '2026-03-01' }, { date_time: '2026-02-01' }];
    expect(sortBookmarks(list).map((b) => b.date_time)).toEqual(['2026-03-01', '2026-02-01', '2026-01-02']);
    expect(sortBookmarks(list, 2).map((b) => b.date_time)).toEqual(['2026-01-02', '2026-02-01', '2026-03-01']);
  });
  it('offline marks and rank follow §5', () => {
    expect(offlineMarks({ courseLevelMarksObtain: 42, subjectWiseExamSchdList: [] })).toBe('42');
    expect(
      offlineMarks({
        courseLevelMarksObtain: 0,
        subjectWiseExamSchdList: [{ marks_obtained: 10 }, { marks_obtained: 5 }],
      }),
    ).toBe('15');
    expect(offlineMarks({ courseLevelMarksObtain: null, subjectWiseExamSchdList: [] })).toBe('-');
    expect(offlineRank({ isAbsent: 'Y', courseLevelRank: 1, subjectWiseExamSchdList: [] })).toBe('-');
    expect(
      offlineRank({ isAbsent: 'N', courseLevelRank: 3, subjectWiseExamSchdList: [{ rank: 2 }, { rank: 5 }] }),
    ).toBe('2, 5');
    expect(offlineRank({ isAbsent: 'N', courseLevelRank: 3, subjectWiseExamSchdList: [{ rank: 2 }] })).toBe('3');
  });
  const subject = (
    subject_name: string,
    marks_obtained: number | null,
    total_marks: number | null,
    rank: number | null,
  ) => ({ subject_name, marks_obtained, total_marks, rank });
  it.each([
    [
      'the course total',
      { courseLevelMarksObtain: 73, courseLevelTotalMarks: 125, subjectWiseExamSchdList: [] },
      '73 out of 125',
    ],
    [
      'the subjects’ totals summed',
      {
        courseLevelMarksObtain: null,
        courseLevelTotalMarks: null,
        subjectWiseExamSchdList: [subject('Maths', 30, 40, 1), subject('Science', 20, 35, 2)],
      },
      '50 out of 75',
    ],
    [
      'the marks alone when no total is known',
      { courseLevelMarksObtain: 12, courseLevelTotalMarks: null, subjectWiseExamSchdList: [] },
      '12',
    ],
    [
      'a dash when there are no marks',
      { courseLevelMarksObtain: null, courseLevelTotalMarks: 50, subjectWiseExamSchdList: [] },
      '-',
    ],
  ])('offline marks name what they are out of: %s', (_, record, expected) => {
    expect(offlineMarksText(record)).toBe(expected);
  });
  it.each([
    [
      'each subject’s rank with its subject',
      'N',
      3,
      [subject('Mathematics', 30, 40, 2), subject('Science', 20, 40, 1), subject('English', 23, 45, 4)],
      'Mathematics\u00a02, Science\u00a01, English\u00a04',
    ],
    ['the course rank with one subject rank', 'N', 3, [subject('Mathematics', 30, 40, 2)], '3'],
    ['a dash when absent', 'Y', 3, [subject('Mathematics', null, 40, 2), subject('Science', null, 40, 1)], '-'],
    [
      'subjects without a rank left out',
      'N',
      null,
      [subject('Mathematics', 30, 40, 2), subject('Art', 5, 10, null), subject('Science', 20, 40, 1)],
      'Mathematics\u00a02, Science\u00a01',
    ],
  ])('offline ranks say whose they are: %s', (_, isAbsent, courseLevelRank, subjectWiseExamSchdList, expected) => {
    expect(offlineRankText({ isAbsent, courseLevelRank, subjectWiseExamSchdList })).toBe(expected);
  });
});

describe('tab visibility (spec part 2 §2.4)', () => {
  it('shows Online only for ONLINE or HYBRID_BLENDED', () => {
    expect(reportTabs({ examSetup: 'ONLINE', userType: 1, studentId: 5 }).online).toBe(true);
    expect(reportTabs({ examSetup: 'HYBRID_BLENDED', userType: 1, studentId: 5 }).online).toBe(true);
    expect(reportTabs({ examSetup: 'OFFLINE', userType: 1, studentId: 5 }).online).toBe(false);
    expect(reportTabs({ examSetup: null, userType: 1, studentId: 5 }).online).toBe(false);
  });
  it('shows Offline unless user_type 99, with a student id or an OFFLINE/HYBRID setup', () => {
    expect(reportTabs({ examSetup: 'ONLINE', userType: 1, studentId: 5 }).offline).toBe(true);
    expect(reportTabs({ examSetup: 'ONLINE', userType: 1, studentId: null }).offline).toBe(false);
    expect(reportTabs({ examSetup: 'OFFLINE', userType: 1, studentId: null }).offline).toBe(true);
    expect(reportTabs({ examSetup: 'HYBRID_BLENDED', userType: 99, studentId: null }).offline).toBe(false);
    expect(reportTabs({ examSetup: 'OFFLINE', userType: 99, studentId: 5 }).offline).toBe(false);
  });
});

describe('online report status (spec part 2 §4)', () => {
  const now = 2_000_000_000_000;
  const base = { end_timestamp: now / 1000 - 10, total_attempts: 0, incomplete_attempts: 0, is_result_published: 1 };
  it('is expired when the end passed with no attempt', () => {
    expect(onlineReportStatus({ ...base, test_type_id: 1 }, now)).toBe('expired');
    expect(onlineReportStatus({ ...base, test_type_id: 4 }, now)).toBe('expired');
  });
  it('is published or under evaluation once attempted', () => {
    expect(onlineReportStatus({ ...base, test_type_id: 1, total_attempts: 1 }, now)).toBe('published');
    expect(onlineReportStatus({ ...base, test_type_id: 4, total_attempts: 1, is_result_published: 0 }, now)).toBe(
      'evaluation',
    );
    expect(onlineReportStatus({ ...base, test_type_id: 2, total_attempts: 2, end_timestamp: now }, now)).toBe(
      'published',
    );
  });
  it('lists no running test without attempts and no practice test without attempts', () => {
    expect(onlineReportStatus({ ...base, test_type_id: 1, end_timestamp: now / 1000 + 60 }, now)).toBeUndefined();
    expect(onlineReportStatus({ ...base, test_type_id: 2, end_timestamp: now / 1000 + 60 }, now)).toBeUndefined();
  });
});
