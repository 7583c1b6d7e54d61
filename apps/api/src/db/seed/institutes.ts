import type { Faker } from '@faker-js/faker';
import { academicYearOf, addDays } from '@campus/domain/calendar/calendar';
import { instituteApiKeys, sessions } from '../schema/auth.ts';
import { instituteHosts, institutes } from '../schema/institutes.ts';
import {
  academicYearRows,
  batchRows,
  enrolStudents,
  standardRows,
  subjectRows,
} from '../../access/academics.writer.ts';
import { createLogins, createStudents, linkChildren } from '../../access/people.writer.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { DemoAccount, DemoInstitute, Tx } from './context.ts';
import { demoApiKeys, demoHosts, demoLogins, demoOtherDeviceId, demoRegisteredDeviceId } from './demo-accounts.ts';

interface InstitutePlan {
  instituteId: number;
  today: string;
  displayPrefix: string;
  standardNames: string[];
  batchNames: string[];
  subjectNames: string[];
  bulkStudents: number;
  phoneBase: number;
}

interface BuiltInstitute {
  currentYearId: number;
  previousYearId: number;
  /** Batches of the current year, then of the previous year, in standard order. */
  currentBatchIds: number[];
  previousBatchIds: number[];
  batches: DemoInstitute['batches'];
  subjects: DemoInstitute['subjects'];
}

async function buildAcademics(tx: Tx, plan: InstitutePlan): Promise<BuiltInstitute> {
  const { instituteId } = plan;
  const [previousYearId, currentYearId] = await academicYearRows.create(tx, instituteId, [
    academicYearOf(plan.today, -1),
    academicYearOf(plan.today, 0),
  ]);
  const standardIds = await standardRows.create(
    tx,
    instituteId,
    plan.standardNames.map((name) => ({ name })),
  );
  const subjectValues = standardIds.flatMap((standardId) => plan.subjectNames.map((name) => ({ standardId, name })));
  const subjectIds = await subjectRows.create(tx, instituteId, subjectValues);
  const batchList: DemoInstitute['batches'] = [];
  const batchesFor = async (academicYearId: number) => {
    const values = standardIds.flatMap((standardId) =>
      plan.batchNames.map((name) => ({ standardId, academicYearId, name })),
    );
    const ids = await batchRows.create(tx, instituteId, values);
    batchList.push(...ids.map((id, index) => ({ id, standardId: values[index]!.standardId })));
    return ids;
  };
  const previousBatchIds = await batchesFor(previousYearId!);
  const currentBatchIds = await batchesFor(currentYearId!);
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return {
    previousYearId: previousYearId!,
    currentYearId: currentYearId!,
    previousBatchIds,
    currentBatchIds,
    batches: batchList.sort(byId),
    subjects: subjectIds.map((id, index) => ({ id, standardId: subjectValues[index]!.standardId })).sort(byId),
  };
}

interface PersonSpec {
  userType: number;
  name: string;
  phone?: string | null;
  email?: string | null;
  isBlocked?: boolean;
  isLoginAllowed?: number;
  registeredDeviceId?: string | null;
}

class InstituteSeeder {
  private studentCount = 0;
  /** Every account written, by user type and login (phone and e-mail alike). */
  private readonly accounts = new Map<string, DemoAccount>();

  private readonly tx: Tx;
  private readonly plan: InstitutePlan;
  private readonly built: BuiltInstitute;
  private readonly passwordHash: string;
  private readonly faker: Faker;

  constructor(tx: Tx, plan: InstitutePlan, built: BuiltInstitute, passwordHash: string, faker: Faker) {
    this.tx = tx;
    this.plan = plan;
    this.built = built;
    this.passwordHash = passwordHash;
    this.faker = faker;
  }

  async addUser(person: PersonSpec): Promise<number> {
    const [userId] = await createLogins(this.tx, this.plan.instituteId, [
      {
        userType: person.userType,
        name: person.name,
        phone: person.phone ?? null,
        email: person.email ?? null,
        passwordHash: this.passwordHash,
        isBlocked: person.isBlocked ?? false,
        isLoginAllowed: person.isLoginAllowed ?? 1,
        registeredDeviceId: person.registeredDeviceId ?? null,
        joinDate: addDays(this.plan.today, -200),
      },
    ]);
    const account: DemoAccount = { userId: userId!, studentId: null, batchIds: [] };
    for (const login of [person.phone, person.email])
      if (login) this.accounts.set(`${person.userType} ${login}`, account);
    return userId!;
  }

  /** The account `login` signs in to as `userType`. */
  account(login: string, userType: number): DemoAccount {
    const account = this.accounts.get(`${userType} ${login}`);
    if (!account) throw new Error(`the demo has no account ${login} of user type ${userType}`);
    return account;
  }

  /** The institute as the areas' seeds see it. */
  describe(timeZone: string): DemoInstitute {
    const { batches, subjects } = this.built;
    return {
      id: this.plan.instituteId,
      timeZone,
      batches,
      subjects,
      account: (login, type) => this.account(login, type),
    };
  }

  /** Adds a student enrolled in one batch of the chosen years (current and previous by default). */
  async addStudent(person: Omit<PersonSpec, 'userType'>, years: ('current' | 'previous')[] = ['previous', 'current']) {
    const userId = await this.addUser({ ...person, userType: 1 });
    this.studentCount += 1;
    const [studentId] = await createStudents(this.tx, this.plan.instituteId, [
      { userId, displayId: `${this.plan.displayPrefix}${String(this.studentCount).padStart(4, '0')}` },
    ]);
    const student = { id: studentId! };
    const slot = this.studentCount % this.built.currentBatchIds.length;
    await enrolStudents(
      this.tx,
      this.plan.instituteId,
      years.map((year) => ({
        studentId: student!.id,
        batchId: (year === 'current' ? this.built.currentBatchIds : this.built.previousBatchIds)[slot]!,
        rollNo: Math.floor(this.studentCount / this.built.currentBatchIds.length) + 1,
      })),
    );
    const newest = years.includes('current') ? this.built.currentBatchIds : this.built.previousBatchIds;
    const account = this.account((person.phone ?? person.email)!, 1);
    account.studentId = student!.id;
    account.batchIds = [newest[slot]!];
    return { userId, studentId: student!.id };
  }

  async addParent(person: Omit<PersonSpec, 'userType'>, studentIds: number[]): Promise<number> {
    const parentUserId = await this.addUser({ ...person, userType: 2 });
    await linkChildren(
      this.tx,
      this.plan.instituteId,
      studentIds.map((studentId) => ({ parentUserId, studentId })),
    );
    return parentUserId;
  }

  /** Fills the institute up to its realistic size with generated students. */
  async addBulkStudents(): Promise<void> {
    const people = Array.from({ length: this.plan.bulkStudents }, (_, index) => ({
      name: this.faker.person.fullName(),
      phone: String(this.plan.phoneBase + index),
    }));
    for (const person of people) await this.addStudent(person);
  }
}

async function seedGreenfield(tx: Tx, today: string, passwordHash: string, faker: Faker): Promise<DemoInstitute> {
  const [institute] = await tx
    .insert(institutes)
    .values({
      name: 'Greenfield Public School',
      isSchool: true,
      logoUrl: '/my-account/demo/greenfield-logo.svg',
      faviconUrl: '/my-account/demo/greenfield-favicon.svg',
      classesMode: 'HYBRID_BLENDED',
      examMode: 'HYBRID_BLENDED',
      materialMode: 'BOTH',
      isStoreEnabled: true,
      isMarketingAndBanner: true,
      isFeeStructLinked: true,
      isFeeReceiptEnabled: true,
      isElearnEnabled: true,
      isOnlineAssignmentEnabled: true,
      isProfileUpdateAllowed: true,
      isVimeoDownloadable: true,
      helpUrl: 'https://help.greenfield.example/portal',
      twitterUrl: 'https://twitter.com/greenfieldps',
      facebookUrl: 'https://facebook.com/greenfieldps',
      youtubeUrl: 'https://youtube.com/@greenfieldps',
      instagramUrl: 'https://instagram.com/greenfieldps',
      privacyPolicyUrl: 'https://greenfield.example/privacy',
      termsUrl: 'https://greenfield.example/terms',
      storeUrl: 'https://store.greenfield.example',
    })
    .returning({ id: institutes.id, timeZone: institutes.timeZone });
  const instituteId = institute!.id;
  await tx.insert(instituteHosts).values(demoHosts.greenfield.map((host) => ({ host, instituteId })));
  await tx.insert(instituteApiKeys).values({ instituteId, name: 'demo', keyHash: hashToken(demoApiKeys.greenfield) });
  const plan: InstitutePlan = {
    instituteId,
    today,
    displayPrefix: 'GPS',
    standardNames: ['Class 6', 'Class 7', 'Class 8', 'Class 9', 'Class 10'],
    batchNames: ['A', 'B'],
    subjectNames: ['English', 'Hindi', 'Mathematics', 'Science', 'Social Science'],
    bulkStudents: 92,
    phoneBase: 9800000000,
  };
  const seeder = new InstituteSeeder(tx, plan, await buildAcademics(tx, plan), passwordHash, faker);

  const aarav = await seeder.addStudent({
    name: 'Aarav Sharma',
    phone: demoLogins.greenfieldStudent,
    email: 'aarav.sharma@greenfield.example',
  });
  const diya = await seeder.addStudent({ name: 'Diya Sharma', phone: demoLogins.greenfieldSecondChild });
  await seeder.addParent(
    { name: 'Rajesh Sharma', phone: demoLogins.greenfieldParentOfTwo, email: 'rajesh.sharma@example.in' },
    [aarav.studentId, diya.studentId],
  );
  // One phone, two profiles: Meera is a student and also the parent of her younger brother Kabir.
  await seeder.addStudent({ name: 'Meera Iyer', phone: demoLogins.greenfieldSharedPhone });
  const kabir = await seeder.addStudent({ name: 'Kabir Iyer', phone: '9000000023' });
  await seeder.addParent({ name: 'Meera Iyer', phone: demoLogins.greenfieldSharedPhone }, [kabir.studentId]);
  await seeder.addStudent({ name: 'Rohan Verma', phone: demoLogins.greenfieldFeeDues, isLoginAllowed: 0 });
  const ananya = await seeder.addStudent({ name: 'Ananya Gupta', phone: demoLogins.greenfieldOtherDeviceSession });
  // Signed in on another device. Unlike a real login (which ends at midnight) it lasts a year, so the demo
  // keeps showing login_option 10 until someone confirms the sign-in here.
  await tx.insert(sessions).values({
    instituteId,
    loginId: 'demo-other-device-login',
    scope: 'main',
    tokenHash: hashToken(newToken()),
    accountUserId: ananya.userId,
    userId: ananya.userId,
    studentId: ananya.studentId,
    userType: 1,
    deviceId: demoOtherDeviceId,
    academicYearIds: [],
    expiresAt: new Date(`${addDays(today, 365)}T00:00:00Z`),
  });
  await seeder.addStudent({
    name: 'Vikram Singh',
    phone: demoLogins.greenfieldRegisteredDevice,
    registeredDeviceId: demoRegisteredDeviceId,
  });
  await seeder.addStudent({ name: 'Ishaan Mehta', phone: demoLogins.greenfieldBlocked, isBlocked: true });
  await seeder.addStudent({ name: 'Sara Khan', phone: demoLogins.greenfieldPastYearsOnly }, ['previous']);
  // An open-course buyer at the school too, so every role exists in each institute.
  await seeder.addUser({ userType: 99, name: 'Farhan Ali', email: 'learner@greenfield.test', phone: '9000000099' });
  await seeder.addBulkStudents();
  // Enrolled this year only, after the generated students (so no one's section changes) and in another section than
  // Aarav's (his reports' classmates stay the same): the timetable area marks no attendance for her (issue 27, #18).
  await seeder.addStudent({ name: 'Tara Joshi', phone: demoLogins.greenfieldNoAttendance }, ['current']);
  return seeder.describe(institute!.timeZone);
}

async function seedApex(tx: Tx, today: string, passwordHash: string, faker: Faker): Promise<DemoInstitute> {
  const [institute] = await tx
    .insert(institutes)
    .values({
      name: 'Apex Coaching Institute',
      isSchool: false,
      logoUrl: '/my-account/demo/apex-logo.svg',
      faviconUrl: '/my-account/demo/apex-favicon.svg',
      classesMode: 'ONLINE',
      examMode: 'ONLINE',
      materialMode: 'BOTH',
      isStoreEnabled: true,
      isMarketingAndBanner: false,
      isOnlineAssignmentEnabled: true,
      isElearnEnabled: true,
      // Apex keeps its Vimeo videos streaming only: no download is offered (Greenfield offers them).
      isVimeoDownloadable: false,
      linkedinUrl: 'https://linkedin.com/company/apex-coaching',
      whatsappUrl: 'https://wa.me/919100000000',
      storeUrl: 'https://store.apex.example',
    })
    .returning({ id: institutes.id, timeZone: institutes.timeZone });
  const instituteId = institute!.id;
  await tx.insert(instituteHosts).values(demoHosts.apex.map((host) => ({ host, instituteId })));
  await tx.insert(instituteApiKeys).values({ instituteId, name: 'demo', keyHash: hashToken(demoApiKeys.apex) });
  const plan: InstitutePlan = {
    instituteId,
    today,
    displayPrefix: 'APX',
    standardNames: ['JEE Main', 'NEET', 'Foundation'],
    batchNames: ['Morning', 'Evening'],
    subjectNames: ['Physics', 'Chemistry', 'Mathematics', 'Biology'],
    bulkStudents: 99,
    phoneBase: 9810000000,
  };
  const seeder = new InstituteSeeder(tx, plan, await buildAcademics(tx, plan), passwordHash, faker);
  const neha = await seeder.addStudent({ name: 'Neha Reddy', email: demoLogins.apexStudent, phone: '9100000001' });
  await seeder.addParent({ name: 'Suresh Reddy', phone: demoLogins.apexParent }, [neha.studentId]);
  await seeder.addUser({ userType: 99, name: 'Priya Nair', email: demoLogins.apexBuyer, phone: '9100000099' });
  await seeder.addBulkStudents();
  return seeder.describe(institute!.timeZone);
}

/** The two demo institutes with their years, batches and people: the base every area's seed builds on. */
export async function seedDemoInstitutes(tx: Tx, today: string, passwordHash: string, faker: Faker) {
  const greenfield = await seedGreenfield(tx, today, passwordHash, faker);
  const apex = await seedApex(tx, today, passwordHash, faker);
  return { greenfield, apex };
}
