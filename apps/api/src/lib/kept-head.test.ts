import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { headAnswerEncoding, keptHead } from './kept-head.ts';

describe('keptHead', () => {
  const head = Buffer.from(
    `{"questions":[${Array.from({ length: 500 }, (_, i) => `{"no":${i},"q":"Question ${i}?"}`)}],`,
  );

  it('decodes, in brotli and gzip, to the head then the tail, whatever the tail’s length', async () => {
    const kept = keptHead(head);
    // Empty answers, a few, and more than one 64 KB uncompressed brotli block.
    for (const count of [0, 3, 20_000]) {
      const tail = Buffer.from(`"answers":[${Array.from({ length: count }, (_, i) => i % 7)}]}`);
      const whole = Buffer.concat([head, tail]);
      expect(JSON.parse(brotliDecompressSync(await kept.answer(tail, 'br')).toString())).toEqual(
        JSON.parse(whole.toString()),
      );
      expect(gunzipSync(await kept.answer(tail, 'gzip')).equals(whole)).toBe(true);
      expect((await kept.answer(tail, undefined)).equals(whole)).toBe(true);
    }
  });

  it('answers in brotli unless its uncompressed tail would be long and gzip is accepted', () => {
    expect(headAnswerEncoding('gzip, deflate, br', 200)).toBe('br');
    expect(headAnswerEncoding('gzip, deflate, br', 5000)).toBe('gzip');
    expect(headAnswerEncoding('br', 5000)).toBe('br');
    expect(headAnswerEncoding('gzip;q=0, br', 5000)).toBe('br');
    expect(headAnswerEncoding('deflate', 10)).toBeUndefined();
  });
});
