import { and, eq } from 'drizzle-orm';
import { students } from '../../db/schema/users.ts';
import type { DemoContext } from '../../db/seed/context.ts';
import { demoLogins } from '../../db/seed/demo-accounts.ts';

/** Profile details of the Greenfield students, including the placeholders the screen shows as '-'. */
export async function seed({ tx, institutes }: DemoContext): Promise<void> {
  const { id, account } = institutes.greenfield;
  const aarav = account(demoLogins.greenfieldStudent, 1);
  await tx
    .update(students)
    .set({
      gender: 'Male',
      dob: '2012-05-14',
      birthPlace: 'Pune',
      religion: 'Hindu',
      bloodGroup: 'B+',
      motherTongue: 'Marathi',
      country: 'India',
      state: 'Maharashtra',
      address: '14, Green Park Society, Baner Road, Pune 411045',
      permanentAddress: '14, Green Park Society, Baner Road, Pune 411045',
      aadharNo: '4321 8765 2109',
      parentName: 'Rajesh Sharma',
      parentEmail: 'rajesh.sharma@example.in',
      parentProfession: 'Engineer',
      parentPhone: demoLogins.greenfieldParentOfTwo,
      parentAadharNo: '9988 7766 5544',
      guardianName: '',
      guardianPhone: '',
      guardianEmail: '',
    })
    .where(and(eq(students.instituteId, id), eq(students.userId, aarav.userId)));
  // Sara's record carries the placeholders the spec says show as '-'.
  const sara = account(demoLogins.greenfieldPastYearsOnly, 1);
  await tx
    .update(students)
    .set({ dob: '1900-01-01', motherTongue: '-1', bloodGroup: '-1', parentProfession: '-1' })
    .where(and(eq(students.instituteId, id), eq(students.userId, sara.userId)));
}
