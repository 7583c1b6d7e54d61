// Exam Reports' bookmarked questions: the list, sorted, and one question with its answer.
import { bookmarkPreview, sortBookmarks } from '@campus/domain/report/report-rules';
import { stripTags } from '@campus/domain/shared/text';
import { Anchor, Breadcrumbs, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showToast } from '../../../components/toast.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useBookmark, useBookmarks, useDeleteBookmark } from '../api/reports.ts';
import { Modal } from '../../../components/lazy-modal.tsx';
import { reportTexts, useFailure } from './report-common.tsx';

export function BookmarksView({ session, onBack }: { session: StoredSession; onBack: () => void }) {
  const list = useBookmarks(session, true);
  const remove = useDeleteBookmark(session);
  const [sort, setSort] = useState<'1' | '2'>('1');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const failure = useFailure(list.error ?? remove.error);
  const sorted = sortBookmarks(list.data ?? [], sort === '1' ? 1 : 2);
  const isParent = Boolean(session.parentslogin);

  if (viewing !== null)
    return <BookmarkDetail session={session} questionId={viewing} onBack={onBack} onList={() => setViewing(null)} />;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{reportTexts.bookmarked}</Title>
        <Group>
          <NativeSelect
            aria-label="Sort"
            data={[
              { value: '1', label: 'Latest' },
              { value: '2', label: 'Oldest' },
            ]}
            value={sort}
            onChange={(event) => setSort(event.currentTarget.value === '2' ? '2' : '1')}
          />
          <Button variant="subtle" onClick={onBack}>
            Back
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <PageLoader />
      ) : sorted.length === 0 ? (
        <Text>{reportTexts.noBookmark}</Text>
      ) : (
        sorted.map((bookmark) => (
          <Card key={bookmark.ques_id} withBorder>
            <Text>{bookmarkPreview(bookmark.question)}</Text>
            <Text size="xs" c="dimmed">
              {bookmark.test_name}
            </Text>
            <Group mt="xs">
              <Button
                size="xs"
                variant="light"
                aria-label={`View question ${bookmark.ques_id}`}
                disabled={bookmark.is_result_published !== 1}
                onClick={() => setViewing(bookmark.ques_id)}
              >
                View
              </Button>
              {!isParent && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Remove bookmark ${bookmark.ques_id}`}
                  onClick={() => setConfirming(bookmark.ques_id)}
                >
                  Remove
                </Button>
              )}
            </Group>
          </Card>
        ))
      )}
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Remove bookmark" centered>
        <Text>{reportTexts.removeBookmark}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              const id = confirming!;
              setConfirming(null);
              remove.mutate(id, {
                onSuccess: (answer) => {
                  if (answer.validate === 1) showToast(answer.message, 'success');
                },
              });
            }}
          >
            Confirm
          </Button>
        </Group>
      </Modal>
      {failure}
    </Stack>
  );
}

function BookmarkDetail({
  session,
  questionId,
  onBack,
  onList,
}: {
  session: StoredSession;
  questionId: number;
  onBack: () => void;
  onList: () => void;
}) {
  const detail = useBookmark(session, questionId);
  const failure = useFailure(detail.error);
  const [more, setMore] = useState(false);
  const q = detail.data;
  const passageText = q ? stripTags(q.description) : '';
  return (
    <Stack>
      <nav aria-label="Breadcrumb">
        <Breadcrumbs>
          <Anchor component="button" onClick={onBack}>
            Back
          </Anchor>
          <Anchor component="button" onClick={onList}>
            {reportTexts.bookmarked}
          </Anchor>
          <Text aria-current="page">View Questions</Text>
        </Breadcrumbs>
      </nav>
      {detail.isPending ? (
        <PageLoader />
      ) : q ? (
        <Stack>
          {q.description && (
            <Card withBorder>
              <Text fw={600}>Passage</Text>
              <Text>{more || passageText.length <= 550 ? passageText : `${passageText.slice(0, 550)}...`}</Text>
              {passageText.length > 550 && !more && (
                <Anchor component="button" onClick={() => setMore(true)}>
                  Load more
                </Anchor>
              )}
            </Card>
          )}
          <Text fw={600}>{stripTags(q.question)}</Text>
          {q.media_data.map((media) =>
            media.media_type === 'image' ? (
              <img key={media.source_path} src={media.source_path} alt="Question media" style={{ maxWidth: 320 }} />
            ) : media.media_type === 'audio' ? (
              <audio key={media.source_path} src={media.source_path} controls aria-label="Question audio" />
            ) : media.media_type === 'video' ? (
              <video
                key={media.source_path}
                src={media.source_path}
                controls
                aria-label="Question video"
                style={{ maxWidth: 480 }}
              />
            ) : null,
          )}
          {q.options.map((option) => (
            <Text key={option.answer_option} c={option.is_correct ? 'green' : undefined}>
              {option.answer_option}. {stripTags(option.answer_choice_option)}
            </Text>
          ))}
          {/* An objective question always has a key: none means it is withheld until the test is over. */}
          <Text>Correct answer: {q.correct_ans || (q.ques_type === 2 ? '-' : reportTexts.keyLater)}</Text>
          <Text>Your answer: {q.attempt_answer.replace(/<[^>]*>/g, '') || '-'}</Text>
          {q.feedback && <Text>Solution: {stripTags(q.feedback)}</Text>}
        </Stack>
      ) : null}
      {failure}
    </Stack>
  );
}
