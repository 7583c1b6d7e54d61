import type { LibraryCourse, MaterialItem, StudyMaterialAnswer } from '@campus/domain/library/library.contract';
import type { Session } from '@campus/domain/auth/auth.contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { greenfieldParent, greenfieldStudent, mockBranding, storeSession } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render.tsx';
import { server } from '../../test/server.ts';

const item = (overrides: Partial<MaterialItem>): MaterialItem => ({
  title: 'Item',
  file_name: 'notes.pdf',
  file_id: 1,
  file_url: '/api/v1/files/course/11/1',
  is_vdocipher: false,
  is_vimeo: false,
  is_readonly: 'N',
  student_file_share_date: '03-11-2026',
  category_name: 'Notes',
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
                    file_name: undefined,
                    file_id: 3,
                    kind: 'vdocipher',
                    is_vdocipher: true,
                    videoID: 'vdo-1',
                    file_url: undefined,
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
                        file_name: undefined,
                        file_id: 4,
                        kind: 'vimeo',
                        is_vimeo: true,
                        videoID: '76979871',
                        file_url: undefined,
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
    // A Vimeo row asks for its download links (none unless a test says otherwise); a Vimeo play is counted.
    http.get('*/prod/vimeo/download-links/:id', () => HttpResponse.json({ result: [] })),
    http.put('*/api/v1/instFileSystem/update-watch-count', () =>
      HttpResponse.json({ status: 'success', message: 'success' }),
    ),
  );
  return calls;
}

async function open(session: Session = greenfieldStudent(), path = '/studymaterial') {
  storeSession(session);
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Study Materials' });
  return rendered;
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
    // One of each is singular (issue 27: "1 SUBTOPICS").
    const mechanics = await screen.findByRole('button', { name: /Mechanics/ });
    expect(within(mechanics).getByText('1 Subtopic')).toBeInTheDocument();
    fireEvent.click(mechanics);
    const laws = await screen.findByRole('button', { name: /Laws of Motion/ });
    expect(within(laws).getByText('1 File')).toBeInTheDocument();
    fireEvent.click(laws);
    expect(await screen.findByText('Worked examples')).toBeInTheDocument();
  });

  it('opens an empty topic card on No material available!, not on a blank box', async () => {
    mockLibrary();
    await open();
    await openScience();
    const chemistry = await screen.findByRole('button', { name: /Chemistry/ });
    expect(within(chemistry).getByText('0 Files')).toBeInTheDocument();
    expect(screen.queryByText('No material available!')).not.toBeInTheDocument();
    fireEvent.click(chemistry);
    expect(await screen.findByText('No material available!')).toBeInTheDocument();
  });

  it('keeps course, subject, topic, view and the open file in the address: Back closes the file, Forward reopens it', async () => {
    mockLibrary();
    const { router } = await open();
    await openScience();
    await waitFor(() => expect(router.state.location.search).toBe('?course=11&subject=1'));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Topic' }), { target: { value: '100' } });
    fireEvent.click(screen.getByText('Title View'));
    await waitFor(() => expect(router.state.location.search).toBe('?course=11&subject=1&topic=100&view=title'));
    fireEvent.click(within(await screen.findByLabelText('Physics syllabus')).getByRole('button', { name: 'View' }));
    expect(await screen.findByRole('dialog', { name: 'Physics syllabus' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?course=11&subject=1&topic=100&view=title&file=1');
    // Back: the viewer closes on the same topic and view.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Physics syllabus' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?course=11&subject=1&topic=100&view=title');
    expect(screen.getByLabelText('Physics syllabus')).toBeInTheDocument();
    // Forward: the file again.
    await act(() => router.navigate(1));
    expect(await screen.findByRole('dialog', { name: 'Physics syllabus' })).toBeInTheDocument();
  });

  it('lands a reload or a shared link on the course, subject and file it names, its topic card opened', async () => {
    mockLibrary();
    await open(greenfieldStudent(), '/studymaterial?course=11&subject=1&file=4');
    expect(await screen.findByRole('dialog', { name: 'Worked examples' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Closed by its own button, not Back: the address drops the file and stays on the screen.
    expect(screen.getByRole('heading', { level: 1, name: 'Study Materials' })).toBeInTheDocument();
    // The card view opened down to the file's topic.
    expect(screen.getByLabelText('Worked examples')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Laws of Motion/ })).toHaveAttribute('aria-expanded', 'true');
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

  it('shows the server’s message when a VdoCipher video has no OTP, and offers no Vimeo download without a link', async () => {
    mockLibrary();
    let vimeoAsked = false;
    const otpCalls: unknown[] = [];
    server.use(
      http.post('*/api/v1/instFileSystem/videoOTP', async ({ request }) => {
        otpCalls.push({ query: new URL(request.url).searchParams.get('source'), body: await request.json() });
        return HttpResponse.json({
          otp: null,
          playbackInfo: null,
          message: 'Not able to play the video. please contact institute admin.',
          status: 'error',
        });
      }),
      http.post('*/api/v1/instFileSystem/allocateWatchHistory', () =>
        HttpResponse.json({ status: 'success', message: 'success' }),
      ),
      http.get('*/prod/vimeo/download-links/:id', () => {
        vimeoAsked = true;
        return HttpResponse.json({ result: [] });
      }),
    );
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    fireEvent.click(within(await screen.findByLabelText('Sound lecture')).getByRole('button', { name: 'View' }));
    expect(await screen.findByText('Not able to play the video. please contact institute admin.')).toBeInTheDocument();
    expect(otpCalls).toEqual([
      { query: 'IOS-APP', body: { videoID: 'vdo-1', institute_id: 1, user_id: 101, file_id: 3 } },
    ]);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    // The video has no download link: no Download Video is offered that would only say 'No Download Link Found'.
    await waitFor(() => expect(vimeoAsked).toBe(true));
    expect(
      within(screen.getByLabelText('Worked examples')).queryByRole('button', { name: 'Download Video' }),
    ).not.toBeInTheDocument();
  });

  it('offers Download Video for a Vimeo video with links, and lists them', async () => {
    mockLibrary();
    let asked = 0;
    server.use(
      http.get('*/prod/vimeo/download-links/:id', () => {
        asked += 1;
        return HttpResponse.json({
          result: [{ width: 640, height: 360, link: 'https://example.com/v.mp4', size_short: '1 MB', size: 1 }],
        });
      }),
    );
    await open();
    await openScience();
    fireEvent.click(await screen.findByText('Title View'));
    fireEvent.click(
      await within(await screen.findByLabelText('Worked examples')).findByRole('button', { name: 'Download Video' }),
    );
    expect(await screen.findByText('640x360')).toBeInTheDocument();
    // The modal shows the answer the row asked for.
    expect(asked).toBe(1);
  });

  it('shows an item’s first poster as its thumbnail (posterList), and none for an item without posters', async () => {
    const posterUrl = '/api/v1/files/course/11/4?poster=0';
    const withPoster = structuredClone(material);
    const laws = withPoster.result[0]!.subtopicList[0]!.subtopicList[0]!.subtopicList[0]!;
    laws.studyMaterialMap.Vimeo![0] = {
      ...laws.studyMaterialMap.Vimeo![0]!,
      posterUrl,
      posterList: [{ posterUrl }, { posterUrl: '/api/v1/files/course/11/4?poster=1' }],
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
    expect(within(video).queryByRole('button', { name: 'Download Video' })).not.toBeInTheDocument();
  });

  it('sends a parent to the dashboard (the menu has no study library for parents) and asks nothing', async () => {
    const calls = mockLibrary();
    storeSession(greenfieldParent());
    const { router } = renderRoute('/studymaterial');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls).toHaveLength(0);
  });
});
