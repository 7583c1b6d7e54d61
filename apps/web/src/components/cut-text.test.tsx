import { cutLiveName } from '@campus/domain/live/live-rules';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CutText } from './cut-text.tsx';

const long = 'Guest lecture: careers in science and research';

describe('CutText', () => {
  it('shows the spec’s cut name and the whole name after a tap, and the cut again after another', async () => {
    renderWithProviders(<CutText text={long} cut={cutLiveName} />);
    const name = screen.getByRole('button', { name: long });
    // What the eye sees is the spec's cut; what a screen reader hears is the whole name.
    expect(name.querySelector('[aria-hidden="true"]')).toHaveTextContent(cutLiveName(long));
    expect(name).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(name);
    expect(name.querySelector('[aria-hidden="true"]')).toHaveTextContent(long);
    expect(name).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(name);
    expect(name.querySelector('[aria-hidden="true"]')).toHaveTextContent(cutLiveName(long));
  });

  it('a short name is plain text, with nothing to tap', () => {
    renderWithProviders(<CutText text="Hindi: Nibandh lekhan" cut={cutLiveName} />);
    expect(screen.getByText('Hindi: Nibandh lekhan')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
