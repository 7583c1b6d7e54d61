import type { LibraryCourse, MaterialItem, TopicNode } from '@campus/domain/library/library.contract';
import {
  chooseCourseText,
  courseLabel,
  coursesOfTab,
  emptyTexts,
  flattenMaterial,
  matchesSearch,
  visibleTabs,
  type LibraryTab,
} from '@campus/domain/library/library-rules';
import {
  Button,
  Chip,
  Group,
  Paper,
  SegmentedControl,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast } from '../../../components/toast.ts';
import { ViewerOverlay, VimeoLinksModal } from '../../../components/viewer/lazy-viewers.tsx';
import { useAddressParams } from '../../../lib/address-state.ts';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { useCourses, useStudyMaterial } from '../api/library-api.ts';
import { MaterialRow, toViewerItem } from '../components/material-row.tsx';
import { TopicCard } from '../components/topic-tree.tsx';

const tabLabels: Record<LibraryTab, string> = { library: 'Study Library', products: 'Products' };

function Empty({ text }: { text: string }) {
  return (
    <Text ta="center" py="lg" c="dimmed">
      {text}
    </Text>
  );
}

/** The screen's state in the address (issue 26): Back, Forward, a reload and a shared link land where the user was. */
const addressNames = ['tab', 'course', 'subject', 'topic', 'view', 'file'] as const;

/** A whole positive number from the address, else null. */
const idOf = (raw: string | null) => (raw && /^\d+$/.test(raw) ? Number(raw) : null);

/** The entry state of an address that opened a file here: closing the viewer goes Back to the address before. */
const openedHere = { openedFile: true } as const;

function Library({ session }: { session: StoredSession }) {
  const tabs = visibleTabs(session.user_type, session.enable_eLearn_feature);
  const [address, setAddress] = useAddressParams(addressNames);
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabs.find((each) => each === address.tab) ?? tabs[0];
  const courseId = idOf(address.course);
  const subjectId = idOf(address.subject);
  const topicId = idOf(address.topic) === null ? null : address.topic;
  const view = address.view === 'title' ? 'title' : 'card';
  const fileId = idOf(address.file);
  const [search, setSearch] = useState('');
  const [titleSearch, setTitleSearch] = useState('');
  const [vimeoId, setVimeoId] = useState<string | null>(null);
  const courses = useCourses(session);
  const tabCourses = tab ? coursesOfTab(courses.data?.result ?? [], tab) : [];
  const course = tabCourses.find((each) => each.ecourse_id === courseId) ?? null;
  // Rendered in slices React can interrupt, not as one long task when the answer arrives (Lighthouse TBT).
  const material = useDeferredValue(useStudyMaterial(session, course));
  const isSchool = session.is_institute_type_school;

  useEffect(() => {
    if (courses.error) showFailureToast(courses.error);
    if (material.error) showFailureToast(material.error);
  }, [courses.error, material.error]);

  const selectTab = (next: string | null) => {
    // A new tab starts over: no course, subject or topic chosen.
    setAddress({ tab: next === tabs[0] ? null : next, course: null, subject: null, topic: null, file: null });
  };
  const selectCourse = (next: LibraryCourse) =>
    setAddress({ course: String(next.ecourse_id), subject: null, topic: null, file: null });
  const setTopicId = (next: string | null) => setAddress({ topic: next, file: null });
  const setView = (next: 'card' | 'title') => setAddress({ view: next === 'card' ? null : next });
  // Opening a file is a step of its own: Back closes it and returns to the topic, Forward opens it again.
  const openFile = (item: MaterialItem) =>
    setAddress({ file: String(item.file_id) }, { push: true, state: openedHere });
  const closeFile = () => {
    if ((location.state as typeof openedHere | null)?.openedFile) void navigate(-1);
    else setAddress({ file: null });
  };

  const shownCourses = tabCourses.filter((each) => matchesSearch(each.course_name, search));
  const subjects = material.data?.result ?? [];
  const subject = subjects.find((each) => each.subjectId === subjectId) ?? null;
  const topics: TopicNode[] = subject
    ? subject.subtopicList.filter((node) => topicId === null || String(node.topicId) === topicId)
    : [];
  const flat = flattenMaterial<MaterialItem, TopicNode>(topics, (node) =>
    Object.values(node.studyMaterialMap).flat(),
  ).filter((entry) => matchesSearch(entry.item.title, titleSearch));
  // The file the address names, among the chosen subject's (none while the answer loads).
  const opened =
    fileId === null || !subject
      ? undefined
      : flattenMaterial<MaterialItem, TopicNode>(subject.subtopicList, (node) =>
          Object.values(node.studyMaterialMap).flat(),
        ).find((entry) => entry.item.file_id === fileId);
  const viewing = opened ? toViewerItem(opened.item) : null;
  const row = (item: MaterialItem, topicName?: string) => (
    <MaterialRow
      item={item}
      topicName={topicName}
      vimeoDownloadable={material.data?.vimeo_video_downlodable ?? 0}
      onView={openFile}
      onVimeoDownload={setVimeoId}
    />
  );
  const label = tab ? courseLabel(session.user_type, tab, isSchool) : 'Course';

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Study Materials
      </Title>
      {tab && (
        <Tabs value={tab} onChange={selectTab}>
          <Tabs.List>
            {tabs.map((each) => (
              <Tabs.Tab key={each} value={each}>
                {tabLabels[each]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {courses.isLoading ? (
        <PageLoader label="Loading courses" />
      ) : !tab || tabCourses.length === 0 ? (
        <Empty text={emptyTexts.noMaterialShared} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Chip.Group>
                <Group gap={6}>
                  <Chip checked size="xs" readOnly>
                    {tab === 'products' ? 'Paid' : 'Free'}
                  </Chip>
                </Group>
              </Chip.Group>
              <TextInput
                aria-label={`Search ${label}`}
                placeholder={`Search ${label}`}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
              />
              <Text size="sm" fw={600}>
                {label}
              </Text>
              {shownCourses.map((each) => (
                <Button
                  key={each.ecourse_id}
                  variant={course?.ecourse_id === each.ecourse_id ? 'filled' : 'light'}
                  justify="start"
                  onClick={() => selectCourse(each)}
                >
                  {each.course_name}
                </Button>
              ))}
            </Stack>
          </Paper>
          <Stack gap="sm" style={{ gridColumn: 'span 2' }}>
            {!course ? (
              <Empty text={chooseCourseText(tab, isSchool)} />
            ) : material.isLoading ? (
              <PageLoader label="Loading study material" />
            ) : subjects.length === 0 ? (
              <Empty text={emptyTexts.noMaterial} />
            ) : (
              <>
                <Group gap="xs" role="group" aria-label="Subjects">
                  {subjects.map((each) => (
                    <Button
                      key={each.subjectId}
                      size="xs"
                      variant={each.subjectId === subjectId ? 'filled' : 'default'}
                      onClick={() => setAddress({ subject: String(each.subjectId), topic: null, file: null })}
                    >
                      {each.subjectName}
                    </Button>
                  ))}
                </Group>
                {subject && (
                  <Group gap="sm" align="end">
                    {/* The phone's own picker: lighter than a custom dropdown (about 35 KB of script). */}
                    <NativeSelect
                      label="Topic"
                      data={[
                        { value: '', label: 'All Topics' },
                        ...subject.subtopicList.map((node) => ({
                          value: String(node.topicId),
                          label: node.topicName,
                        })),
                      ]}
                      value={topicId ?? ''}
                      onChange={(event) => setTopicId(event.currentTarget.value || null)}
                    />
                    <SegmentedControl
                      aria-label="View"
                      value={view}
                      onChange={(value) => setView(value as 'card' | 'title')}
                      data={[
                        { value: 'card', label: 'Card View' },
                        { value: 'title', label: 'Title View' },
                      ]}
                    />
                  </Group>
                )}
                {!subject ? null : subject.file_count === 0 || topics.length === 0 ? (
                  <Empty text={emptyTexts.noMaterial} />
                ) : view === 'card' ? (
                  <Stack gap="xs">
                    {topics.map((node) => (
                      <TopicCard key={node.topicId} node={node} openFileId={fileId} renderItem={(item) => row(item)} />
                    ))}
                  </Stack>
                ) : (
                  <Stack gap="xs">
                    <TextInput
                      aria-label="Search material"
                      placeholder="Search"
                      value={titleSearch}
                      onChange={(event) => setTitleSearch(event.currentTarget.value)}
                    />
                    {flat.length === 0 ? (
                      <Empty text={emptyTexts.noMaterial} />
                    ) : (
                      flat.map((entry) => <div key={entry.item.file_id}>{row(entry.item, entry.topicName)}</div>)
                    )}
                  </Stack>
                )}
              </>
            )}
          </Stack>
        </SimpleGrid>
      )}
      <ViewerOverlay item={viewing} onClose={closeFile} />
      <VimeoLinksModal videoId={vimeoId} onClose={() => setVimeoId(null)} />
    </Stack>
  );
}

/** /studymaterial (spec part 2 §2.1). Parents have no study library (menu rule): nothing is asked for them. */
export function LibraryScreen() {
  const session = useSession();
  if (!session) return null;
  if (session.parentslogin) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Study Materials
        </Title>
        <Empty text={emptyTexts.noMaterialShared} />
      </Stack>
    );
  }
  return <Library session={session} />;
}
