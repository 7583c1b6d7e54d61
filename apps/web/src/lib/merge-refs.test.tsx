import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs.ts';

function Box({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div data-testid="box" ref={useMergeRefs(refs)} />;
}

describe('useMergeRefs (what Mantine’s ScrollArea gets instead of @floating-ui/react)', () => {
  it('gives the element to an object ref and a callback ref, and takes it back on unmount', () => {
    const object = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const view = render(<Box refs={[object, callback, undefined]} />);
    const box = view.getByTestId('box');
    expect(object.current).toBe(box);
    expect(callback).toHaveBeenCalledWith(box);
    view.unmount();
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
  });

  it('runs the cleanup a callback ref returns instead of calling it with null (React 19 refs)', () => {
    const cleanup = vi.fn();
    const callback = vi.fn(() => cleanup);
    const view = render(<Box refs={[callback]} />);
    view.unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('passes no ref when none is given', () => {
    const seen: unknown[] = [];
    function Probe() {
      seen.push(useMergeRefs([null, undefined]));
      return null;
    }
    render(<Probe />);
    expect(seen.at(-1)).toBeNull();
  });
});
