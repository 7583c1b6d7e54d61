import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent, type TestInstitute } from '../../test/factories/institutes.ts';
import { useInstituteDatabase } from '../../test/institute-database.ts';
import type { Db } from '../db/client.ts';
import { blockLogins, createLogins, findChildren, findLogins, linkChildren, setChildren } from './people.writer.ts';

// People's writer, which the admin API, the demo and the factories all write logins, profiles and parents'
// children through.
describe("people's writer", () => {
  const opened = useInstituteDatabase();
  let db: Db;
  let school: TestInstitute;
  beforeAll(() => {
    ({ db, school } = opened);
  });

  const parent = (name: string, phone: string) => ({
    userType: 2,
    name,
    phone,
    passwordHash: '!sso-only',
    joinDate: school.today,
  });

  it('creates logins in one go, answering their ids in the order given, and blocks them', async () => {
    const ids = await createLogins(db, school.id, [
      parent('First', '6000000001'),
      { ...parent('Second', '6000000002'), email: 'second@example.com' },
    ]);
    const stored = await findLogins(db, school.id, ids);
    expect(ids.map((id) => stored.get(id)?.name)).toEqual(['First', 'Second']);
    expect(stored.get(ids[0]!)).toMatchObject({ email: null, isBlocked: false });
    await blockLogins(db, school.id, ids);
    expect([...(await findLogins(db, school.id, ids)).values()].map((login) => login.isBlocked)).toEqual([true, true]);
  });

  it("sets a parent's children to exactly those given, in student order", async () => {
    const [parentId] = await createLogins(db, school.id, [parent('Parent', '6000000003')]);
    const [first, second, third] = [
      await createStudent(db, school),
      await createStudent(db, school),
      await createStudent(db, school),
    ];
    await linkChildren(db, school.id, [
      { parentUserId: parentId!, studentId: second!.studentId },
      { parentUserId: parentId!, studentId: first!.studentId },
    ]);
    expect((await findChildren(db, school.id, [parentId!])).get(parentId!)).toEqual([
      first!.studentId,
      second!.studentId,
    ]);
    await setChildren(db, school.id, parentId!, [third!.studentId]);
    expect((await findChildren(db, school.id, [parentId!])).get(parentId!)).toEqual([third!.studentId]);
  });
});
