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
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showToast } from '../../../components/toast.ts';
import type { ViewerItem } from '../../../components/viewer/viewer-item.ts';
import { ViewerOverlay } from '../../../components/viewer/viewer-overlay.tsx';
import { VimeoLinksModal } from '../../../components/viewer/vimeo-links-modal.tsx';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { useCourses, useStudyMaterial } from '../api/library-api.ts';
import { MaterialRow } from '../components/material-row.tsx';
import { TopicCard } from '../components/topic-tree.tsx';

const tabLabels: Record<LibraryTab, string> = { library: 'Study Library', products: 'Products' };

function Empty({ text }: { text: string }) {
  return (
    <Text ta="center" py="lg" c="dimmed">
      {text}
    </Text>
  );
}

function Library({ session }: { session: StoredSession }) {
  const tabs = visibleTabs(session.user_type, session.enable_eLearn_feature);
  const [tab, setTab] = useState<LibraryTab | undefined>(tabs[0]);
  const [search, setSearch] = useState('');
  const [course, setCourse] = useState<LibraryCourse | null>(null);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [topicId, setTopicId] = useState<string | null>(null);
  const [view, setView] = useState<'card' | 'title'>('card');
  const [titleSearch, setTitleSearch] = useState('');
  const [viewing, setViewing] = useState<ViewerItem | null>(null);
  const [vimeoId, setVimeoId] = useState<string | null>(null);
  const courses = useCourses(session);
  // Rendered in slices React can interrupt, not as one long task when the answer arrives (Lighthouse TBT).
  const material = useDeferredValue(useStudyMaterial(session, course));
  const isSchool = session.is_institute_type_school;

  useEffect(() => {
    if (courses.error) showToast(courses.error.message, 'error');
    if (material.error) showToast(material.error.message, 'error');
  }, [courses.error, material.error]);

  const selectTab = (next: string | null) => {
    // A new tab starts over: no course, subject or topic chosen.
    setTab(next as LibraryTab);
    setCourse(null);
    setSubjectId(null);
    setTopicId(null);
  };
  const selectCourse = (next: LibraryCourse) => {
    setCourse(next);
    setSubjectId(null);
    setTopicId(null);
  };

  const tabCourses = useMemo(() => (tab ? coursesOfTab(courses.data?.result ?? [], tab) : []), [courses.data, tab]);
  const shownCourses = tabCourses.filter((each) => matchesSearch(each.course_name, search));
  const subjects = material.data?.result ?? [];
  const subject = subjects.find((each) => each.subjectId === subjectId) ?? null;
  const topics: TopicNode[] = subject
    ? subject.subtopicList.filter((node) => topicId === null || String(node.topicId) === topicId)
    : [];
  const flat = flattenMaterial<MaterialItem, TopicNode>(topics, (node) =>
    Object.values(node.studyMaterialMap).flat(),
  ).filter((entry) => matchesSearch(entry.item.title, titleSearch));
  const row = (item: MaterialItem, topicName?: string) => (
    <MaterialRow
      item={item}
      topicName={topicName}
      vimeoDownloadable={material.data?.vimeo_video_downlodable ?? 0}
      onView={setViewing}
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
                      onClick={() => {
                        setSubjectId(each.subjectId);
                        setTopicId(null);
                      }}
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
                      <TopicCard key={node.topicId} node={node} renderItem={(item) => row(item)} />
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
      <ViewerOverlay item={viewing} onClose={() => setViewing(null)} />
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
