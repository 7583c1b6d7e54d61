import type { Storage } from '../../lib/storage.ts';
import type { Db } from '../client.ts';

/** The seed's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A demo account as the base seed wrote it. */
export interface DemoAccount {
  userId: number;
  /** The student row of a student account, else null. */
  studentId: number | null;
  /** The batches of the newest year the student is enrolled in. */
  batchIds: number[];
}

/** One demo institute with the rows every area builds on. */
export interface DemoInstitute {
  id: number;
  timeZone: string;
  /** Every batch of both years, in id order. */
  batches: { id: number; standardId: number }[];
  /** Every subject, in id order. */
  subjects: { id: number; standardId: number }[];
  /** The account signing in with `login` (phone or e-mail) as `userType`; throws when the base seed has none. */
  account(login: string, userType: number): DemoAccount;
}

/** What each area's seed gets: the open transaction, the clock, the file store and the base rows. */
export interface DemoContext {
  tx: Tx;
  now: Date;
  /** `now` as a Kolkata date (YYYY-MM-DD). */
  today: string;
  storage: Storage;
  institutes: { greenfield: DemoInstitute; apex: DemoInstitute };
}

/** An area's demo data: `features/<area>/<area>.seed.ts`, exporting `seed` and, when it reads another area's rows, `seedAfter`. */
export interface DemoAreaSeed {
  /** The area's folder name. */
  name: string;
  seed(context: DemoContext): Promise<void>;
  /** The areas whose demo rows this one reads or follows (their seeds run first). */
  seedAfter?: readonly string[];
}
