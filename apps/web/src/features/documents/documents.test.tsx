import type { Session } from '@campus/domain/auth/auth.contract';
import type { DocumentItem } from '@campus/domain/documents/documents.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { greenfieldParent, greenfieldStudent, mockBranding, storeSession } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const document = (overrides: Partial<DocumentItem>): DocumentItem => ({
  file_id: 1,
  file_name: 'ebook.pdf',
  file_url: '/api/v1/files/signed',
  preview_url: '',
  title: 'Document',
  size: 1_572_864,
  category_name: 'EBook',
  subject_name: 'Science',
  student_file_share_date: '03-11-2026',
  is_readonly: 'Y',
  thumbnail_list: [],
  proc_id: '',
  vimeo_video_id: '',
  vdo_video_id: '',
  kind: 'pdf',
  ...overrides,
});

const scienceFiles = {
  EBook: [document({ file_id: 1, title: 'Reference ebook' })],
  Youtube: [
    document({
      file_id: 2,
      title: 'Explainer video',
      category_name: 'Youtube',
      kind: 'youtube',
      proc_id: 'ZFF3NHc5V2dYY1E=',
      file_name: '',
      file_url: '',
    }),
  ],
  Vimeo: [
    document({
      file_id: 4,
      title: 'Revision lecture',
      category_name: 'Vimeo',
      kind: 'vimeo',
      vimeo_video_id: '76979871',
      file_name: '',
      file_url: '',
    }),
  ],
  Other: [
    document({
      file_id: 3,
      title: 'Project files',
      category_name: 'Other',
      kind: 'other',
      file_name: 'project.zip',
      is_readonly: 'N',
      size: 2048,
    }),
  ],
};

function mockDocuments(
  subjects = [
    { subject_id: 1, subject_name: 'Science' },
    { subject_id: 2, subject_name: 'History' },
  ],
  vimeoDownloadable = 1,
  vimeoLinks = [{ width: 640, height: 360, link: 'https://example.com/v.mp4', size_short: '1 MB', size: 1 }],
) {
  const calls: URL[] = [];
  server.use(
    http.get('*/prod/vimeo/download-links/:id', () => HttpResponse.json({ result: vimeoLinks })),
    http.get('*/api/v1/fileShare/subject-level/:institute', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url);
      const chosen = url.searchParams.get('subject_id') ?? url.searchParams.get('eCourse_id');
      return HttpResponse.json({
        result: {
          fileMap: chosen === '1' || chosen === '9' ? scienceFiles : {},
          vimeo_video_downlodable: vimeoDownloadable,
        },
      });
    }),
    http.get('*/api/v1/fileShare/:institute', ({ request }) => {
      calls.push(new URL(request.url));
      return HttpResponse.json({ result: { subject_list: subjects } });
    }),
  );
  return calls;
}

async function open(session: Session = greenfieldStudent()) {
  storeSession(session);
  renderRoute('/document');
  await screen.findByRole('heading', { level: 1, name: 'Documents' });
}

describe('Documents (spec part 1 §2 Documents)', () => {
  beforeEach(() => mockBranding());

  it('lists the first subject’s documents as cards: size in MB except Youtube, DD-MM-YYYY, subject and category', async () => {
    const calls = mockDocuments();
    await open();
    const ebook = await screen.findByLabelText('Reference ebook');
    expect(within(ebook).getByText('1.50 MB')).toBeInTheDocument();
    expect(within(ebook).getByText('03-11-2026')).toBeInTheDocument();
    expect(within(ebook).getByText('Science')).toBeInTheDocument();
    expect(within(ebook).getByText('EBook')).toBeInTheDocument();
    // A read-only PDF: View, no Download.
    expect(within(ebook).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(ebook).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
    const youtube = screen.getByLabelText('Explainer video');
    expect(within(youtube).queryByText(/MB$/)).not.toBeInTheDocument();
    const zip = screen.getByLabelText('Project files');
    // 2 KB: small, not nothing (defect 9).
    expect(within(zip).getByText('< 0.01 MB')).toBeInTheDocument();
    expect(within(zip).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({
      student_id: '5001',
      subject_id: '1',
      share_with: '2',
    });
  });

  it('offers a Vimeo video’s download while the institute’s switch is on (vimeo_video_downlodable 1)', async () => {
    mockDocuments(undefined, 1);
    await open();
    const on = await screen.findByLabelText('Revision lecture');
    expect(await within(on).findByRole('button', { name: 'Download Video' })).toBeInTheDocument();
    // Spec: the Vimeo type is shown as Video, on the plate as on the badge.
    expect(within(on).getByText('VIDEO')).toBeInTheDocument();
    expect(within(on).queryByText('VIMEO')).not.toBeInTheDocument();
  });

  it('offers no Vimeo download for a video without a download link (it would only say No Download Link Found)', async () => {
    let asked = false;
    mockDocuments(undefined, 1, []);
    server.use(
      http.get('*/prod/vimeo/download-links/:id', () => {
        asked = true;
        return HttpResponse.json({ result: [] });
      }),
    );
    await open();
    const lecture = await screen.findByLabelText('Revision lecture');
    await waitFor(() => expect(asked).toBe(true));
    expect(within(lecture).queryByRole('button', { name: 'Download Video' })).not.toBeInTheDocument();
  });

  it('offers no Vimeo download when the institute’s switch is off', async () => {
    mockDocuments(undefined, 0);
    await open();
    const off = await screen.findByLabelText('Revision lecture');
    expect(within(off).queryByRole('button', { name: 'Download Video' })).not.toBeInTheDocument();
  });

  it('filters by type, resets the filter, and says when a subject has nothing', async () => {
    mockDocuments();
    await open();
    await screen.findByLabelText('Reference ebook');
    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'Youtube' } });
    expect(await screen.findAllByTestId('document-card')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Filter' }));
    expect(await screen.findAllByTestId('document-card')).toHaveLength(4);
    expect(screen.getByRole('option', { name: 'Select Subject' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Subject' }), { target: { value: '2' } });
    expect(await screen.findByText('No documents are available yet!')).toBeInTheDocument();
  });

  it('opens an unsupported file with the spec’s text', async () => {
    mockDocuments();
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Project files' }));
    expect(await screen.findByText('Preview not supported. Please download the file.')).toBeInTheDocument();
  });

  it('lists courses for an open-course user and asks by user and e-course', async () => {
    const calls = mockDocuments([{ course_id: 9, course_name: 'Physics Video Course' }] as never);
    await open(greenfieldStudent({ user_type: 99, student_id: null, stud_id: null }));
    expect(await screen.findByLabelText('Reference ebook')).toBeInTheDocument();
    expect(calls[0]!.searchParams.get('user_id')).toBe('101');
    expect(Object.fromEntries(calls.at(-1)!.searchParams)).toEqual({
      share_with: '2',
      user_id: '101',
      eCourse_id: '9',
    });
  });

  it('sends a parent to the dashboard (the menu has no documents for parents) and asks nothing', async () => {
    const calls = mockDocuments();
    storeSession(greenfieldParent());
    const { router } = renderRoute('/document');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls).toHaveLength(0);
  });
});
