import { RemoveScroll as real } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-names.ts';

describe("AppShell's copy of react-remove-scroll's class names", () => {
  it('are the names the dialogs’ scroll lock uses, so the header keeps its place while a dialog is open', () => {
    expect(RemoveScroll.classNames.zeroRight).toBe(real.classNames.zeroRight);
    expect(RemoveScroll.classNames.fullWidth).toBe(real.classNames.fullWidth);
  });
});
