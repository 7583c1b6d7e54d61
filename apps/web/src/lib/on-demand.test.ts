import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onFirstInput, retryingLoader, useLoaded } from './on-demand.ts';

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

describe('useLoaded', () => {
  it('loads only once wanted, keeps what arrived, and tries again after a failed fetch when wanted again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('module');
    const loader = retryingLoader(load);
    const { result, rerender } = renderHook(({ isWanted }) => useLoaded(loader, isWanted), {
      initialProps: { isWanted: false },
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ isWanted: true });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(result.current).toBeUndefined();
    rerender({ isWanted: false });
    rerender({ isWanted: true });
    await waitFor(() => expect(result.current).toBe('module'));
    rerender({ isWanted: false });
    expect(result.current).toBe('module');
    expect(loader.loaded()).toBe('module');
  });
});
