import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './uploads.ts';

describe('formatMegabytes', () => {
  it('shows megabytes with 2 decimals', () => {
    expect(formatMegabytes(0)).toBe('0.00 MB');
    expect(formatMegabytes(1536 * 1024)).toBe('1.50 MB');
  });

  it('never says 0.00 MB of a file that has content (defect 9)', () => {
    expect(formatMegabytes(612)).toBe('< 0.01 MB');
    expect(formatMegabytes(5000)).toBe('< 0.01 MB');
    expect(formatMegabytes(10_486)).toBe('0.01 MB');
    expect(formatMegabytes(150 * 1024 * 1024)).toBe('150.00 MB');
  });
});
