import { describe, expect, it } from 'vitest';
import { parseLogoutMessage } from './logout-message.ts';

describe('parseLogoutMessage (spec part 1 §4, ": app_link :")', () => {
  it('keeps a plain message as it is', () => {
    expect(parseLogoutMessage('Your session has ended')).toEqual({ text: 'Your session has ended' });
  });

  it('splits the text from the link', () => {
    expect(parseLogoutMessage('Please use the new app : app_link : https://apps.example.com/portal')).toEqual({
      text: 'Please use the new app',
      link: 'https://apps.example.com/portal',
    });
    expect(parseLogoutMessage('Update the app: app_link :https://x.example/a')).toEqual({
      text: 'Update the app',
      link: 'https://x.example/a',
    });
  });

  it('adds https to a bare host', () => {
    expect(parseLogoutMessage('Get the app : app_link : play.example.com/app')).toEqual({
      text: 'Get the app',
      link: 'https://play.example.com/app',
    });
  });

  it('never makes a script address clickable', () => {
    expect(parseLogoutMessage('Click : app_link : javascript:alert(1)')).toEqual({ text: 'Click' });
    expect(parseLogoutMessage('Nothing : app_link : ')).toEqual({ text: 'Nothing' });
  });
});
