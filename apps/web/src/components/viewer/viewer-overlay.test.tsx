import { previewNotSupported, previewUnavailable } from '@campus/domain/media/media-rules';
import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ViewerOverlay } from './viewer-overlay.tsx';

// pdf.js fails as it does for an answer that is not a PDF: a ResponseException carrying the status.
let status = 0;
vi.mock('./pdf-view.tsx', () => ({
  default: function FailingPdf({ onError }: { onError: (error: unknown) => void }) {
    useEffect(() => onError(Object.assign(new Error('Unexpected server response'), { status })), [onError]);
    return null;
  },
}));

const worksheet = {
  type: 'file' as const,
  title: 'Worksheet',
  url: '/files/worksheet',
  previewUrl: '/files/worksheet?preview=pdf',
  fileName: 'worksheet.docx',
};

describe('the viewer when a document cannot be drawn', () => {
  it('says the preview is not available right now when the server cannot make it now (503)', async () => {
    status = 503;
    renderWithProviders(<ViewerOverlay item={worksheet} onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(previewUnavailable);
  });

  it('says the spec’s Preview not supported when the file itself cannot be previewed (415)', async () => {
    status = 415;
    renderWithProviders(<ViewerOverlay item={worksheet} onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(previewNotSupported);
  });
});
