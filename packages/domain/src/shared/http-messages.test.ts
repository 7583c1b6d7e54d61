import { describe, expect, it } from 'vitest';
import { describeHttpFailure, describeLoadFailure, pickFailureMessage } from './http-messages.ts';

describe('describeHttpFailure (spec part 1 §8 generic fallbacks)', () => {
  it.each([
    [null, 'Please check your internet connection!'],
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
    [418, 'Something went wrong! Please try after sometime.'],
    [502, 'Something went wrong! Please try after sometime.'],
  ])('status %s reads %s', (status, message) => {
    expect(describeHttpFailure(status)).toBe(message);
  });
});

describe('pickFailureMessage', () => {
  it('prefers the server message', () => {
    expect(pickFailureMessage(400, 'Invailid Login Details')).toBe('Invailid Login Details');
  });

  it('falls back when the server message is blank or missing', () => {
    expect(pickFailureMessage(404, '  ')).toBe('Not Found');
    expect(pickFailureMessage(503, undefined)).toBe('Service Unavailable');
  });
});

describe('describeLoadFailure (a screen or route that could not load)', () => {
  it('says the connection is down while offline, whatever the call said', () => {
    expect(describeLoadFailure(false, 'Not Found')).toBe('Please check your internet connection!');
    expect(describeLoadFailure(false)).toBe('Please check your internet connection!');
  });

  it('online: the call message, else Network Error', () => {
    expect(describeLoadFailure(true, 'Internal Server Error')).toBe('Internal Server Error');
    expect(describeLoadFailure(true)).toBe('Network Error');
    expect(describeLoadFailure(true, ' ')).toBe('Network Error');
  });
});
