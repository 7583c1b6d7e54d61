/** Blood groups a profile may hold (spec part 1 §5). */
export const bloodGroups = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export type BloodGroup = (typeof bloodGroups)[number];

/** Address: 119 characters saved, 100 shown on screen. Birth place: 20. */
export const maxAddressLength = 119;
export const shownAddressLength = 100;
export const maxBirthPlaceLength = 20;
/** First year of the date-of-birth year list. */
export const firstDobYear = 1970;
/** Largest photo accepted, in bytes of the decoded image. */
export const maxPhotoBytes = 2 * 1024 * 1024;

/** Messages of the profile edits (spec part 1 §5 and §8), verbatim. */
export const profileMessages = {
  leapFebruary: 'Selected year Have 29 Days In February',
  plainFebruary: 'Selected year Have 28 Days In February',
  thirtyDayMonth: 'Month Selected Have Only 30 Days',
  future: "Selected Date Can't Be Greater Than Current Date",
  invalid: 'Something Went Wrong,Please Try Again',
  addressUpdated: 'Address Updated Succesfully',
  birthPlaceUpdated: 'Birthplace Updated Succesfully',
  bloodGroupUpdated: 'Bloodgroup Updated Succesfully',
  dobUpdated: 'DOB Updated Successfully',
  photoUpdated: 'profile picture updated successfully',
} as const;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * Checks a date of birth chosen as day, month (1–12) and year against the rules of spec part 1 §5, in the
 * spec's order; `today` is `YYYY-MM-DD`. Answers the message to show, or undefined when the date is valid.
 */
export function validateDob(day: number, month: number, year: number, today: string): string | undefined {
  const [thisYear] = today.split('-').map(Number) as [number];
  if (![day, month, year].every(Number.isInteger) || year < firstDobYear || year > thisYear)
    return profileMessages.invalid;
  if (month < 1 || month > 12 || day < 1 || day > 31) return profileMessages.invalid;
  if (month === 2 && isLeapYear(year) && day >= 30) return profileMessages.leapFebruary;
  if (month === 2 && !isLeapYear(year) && day >= 29) return profileMessages.plainFebruary;
  if ([4, 6, 9, 11].includes(month) && day === 31) return profileMessages.thirtyDayMonth;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (iso > today) return profileMessages.future;
  return undefined;
}

/** Reads `YYYY-MM-DD` into day, month and year, or undefined when it is not of that shape. */
export function parseIsoDate(value: string): { day: number; month: number; year: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** '-' for what the spec counts as empty: blank, roll number 0, and -1 for mother tongue, blood group, profession. */
export function displayProfileValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value).trim();
  return text === '' || text === '0' || text === '-1' ? '-' : text;
}

/** A stored date of birth as DD-MM-YYYY; 1900-01-01 (a placeholder in old records) and blanks show '-'. */
export function displayDob(iso: string | null | undefined): string {
  const parts = iso ? parseIsoDate(iso) : undefined;
  if (!parts || iso === '1900-01-01') return '-';
  return `${String(parts.day).padStart(2, '0')}-${String(parts.month).padStart(2, '0')}-${parts.year}`;
}

/** An Aadhar number with all but its last 4 digits hidden: 1234 5678 9012 → XXXX-XXXX-9012. */
export function maskAadhar(aadhar: string | null | undefined): string {
  const digits = (aadhar ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '-';
  return `XXXX-XXXX-${digits.slice(-4)}`;
}

/** Image types a profile photo may be, recognised by their first bytes rather than by name. */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return undefined;
}
