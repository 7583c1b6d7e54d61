import { describe, expect, it } from 'vitest';
import { decodeCredential, encodeCredential, withAcademicYear } from './credential.ts';

const token = 'a'.repeat(43);

describe('credential', () => {
  it('round-trips token, year and device', () => {
    const encoded = encodeCredential({ token, academicYearId: 7, deviceId: 'web:é/1' });
    expect(decodeCredential(encoded)).toEqual({ token, academicYearId: 7, deviceId: 'web:é/1' });
  });

  it('rewrites only the year part', () => {
    const encoded = encodeCredential({ token, academicYearId: 7, deviceId: 'd1' });
    expect(decodeCredential(withAcademicYear(encoded, 3))).toEqual({ token, academicYearId: 3, deviceId: 'd1' });
  });

  it.each(['', 'garbage', btoa('x:1:d:WEB'), btoa(`${token}:1:d:APP`), btoa(`${token}:year:d:WEB`), '%%%'])(
    'refuses %j',
    (encoded) => {
      expect(decodeCredential(encoded)).toBeUndefined();
    },
  );
});
