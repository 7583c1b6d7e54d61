import type { LibraryCourse, MaterialItem, StudyMaterialAnswer } from '@campus/domain/library/library.contract';
import type { Session } from '@campus/domain/auth/auth.contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { greenfieldParent, greenfieldStudent, mockBranding, storeSession } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const item = (overrides: Partial<MaterialItem>): MaterialItem => ({
  title: 'Item',
  file_name: 'notes.pdf',
  file_id: 1,
  file_url: '/api/v1/files/signed.pdf',
  preview_url: '',
  videoID: '',
  youtubeVideoID: '',
  is_vdocipher: false,
  is_vimeo: false,
  is_readonly: 'N',
  student_file_share_date: '03-11-2026',
  category_name: 'Notes',
  video_url: '',
  posterUrl: '',
  posterList: [],
  type: 'Notes',
  kind: 'pdf',
  ...overrides,
});

const courses: LibraryCourse[] = [
  {
    ecourse_id: 11,
    course_name: 'Class 8 Study Material',
    isPaid: 'N',
    course_type_id: 1,
    course_type: 'Free',
    product_id: 0,
  },
  {
    ecourse_id: 12,
    course_name: 'Science Video Lectures',
    isPaid: 'Y',
    course_type_id: 2,
    course_type: 'Paid',
    product_id: 7,
  },
];

const material: StudyMaterialAnswer = {
  vimeo_video_downlodable: 1,
  result: [
    {
      subjectId: 1,
      subjectName: 'Science',
      subtopic_count: 3,
      file_count: 4,
      vimeo_video_downlodable: 1,
      subtopicList: [
        {
          subjectId: 1,
          subjectName: 'Science',
          topicId: 100,
          topicName: 'Physics',
          subtopic_count: 2,
          file_count: 4,
          studyMaterialMap: { Notes: [item({ title: 'Physics syllabus', file_id: 1 })] },
          vimeo_video_downlodable: 1,
          subtopicList: [
            {
              subjectId: 1,
              subjectName: 'Science',
              topicId: 101,
              topicName: 'Mechanics',
              subtopic_count: 1,
              file_count: 3,
              studyMaterialMap: {
                Other: [item({ title: 'Practice files', file_name: 'practice.zip', file_id: 2, kind: 'other' })],
                VDOCipher: [
                  item({
                    title: 'Sound lecture',
                    file_name: '',
                    file_id: 3,
                    kind: 'vdocipher',
                    is_vdocipher: true,
                    videoID: 'vdo-1',
                    file_url: '',
                    is_readonly: 'Y',
                  }),
                ],
              },
              vimeo_video_downlodable: 1,
              subtopicList: [
                {
                  subjectId: 1,
                  subjectName: 'Science',
                  topicId: 102,
                  topicName: 'Laws of Motion',
                  subtopic_count: 0,
                  file_count: 1,
                  studyMaterialMap: {
                    Vimeo: [
                      item({
                        title: 'Worked examples',
                        file_name: '',
                        file_id: 4,
                        kind: 'vimeo',
                        is_vimeo: true,
                        videoID: '76979871',
                        file_url: '',
                        is_readonly: 'Y',
                      }),
                    ],
                  },
                  vimeo_video_downlodable: 1,
                  subtopicList: [],
                },
              ],
            },
          ],
        },
        {
          subjectId: 1,
          subjectName: 'Science',
          topicId: 103,
          topicName: 'Chemistry',
          subtopic_count: 0,
          file_count: 0,
          studyMaterialMap: {},
          vimeo_video_downlodable: 1,
          subtopicList: [],
        },
      ],
    },
    {
      subjectId: 2,
      subjectName: 'Mathematics',
      subtopic_count: 0,
      file_count: 0,
      vimeo_video_downlodable: 1,
      subtopicList: [],
    },
  ],
};

function mockLibrary({
  list = courses,
  answer = material,
}: { list?: LibraryCourse[]; answer?: StudyMaterialAnswer } = {}) {
  const calls: { url: URL; body?: unknown }[] = [];
  server.use(
    http.get('*/api/v1/instFileSystem/get-student-ecourses/:institute/:viewer', ({ request }) => {
      calls.push({ url: new URL(request.url) });
      return HttpResponse.json({ result: list });
    }),
    http.post('*/api/v1/instFileSystem/get-study-material', async ({ request }) => {
      calls.push({ url: new URL(request.url), body: await request.json() });
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

async function open(session: Session = greenfieldStudent()) {
  storeSession(session);
  renderRoute('/studymaterial');
  await screen.findByRole('heading', { level: 1, name: 'Study Materials' });
}

async function openScience() {
  fireEvent.click(await screen.findByRole('button', { name: 'Class 8 Study Material' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Science' }));
}

describe('Study Library (spec part 2 §2.1)', () => {
  beforeEach(() => mockBranding());

  it('shows both tabs, free courses under Study Library, and asks to choose a Standard first', async () => {
    const calls = mockLibrary();
    await open();
    expect(screen.getByRole('tab', { name: 'Study Library' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Products' })).toBeInTheDocument();
    expect(await screen.findByText('Click on the Standard to View the Study Material')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Class 8 Study Material' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Science Video Lectures' })).not.toBeInTheDocument();
    expect(calls[0]!.url.pathname).toBe('/api/v1/instFileSystem/get-student-ecourses/1/5001');
    expect(calls[0]!.url.searchParams.get('source')).toBe('STUDENT_PORTAL');
    fireEvent.click(screen.getByRole('tab', { name: 'Products' }));
    expect(await screen.findByText('Click on the Product Name to View the Study Material')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Science Video Lectures' })).toBeInTheDocument();
  });

  it('hides the Study Library tab for user_type 99, labels Product Name, and says when nothing is shared', async () => {
    mockLibrary({ list: [] });
    await open(greenfieldStudent({ user_type: 99, student_id: null, stud_id: null }));
    expect(screen.queryByRole('tab', { name: 'Study Library' })).not.toBeInTheDocument();
    expect(await screen.findByText('No study materials shared yet!')).toBeInTheDocument();
  });

  it('searches courses, loads the chosen course and shows the topic tree with counts in card view', async () => {
    const calls = mockLibrary();
    await open();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search Standard' }), { target: { value: 'zzz' } });
    expect(screen.queryByRole('button', { name: 'Class 8 Study Material' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search Standard' }), { target: { value: 'class' } });
    await openScience();
    expect(calls.at(-1)!.body).toEqual({ ecourse_id: 11, institute_id: 1, product_id: 0 });
    const physics = await screen.findByRole('button', { name: /Physics/ });
    expect(within(physics).getByText('2 Subtopics')).toBeInTheDocument();
    expect(within(physics).getByText('4 Files')).toBeInTheDocument();
    fireEvent.click(physics);
    fireEvent.click(await screen.findByRole('button', { name: /Mechanics/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Laws of Motion/ }));
    expect(await screen.findByText('Worked examples')).toBeInTheDocument();
  });

  it('narrows the subject to one topic with the phone’s own picker, and back to All Topics', async () => {
    mockLibrary();
    await open();
    await openScience();
    const picker = await screen.findByRole('combobox', { name: 'Topic' });
    expect(picker.tagName).toBe('SELECT');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Topics', 'Physics', 'Chemistry']);
    expect(screen.getByRole('button', { name: /Physics/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Chemistry/ })).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: '103' } });
    expect(screen.queryByRole('button', { name: /Physics/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Chemistry/ })).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: '' } });
    expect(screen.getByRole('button', { name: /Physics/ })).toBeInTheDocument();
  });

  it('lists everything flat in title view, filtered by topic and by search', async () => {
    mockLibrary();
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    expect(await screen.findAllByTestId('material-item')).toHaveLength(4);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search material' }), { target: { value: 'LECTURE' } });
    expect(screen.getAllByTestId('material-item')).toHaveLength(1);
    expect(screen.getByText('Sound lecture')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search material' }), {
      target: { value: 'nothing like it' },
    });
    expect(screen.getByText('No material available!')).toBeInTheDocument();
  });

  it('says No material available! for a subject without material', async () => {
    mockLibrary();
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Class 8 Study Material' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mathematics' }));
    expect(await screen.findByText('No material available!')).toBeInTheDocument();
  });

  it('hides View for zip files and Download for read-only ones', async () => {
    mockLibrary();
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    const zip = await screen.findByLabelText('Practice files');
    expect(within(zip).queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
    expect(within(zip).getByRole('link', { name: 'Download' })).toBeInTheDocument();
    const vdo = screen.getByLabelText('Sound lecture');
    expect(within(vdo).queryByRole('link', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when a VdoCipher video has no OTP, and No Download Link Found for Vimeo', async () => {
    mockLibrary();
    const otpCalls: unknown[] = [];
    server.use(
      http.post('*/api/v1/instFileSystem/videoOTP', async ({ request }) => {
        otpCalls.push({ query: new URL(request.url).searchParams.get('source'), body: await request.json() });
        return HttpResponse.json({
          otp: null,
          playbackInfo: null,
          message: 'Not able to downlode video file. please contact institute admin.',
          status: 'error',
        });
      }),
      http.post('*/api/v1/instFileSystem/allocateWatchHistory', () =>
        HttpResponse.json({ status: 'success', message: 'success' }),
      ),
      http.get('*/prod/vimeo/download-links/:id', () => HttpResponse.json({ result: [] })),
    );
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    fireEvent.click(within(await screen.findByLabelText('Sound lecture')).getByRole('button', { name: 'View' }));
    expect(
      await screen.findByText('Not able to downlode video file. please contact institute admin.'),
    ).toBeInTheDocument();
    expect(otpCalls).toEqual([
      { query: 'IOS-APP', body: { videoID: 'vdo-1', institute_id: 1, user_id: 101, file_id: 3 } },
    ]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(within(screen.getByLabelText('Worked examples')).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('No Download Link Found')).toBeInTheDocument();
  });

  it('shows an item’s first poster as its thumbnail (posterList), and none for an item without posters', async () => {
    const posterUrl = '/api/v1/files/course/grant/4?poster=0';
    const withPoster = structuredClone(material);
    const laws = withPoster.result[0]!.subtopicList[0]!.subtopicList[0]!.subtopicList[0]!;
    laws.studyMaterialMap.Vimeo![0] = {
      ...laws.studyMaterialMap.Vimeo![0]!,
      posterUrl,
      posterList: [{ posterUrl }, { posterUrl: '/api/v1/files/course/grant/4?poster=1' }],
    };
    mockLibrary({ answer: withPoster });
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    const video = await screen.findByLabelText('Worked examples');
    expect(within(video).getByRole('img', { name: 'Poster of Worked examples' })).toHaveAttribute('src', posterUrl);
    expect(within(screen.getByLabelText('Physics syllabus')).queryByRole('img')).not.toBeInTheDocument();
  });

  it('offers no Vimeo download when the institute’s switch is off (vimeo_video_downlodable 0)', async () => {
    mockLibrary({ answer: { ...material, vimeo_video_downlodable: 0 } });
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    const video = await screen.findByLabelText('Worked examples');
    expect(within(video).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(video).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('sends a parent to the dashboard (the menu has no study library for parents) and asks nothing', async () => {
    const calls = mockLibrary();
    storeSession(greenfieldParent());
    const { router } = renderRoute('/studymaterial');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls).toHaveLength(0);
  });
});
