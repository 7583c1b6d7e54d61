import { describe, expect, it } from 'vitest';
import {
  deriveLoginOutcome,
  loginFailureMessage,
  loginMessages,
  normaliseLogin,
  validateLogin,
} from './login-rules.ts';

describe('validateLogin (spec part 1 §5)', () => {
  it.each([
    ['', 'demo1234', 'Email or Phone Number is required'],
    ['   ', 'demo1234', 'Email or Phone Number is required'],
    ['9000000001', '', 'Password is required'],
    ['', '', 'Email or Phone Number is required'],
    ['12345', 'demo1234', 'Please enter a valid Phone number'],
    ['1234567890123456', 'demo1234', 'Please enter a valid Phone number'],
    ['student@apex', 'demo1234', 'You have entered an invalid email address!'],
    ['student apex.test', 'demo1234', 'You have entered an invalid email address!'],
    ['abc', 'demo1234', 'You have entered an invalid email address!'],
    ['9000000001', 'abc', 'Password length should be atleast 4 digits long'],
    ['student@apex.test', 'abc', 'Password length should be atleast 4 digits long'],
  ])('login %j with password %j reads %j', (login, password, message) => {
    expect(validateLogin(login, password)).toBe(message);
  });

  it.each([
    ['9000000001', 'demo1234'],
    ['90000 00001', 'demo'],
    ['919000000001', 'demo1234'],
    ['student@apex.test', 'demo1234'],
    [' buyer@apex.test ', 'demo1234'],
  ])('accepts %j', (login, password) => {
    expect(validateLogin(login, password)).toBeUndefined();
  });

  it('strips spaces from the login', () => {
    expect(normaliseLogin(' 90000 000 01 ')).toBe('9000000001');
  });
});

describe('deriveLoginOutcome (spec part 1 §4)', () => {
  it('signs in on a session object that allows login', () => {
    expect(deriveLoginOutcome({ is_login_allowed: 1, user_id: 5 })).toEqual({ kind: 'signed-in' });
  });

  it('asks to choose a profile on a list', () => {
    expect(deriveLoginOutcome([{ user_id: 1 }, { user_id: 2 }])).toEqual({ kind: 'choose-profile' });
  });

  it('asks to confirm on login_option 10', () => {
    expect(deriveLoginOutcome({ login_option: 10, is_login_allowed: 1 })).toEqual({
      kind: 'confirm-other-device',
      message:
        'You are already logged in on another device. Do you want to use here? You will be logged out from other devices.',
    });
  });

  it.each([
    [{ login_option: 11, is_login_allowed: 1 }, loginMessages.unregisteredDevice],
    [{ login_option: 13, is_login_allowed: 1 }, 'Your account has been blocked. Please contact your institute/school!'],
    [{ is_login_allowed: 0 }, 'Kindly clear fees dues to successfully login.'],
    [null, loginMessages.notAuthorized],
  ])('alerts on %o', (result, message) => {
    expect(deriveLoginOutcome(result)).toEqual({ kind: 'alert', message });
  });

  it('words the unregistered device alert as the spec does', () => {
    expect(loginMessages.unregisteredDevice).toBe(
      'Unable to login! This is not your registered device for login kindly use a registered device. For any query please contact your administrator.',
    );
  });
});

describe('loginFailureMessage (spec part 1 §8)', () => {
  it('shows the server message', () => {
    expect(loginFailureMessage(401, 'Invailid Login Details')).toBe('Invailid Login Details');
  });
  it('asks to contact the admin when the message is empty', () => {
    expect(loginFailureMessage(400, '')).toBe('please contact institute admin.');
  });
  it('falls back to the default without a message', () => {
    expect(loginFailureMessage(500, undefined)).toBe('Invailid Login Details');
  });
  it('reads a network failure as Network Error', () => {
    expect(loginFailureMessage(null, undefined)).toBe('Network Error');
  });
});
