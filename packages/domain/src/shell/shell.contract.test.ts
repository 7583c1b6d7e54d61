import { describe, expect, it } from 'vitest';
import { logoQuerySchema, normaliseHost } from './shell.contract.ts';

describe('normaliseHost', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LOCALHOST:8080', 'localhost'],
    ['https://School.Example.com:8443/my-account?x=1', 'school.example.com'],
    ['apex.localhost/', 'apex.localhost'],
    ['[::1]:8080', '[::1]'],
    ['  127.0.0.1  ', '127.0.0.1'],
  ])('turns %s into %s', (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });
});

describe('logoQuerySchema', () => {
  it('asks for a host when it is blank', () => {
    const parsed = logoQuerySchema.safeParse({ virtualHostUrl: '   ' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('is required');
  });

  it('refuses a host longer than DNS allows', () => {
    expect(logoQuerySchema.safeParse({ virtualHostUrl: 'a'.repeat(254) }).success).toBe(false);
  });
});
