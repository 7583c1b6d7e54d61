import { describe, expect, it, vi } from 'vitest';
import { onFirstInput, retryingLoader } from './first-input.ts';

describe('onFirstInput', () => {
  it('calls back once, at the first key or pointer press, and not after being cancelled', () => {
    const callback = vi.fn();
    onFirstInput(callback);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    window.dispatchEvent(new Event('pointerdown'));
    expect(callback).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    onFirstInput(cancelled)();
    window.dispatchEvent(new Event('pointerdown'));
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('retryingLoader', () => {
  it('fetches once while it succeeds, and tries again after a failed fetch (offline) instead of failing for good', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('module');
    const loader = retryingLoader(load);
    await expect(loader()).rejects.toThrow('Failed to fetch');
    await expect(loader()).resolves.toBe('module');
    await expect(loader()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
