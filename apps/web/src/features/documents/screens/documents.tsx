import {
  documentCategories,
  documentCategoryLabel,
  filterByCategory,
  noDocuments,
  selectSubject,
} from '@campus/domain/documents/documents-rules';
import { Anchor, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showFailureToast } from '../../../components/toast.ts';
import type { ViewerItem } from '../../../components/viewer/viewer-item.ts';
import { ViewerOverlay, VimeoLinksModal } from '../../../components/viewer/lazy-viewers.tsx';
import { useSession, type StoredSession } from '../../../lib/session.ts';
import { useDocuments, useSubjects } from '../api/documents-api.ts';
import { DocumentCard } from '../components/document-card.tsx';

function Empty() {
  return (
    <Text ta="center" py="lg" c="dimmed">
      {noDocuments}
    </Text>
  );
}

function Documents({ session }: { session: StoredSession }) {
  const subjects = useSubjects(session);
  const options = useMemo(
    () =>
      (subjects.data?.result.subject_list ?? []).map((each) => ({
        value: String(each.subject_id ?? each.course_id),
        label: each.subject_name ?? each.course_name ?? '',
      })),
    [subjects.data],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [viewing, setViewing] = useState<ViewerItem | null>(null);
  const [vimeoId, setVimeoId] = useState<string | null>(null);
  // The first subject (or course) is chosen until the user picks another.
  const current = chosen ?? options[0]?.value ?? null;
  // Rendered in slices React can interrupt, not as one long task when the answer arrives (Lighthouse TBT).
  const documents = useDeferredValue(useDocuments(session, current === null ? null : Number(current)));

  useEffect(() => {
    if (subjects.error) showFailureToast(subjects.error);
    if (documents.error) showFailureToast(documents.error);
  }, [subjects.error, documents.error]);

  const all = useMemo(() => Object.values(documents.data?.result.fileMap ?? {}).flat(), [documents.data]);
  const shown = filterByCategory(all, category ?? '');

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Documents
      </Title>
      <Group align="end" gap="sm">
        <NativeSelect
          label={session.student_id === null ? 'Course' : 'Subject'}
          data={[{ value: '', label: selectSubject, disabled: true }, ...options]}
          value={current ?? ''}
          onChange={(event) => setChosen(event.currentTarget.value || null)}
        />
        <NativeSelect
          label="Type"
          data={[
            { value: '', label: 'All Types' },
            ...documentCategories.map((each) => ({ value: each, label: documentCategoryLabel(each) })),
          ]}
          value={category ?? ''}
          onChange={(event) => setCategory(event.currentTarget.value || null)}
        />
        <Anchor
          component="button"
          type="button"
          onClick={() => {
            setChosen(null);
            setCategory(null);
          }}
        >
          Reset Filter
        </Anchor>
      </Group>
      {subjects.isLoading || documents.isLoading ? (
        <PageLoader label="Loading documents" />
      ) : shown.length === 0 ? (
        <Empty />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
          {shown.map((document) => (
            <DocumentCard
              key={document.file_id}
              document={document}
              vimeoDownloadable={documents.data?.result.vimeo_video_downlodable ?? 0}
              onView={setViewing}
              onVimeoDownload={setVimeoId}
            />
          ))}
        </SimpleGrid>
      )}
      <ViewerOverlay item={viewing} onClose={() => setViewing(null)} />
      <VimeoLinksModal videoId={vimeoId} onClose={() => setVimeoId(null)} />
    </Stack>
  );
}

/** /document (spec part 1 §2 Documents). Parents have no documents (menu rule): nothing is asked for them. */
export function DocumentsScreen() {
  const session = useSession();
  if (!session) return null;
  if (session.parentslogin) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Documents
        </Title>
        <Empty />
      </Stack>
    );
  }
  return <Documents session={session} />;
}
