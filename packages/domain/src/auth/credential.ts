/** The parts of the main API credential (student_auth). */
export interface Credential {
  /** The random session token (base64url, 256 bits). */
  token: string;
  /** The academic year the user works in; the server checks the user belongs to it. */
  academicYearId: number;
  deviceId: string;
}

/** Marker the spec adds to credentials of web logins. */
export const webMarker = 'WEB';

const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const fromBase64 = (base64: string) => new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));

/** Encodes the credential sent as the Authorization header: base64 of `token:year:device:WEB`. */
export function encodeCredential(credential: Credential): string {
  return toBase64(
    [credential.token, String(credential.academicYearId), encodeURIComponent(credential.deviceId), webMarker].join(':'),
  );
}

/** Decodes a credential, or undefined when it is not one. */
export function decodeCredential(encoded: string): Credential | undefined {
  try {
    const parts = fromBase64(encoded.trim()).split(':');
    if (parts.length !== 4 || parts[3] !== webMarker) return undefined;
    const [token, year, device] = parts as [string, string, string, string];
    if (!/^[A-Za-z0-9_-]{43}$/.test(token) || !/^\d{1,9}$/.test(year)) return undefined;
    return { token, academicYearId: Number(year), deviceId: decodeURIComponent(device) };
  } catch {
    return undefined;
  }
}

/** The credential with its academic-year part rewritten (the academic-year switch of spec part 1 §4). */
export function withAcademicYear(encoded: string, academicYearId: number): string {
  const credential = decodeCredential(encoded);
  if (!credential) throw new Error('not a credential');
  return encodeCredential({ ...credential, academicYearId });
}
