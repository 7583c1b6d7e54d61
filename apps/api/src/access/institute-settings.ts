import type { Db } from '../db/client.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { findInstituteSettings } from './access.repository.ts';

/** The institute settings requests read on their way: time zone and the switches that change answers. */
export interface InstituteSettings {
  timeZone: string;
  currencyCode: string;
  isMarketingAndBanner: boolean;
  isProfileUpdateAllowed: boolean;
  isSchool: boolean;
  /** The student fee receipt option (inst_set_up.student_fee_receipt_option). */
  isFeeReceiptEnabled: boolean;
  /** How the institute runs classes and exams: decides which kinds the timetable lists. */
  classesMode: 'ONLINE' | 'OFFLINE' | 'HYBRID_BLENDED';
  examMode: 'ONLINE' | 'OFFLINE' | 'HYBRID_BLENDED';
  /** Students may download Vimeo videos: the answers' vimeo_video_downlodable, and the Vimeo download links. */
  isVimeoDownloadable: boolean;
}

/** Default for an institute that has no row (never on a valid session; keeps the type total). */
const fallback: InstituteSettings = {
  timeZone: 'Asia/Kolkata',
  currencyCode: 'INR',
  isMarketingAndBanner: false,
  isProfileUpdateAllowed: false,
  isSchool: false,
  isFeeReceiptEnabled: false,
  classesMode: 'OFFLINE',
  examMode: 'OFFLINE',
  isVimeoDownloadable: false,
};

/**
 * Institute settings remembered for a minute, like the host: a request reads them without a query. A change
 * made through this process calls `forget`; other processes see it within the minute.
 */
export function instituteSettingsCache(db: Db, ttlMs = 60_000) {
  const cache = new BoundedCache<number, Promise<InstituteSettings>>({ max: 10_000, ttlMs });
  return {
    get(instituteId: number): Promise<InstituteSettings> {
      // A failed read is not remembered.
      return cache.remember(instituteId, () => findInstituteSettings(db, instituteId).then((row) => row ?? fallback));
    },
    forget(instituteId: number) {
      cache.delete(instituteId);
    },
  };
}

/** The cache's type, as the app holds it. */
export type InstituteSettingsCache = ReturnType<typeof instituteSettingsCache>;
