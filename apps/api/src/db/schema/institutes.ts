import { boolean, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** How an institute runs classes and exams (spec part 2 §9). */
export const deliveryMode = pgEnum('delivery_mode', ['ONLINE', 'OFFLINE', 'HYBRID_BLENDED']);
/** What the file-manager/study-material setting allows ("FILE_MANEGER" is spelt as the spec spells it). */
export const materialMode = pgEnum('material_mode', ['STUDY_MATERIAL', 'FILE_MANEGER', 'BOTH', 'NONE']);

export const institutes = pgTable('institutes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  isSchool: boolean().notNull(),
  logoUrl: text().notNull().default(''),
  faviconUrl: text().notNull().default(''),
  timeZone: text().notNull().default('Asia/Kolkata'),
  countryCallingCode: text().notNull().default('91'),
  currencyCode: text().notNull().default('INR'),
  // Plan settings the session carries as inst_set_up.
  classesMode: deliveryMode().notNull(),
  examMode: deliveryMode().notNull(),
  materialMode: materialMode().notNull(),
  isStoreEnabled: boolean().notNull().default(false),
  isMarketingAndBanner: boolean().notNull().default(false),
  isFeeStructLinked: boolean().notNull().default(false),
  isFeeReceiptEnabled: boolean().notNull().default(false),
  // Feature flags.
  isElearnEnabled: boolean().notNull().default(false),
  isOnlineAssignmentEnabled: boolean().notNull().default(false),
  isCourseStructure: boolean().notNull().default(false),
  isZoomEnabled: boolean().notNull().default(false),
  isProfileUpdateAllowed: boolean().notNull().default(false),
  /** Students may download Vimeo videos (the answers' vimeo_video_downlodable); on unless the institute turns it off. */
  isVimeoDownloadable: boolean().notNull().default(true),
  // Links shown in the header, profile popup and products screen; empty means not configured.
  helpUrl: text().notNull().default(''),
  twitterUrl: text().notNull().default(''),
  facebookUrl: text().notNull().default(''),
  linkedinUrl: text().notNull().default(''),
  whatsappUrl: text().notNull().default(''),
  youtubeUrl: text().notNull().default(''),
  instagramUrl: text().notNull().default(''),
  privacyPolicyUrl: text().notNull().default(''),
  termsUrl: text().notNull().default(''),
  storeUrl: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Host names an institute is reached at; one host belongs to one institute. */
export const instituteHosts = pgTable('institute_hosts', {
  host: text().primaryKey(),
  instituteId: integer()
    .notNull()
    .references(() => institutes.id, { onDelete: 'cascade' }),
});
