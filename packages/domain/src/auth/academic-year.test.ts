import { describe, expect, it } from 'vitest';
import { academicYearName, needsAcademicYearChoice, selectedYearFields } from './academic-year.ts';

const years = [
  { acad_yr_id: 3, acad_yr_name: '2024-25' },
  { acad_yr_id: 4, acad_yr_name: '2025-26' },
];

describe('needsAcademicYearChoice (spec part 1 §4)', () => {
  it('goes straight on when the user belongs to the current year', () => {
    expect(needsAcademicYearChoice({ current_acad_yr_id: 4, student_acad_year: years })).toBe(false);
  });

  it('asks when the current year is not among the user’s years', () => {
    expect(needsAcademicYearChoice({ current_acad_yr_id: 5, student_acad_year: years })).toBe(true);
    expect(needsAcademicYearChoice({ current_acad_yr_id: null, student_acad_year: years })).toBe(true);
  });

  it('does not ask a user without years of their own', () => {
    expect(needsAcademicYearChoice({ current_acad_yr_id: 5, student_acad_year: [] })).toBe(false);
  });
});

describe('academicYearName', () => {
  const session = {
    current_acad_yr_id: 5,
    student_acad_year: years,
    acad_year_list: [{ inst_acad_year_id: 5, inst_acad_year: '2026-27' }],
  };

  it('names the user’s own year, then the institute’s, else blank', () => {
    expect(academicYearName(session, 3)).toBe('2024-25');
    expect(academicYearName(session, 5)).toBe('2026-27');
    expect(academicYearName(session, 9)).toBe('');
    expect(academicYearName(session, null)).toBe('');
  });
});

describe('selectedYearFields (issue 27, item 7)', () => {
  const session = {
    current_acad_yr_id: 5,
    student_acad_year: years,
    // Signed in to 2026-27: the login's dates are that year's.
    ay_start_date: '2026-04-01',
    ay_end_date: '2027-03-31',
    acad_year_list: [
      { inst_acad_year_id: 4, inst_acad_year: '2025-26', start_date: '2025-04-01', end_date: '2026-03-31' },
      { inst_acad_year_id: 5, inst_acad_year: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31' },
    ],
  };

  it.each([
    { chosen: 4, name: '2025-26', start: '2025-04-01', end: '2026-03-31', why: 'an earlier year takes its own dates' },
    { chosen: 5, name: '2026-27', start: '2026-04-01', end: '2027-03-31', why: 'the login’s year keeps its dates' },
    {
      chosen: 3,
      name: '2024-25',
      start: '2026-04-01',
      end: '2027-03-31',
      why: 'a year the list lacks keeps the dates',
    },
  ])('$why', ({ chosen, name, start, end }) => {
    expect(selectedYearFields(session, chosen)).toEqual({
      selectedAcadYrId: chosen,
      selectedAcadYear: name,
      ay_start_date: start,
      ay_end_date: end,
    });
  });
});
