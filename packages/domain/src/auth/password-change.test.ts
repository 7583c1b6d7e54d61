import { describe, expect, it } from 'vitest';
import { passwordChangedMessage, passwordChangeMessages, validatePasswordChange } from './password-change.ts';

describe('validatePasswordChange (spec part 1 §5)', () => {
  it.each([
    [{ existing: '', next: 'secret12', retyped: 'secret12' }, 'Enter existing password, First'],
    [{ existing: 'demo1234', next: 'secret12', retyped: 'secret13' }, "Entered new passwords doesn't match"],
    [
      { existing: 'demo1234', next: 'abc12', retyped: 'abc12' },
      ' New passwords must contain 6-10 alphanumeric entries.',
    ],
    [
      { existing: 'demo1234', next: 'abcdefghijk', retyped: 'abcdefghijk' },
      ' New passwords must contain 6-10 alphanumeric entries.',
    ],
    [{ existing: 'demo1234', next: '', retyped: '' }, ' New passwords must contain 6-10 alphanumeric entries.'],
  ])('refuses %o with %s', (input, message) => {
    expect(validatePasswordChange(input)).toBe(message);
  });

  it.each(['abc123', 'abcdefghij'])('accepts a new password of 6 to 10 characters (%s)', (next) => {
    expect(validatePasswordChange({ existing: 'demo1234', next, retyped: next })).toBeUndefined();
  });

  it('thanks a parent for changing the parent password', () => {
    expect(passwordChangedMessage(true)).toBe("Parent's Password changed successfully,Please Re-Login!");
    expect(passwordChangedMessage(false)).toBe('Password changed successfully,Please Re-Login!');
    expect(passwordChangeMessages.existingWrong).toBe('Please enter correct existing password');
  });
});
