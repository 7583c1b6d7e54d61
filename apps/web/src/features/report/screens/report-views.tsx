// Exam Reports' views past the first one, loaded when opened (issue 28: /report's first load ≤ 150 KB of script):
// a result (its tables), the offline tab (its subject chips and radio buttons) and the bookmarked questions.
import type { ExamTest } from '@campus/domain/exam/exam.contract';
import type { OfflineExam, TestReportAnswer } from '@campus/domain/report/report.contract';
import {
  bookmarkPreview,
  displayDate,
  formatSeconds,
  offlineMarksText,
  offlineRank,
  offlineRankText,
  sortBookmarks,
} from '@campus/domain/report/report-rules';
import { stripTags } from '@campus/domain/shared/text';
import {
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Chip,
  Group,
  Radio,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showToast } from '../../../components/toast.ts';
import { useAddressParam } from '../../../lib/address-state.ts';
import { serviceBase } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useBookmark, useBookmarks, useDeleteBookmark, useOfflineReport, useTestReport } from '../api/reports.ts';
import { Modal } from '../../../components/lazy-modal.tsx';
import { reportTexts, useFailure } from './report-common.tsx';

/** The chart library loads with the first chart shown, in its own chunk. */
const ReportBarChart = lazy(() => import('../components/bar-chart.tsx'));

export function ResultView({ session, test, onBack }: { session: StoredSession; test: ExamTest; onBack: () => void }) {
  const report = useTestReport(session, test.test_id);
  const [tab, setTab] = useState<string | null>('summary');
  const failure = useFailure(report.error);
  const data = report.data;
  return (
    <Stack>
      <Group>
        <Button variant="subtle" onClick={onBack}>
          Back
        </Button>
        <Title order={2}>{test.test_name}</Title>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'scorecard') {
            if (data) window.open(`${serviceBase('main')}${data.score_card_url}`, '_blank', 'noopener');
            return;
          }
          setTab(value);
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="summary">Summary</Tabs.Tab>
          <Tabs.Tab value="scorecard">Score Card</Tabs.Tab>
          {test.test_type_id !== 2 && <Tabs.Tab value="topper">Comparison With Topper</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="summary" pt="md">
          {data ? <Summary report={data} /> : report.isPending ? <PageLoader /> : null}
        </Tabs.Panel>
        {test.test_type_id !== 2 && (
          <Tabs.Panel value="topper" pt="md">
            {data && <TopperComparison report={data} />}
          </Tabs.Panel>
        )}
      </Tabs>
      {failure}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="sm" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Card>
  );
}

function Summary({ report }: { report: TestReportAnswer }) {
  const r = report.test_report;
  // While the server withholds the key, its verdicts and marks per question are placeholders: not shown.
  const showKey = report.is_download_solution === 1;
  const [chart, setChart] = useState(false);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Rank" value={r.rank} />
        <Figure label="Marks" value={`${r.total_score}/${r.total_marks}`} />
        <Figure label="Percentile" value={r.percentile} />
        <Figure label="Questions Attempted" value={r.attempted_ques_count} />
        <Figure label="Correct" value={r.right_ques_count} />
        <Figure label="Incorrect" value={r.wrong_ques_count} />
        <Figure label="Students Appeared" value={r.total_students} />
        <Figure label="Total Time" value={formatSeconds(r.total_attempted_time)} />
      </SimpleGrid>
      <Group justify="space-between">
        <Title order={3}>Subject-wise</Title>
        <Button variant="light" onClick={() => setChart(true)}>
          Subject-wise chart
        </Button>
      </Group>
      {/* On a phone the tables scroll sideways in their own boxes; the page never does (issue 27 #14). */}
      <Table.ScrollContainer minWidth={480} type="native">
        <Table striped withTableBorder aria-label="Subject-wise">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Score</Table.Th>
              <Table.Th>Correct</Table.Th>
              <Table.Th>Incorrect</Table.Th>
              <Table.Th>Not attempted</Table.Th>
              <Table.Th>Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.subject_wise_distribution.map((s) => (
              <Table.Tr key={s.subject_name}>
                <Table.Td>{s.subject_name}</Table.Td>
                <Table.Td>{s.total_score}</Table.Td>
                <Table.Td>{s.right_ques_count}</Table.Td>
                <Table.Td>{s.wrong_ques_count}</Table.Td>
                <Table.Td>{s.left_ques_count}</Table.Td>
                <Table.Td>{formatSeconds(s.total_attempted_time)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3}>Question-wise</Title>
      {!showKey && <Text c="dimmed">{reportTexts.keyWithheld}</Text>}
      {/* The key columns first (question, result, score), so a phone shows them before any scrolling; a written
          answer wraps in its column instead of widening the table. */}
      <Table.ScrollContainer minWidth={showKey ? 460 : 0} type="native">
        <Table striped withTableBorder aria-label="Question-wise">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Question</Table.Th>
              {showKey && (
                <>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Score</Table.Th>
                </>
              )}
              <Table.Th>Your answer</Table.Th>
              {showKey && <Table.Th>Correct answer</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.question_wise_distribution.map((q) => (
              <Table.Tr key={q.question_order}>
                <Table.Td>{q.question_order}</Table.Td>
                {showKey && (
                  <>
                    <Table.Td>{verdictLabel[q.is_correct] ?? '-'}</Table.Td>
                    <Table.Td>{q.total_score}</Table.Td>
                  </>
                )}
                <Table.Td miw="10rem" maw="18rem" style={{ overflowWrap: 'break-word' }}>
                  {studentAnswerText(q)}
                </Table.Td>
                {showKey && <Table.Td>{q.correct_answer || '-'}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={chart} onClose={() => setChart(false)} title="Subject-wise distribution" size="lg">
        <Suspense fallback={<PageLoader />}>
          <ReportBarChart
            label="Subject-wise distribution chart"
            dataKey="subject"
            data={report.subject_wise_distribution.map((s) => ({
              subject: s.subject_name,
              Correct: s.right_ques_count,
              Incorrect: s.wrong_ques_count,
              'Not attempted': s.left_ques_count,
            }))}
            series={[
              { name: 'Correct', color: 'green.6' },
              { name: 'Incorrect', color: 'red.6' },
              { name: 'Not attempted', color: 'gray.5' },
            ]}
          />
        </Suspense>
      </Modal>
    </Stack>
  );
}

/** The student's own answer: a written answer (type 2) as its text, HTML decoded (spec part 2 §5), or '-'. */
function studentAnswerText(q: { ques_type: number; student_answer: string }): string {
  const text = q.ques_type === 2 ? stripTags(q.student_answer) : q.student_answer;
  return text || '-';
}

const verdictLabel: Record<number, string> = {
  1: 'Correct',
  0: 'Incorrect',
  2: 'Partly correct',
  [-1]: 'Not attempted',
  3: 'Under evaluation',
};

function TopperComparison({ report }: { report: TestReportAnswer }) {
  const r = report.test_report;
  const t = report.topper_report;
  const a = report.average_report;
  const rows: [string, string | number, string | number, string | number][] = [
    ['Marks', r.total_score, t.marks_obtained, a.marks],
    ['Correct', r.right_ques_count, t.total_correct_que, a.correct],
    ['Incorrect', r.wrong_ques_count, t.total_incorrect_que, a.incorrect],
    ['Attempted', r.attempted_ques_count, t.total_attempted, a.attempted],
    ['Time', formatSeconds(r.total_attempted_time), formatSeconds(t.total_time_taken), formatSeconds(a.time_taken)],
  ];
  return (
    <Stack>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>You</Table.Th>
            <Table.Th>Topper</Table.Th>
            <Table.Th>Average</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([label, you, topper, average]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{you}</Table.Td>
              <Table.Td>{topper}</Table.Td>
              <Table.Td>{average}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Suspense fallback={<PageLoader />}>
        <ReportBarChart
          label="Comparison with the topper chart"
          dataKey="figure"
          data={rows.slice(0, 4).map(([label, you, topper, average]) => ({
            figure: label,
            You: Number(you),
            Topper: Number(topper),
            Average: Number(average),
          }))}
          series={[
            { name: 'You', color: 'blue.6' },
            { name: 'Topper', color: 'green.6' },
            { name: 'Average', color: 'gray.6' },
          ]}
        />
      </Suspense>
    </Stack>
  );
}

// ——— Offline ———

export function OfflineReports({ session }: { session: StoredSession }) {
  const offline = useOfflineReport(session, true);
  const failure = useFailure(offline.error);
  const [view, setView] = useAddressParam<string>(
    'offline',
    (raw) => (raw === 'analysis' || raw === 'upcoming' ? raw : 'results'),
    (value) => (value === 'results' ? null : value),
  );
  useEffect(() => {
    if (offline.isSuccess) showToast(reportTexts.offlineReceived, 'success');
  }, [offline.isSuccess]);
  if (offline.isPending && session.student_id !== null) return <PageLoader />;
  const data = offline.data;
  const groups = data?.pastCourseExamSchdJson ?? [];
  const upcoming = data?.batchExamSchdJsons.futureCourseExamSchdJson[0]?.futureCourseExamList ?? [];
  const isSchool = session.is_institute_type_school;
  return (
    <Stack>
      <Tabs value={view} onChange={(value) => value && setView(value)}>
        <Tabs.List>
          <Tabs.Tab value="results">Results</Tabs.Tab>
          <Tabs.Tab value="analysis">Analysis</Tabs.Tab>
          <Tabs.Tab value="upcoming">Upcoming</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="results" pt="md">
          {groups.length === 0 ? (
            <Text>{reportTexts.noExam}</Text>
          ) : (
            groups.map((group) => (
              <Stack key={group.course_Name} mb="md">
                <Title order={3}>
                  {isSchool ? 'Section' : 'Batch'}: {group.course_Name}
                </Title>
                {group.pastCourseExamList.map((exam) => (
                  <OfflineCard key={exam.exam_id} exam={exam} isSchool={isSchool} showRank={data!.show_exam_rank} />
                ))}
              </Stack>
            ))
          )}
        </Tabs.Panel>
        <Tabs.Panel value="analysis" pt="md">
          {view === 'analysis' && <Analysis exams={groups.flatMap((g) => g.pastCourseExamList)} />}
        </Tabs.Panel>
        <Tabs.Panel value="upcoming" pt="md">
          {upcoming.length === 0 ? (
            <Text>{reportTexts.noExam}</Text>
          ) : (
            upcoming.map((exam) => <OfflineCard key={exam.exam_id} exam={exam} isSchool={isSchool} showRank={false} />)
          )}
        </Tabs.Panel>
      </Tabs>
      {failure}
    </Stack>
  );
}

function OfflineCard({ exam, isSchool, showRank }: { exam: OfflineExam; isSchool: boolean; showRank: boolean }) {
  const present = exam.attendance_status === 'P';
  return (
    <Card withBorder component="article" aria-label={`Offline exam of ${exam.exam_date}`}>
      <Text fw={600}>{exam.exam_date}</Text>
      <Text size="sm">
        {exam.start_time} - {exam.end_time}
      </Text>
      {exam.attendance_status && (
        <Text size="sm" c={present ? 'green' : 'red'} data-testid="attendance">
          Attendance: {exam.attendance_status}
        </Text>
      )}
      {exam.attendance_status && <Text size="sm">Marks: {offlineMarksText(exam)}</Text>}
      {showRank && exam.attendance_status && (
        <Text size="sm">Rank: {offlineRank(exam) === '1' ? <Medal /> : offlineRankText(exam)}</Text>
      )}
      <Text size="sm">Subject: {exam.subject_name}</Text>
      {!isSchool && <Text size="sm">Topic: {exam.topic_name}</Text>}
      {!isSchool && <Text size="sm">Description: {exam.examDesc}</Text>}
    </Card>
  );
}

/** The medal the spec shows in place of a rank of 1 (part 2 §5): drawn inline, so no image request or CSP rule. */
function Medal() {
  return (
    <svg
      role="img"
      aria-label="1 (medal)"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      style={{ verticalAlign: 'middle' }}
    >
      <path d="M6 0h3l2 6H8zM11 0h3l-2 6H9z" fill="#d9480f" />
      <circle cx="10" cy="13" r="6" fill="#fab005" stroke="#e67700" strokeWidth="1.5" />
      <text x="10" y="16" textAnchor="middle" fontSize="8" fontWeight="700" fill="#7a4a00">
        1
      </text>
    </svg>
  );
}

/** Whether the student missed an offline exam (isAbsent Y, or an attendance other than P). */
const isAbsent = (exam: OfflineExam) =>
  exam.isAbsent === 'Y' || (exam.attendance_status !== '' && exam.attendance_status !== 'P');

function Analysis({ exams }: { exams: OfflineExam[] }) {
  const subjects = [...new Set(exams.flatMap((e) => e.subjectWiseExamSchdList.map((s) => s.subject_name)))];
  const [subject, setSubject] = useState(subjects[0] ?? '');
  const rows = exams
    .flatMap((exam) =>
      exam.subjectWiseExamSchdList
        .filter((s) => s.subject_name === subject)
        .map((s) => ({
          iso: exam.exam_date_iso,
          date: displayDate(exam.exam_date_iso),
          marks: s.marks_obtained ?? 0,
          // A missed exam has no bar: its label says why (issue 27 #15).
          note: isAbsent(exam) ? 'Absent' : s.marks_obtained === null ? 'No marks' : undefined,
        })),
    )
    .sort((a, b) => a.iso.localeCompare(b.iso));
  const data = rows.map((row) => ({ date: row.date, 'Obtained Marks': row.marks }));
  const notes = Object.fromEntries(rows.flatMap((row) => (row.note ? [[row.date, row.note]] : [])));
  if (subjects.length === 0) return <Text>{reportTexts.noExam}</Text>;
  return (
    <Stack>
      <Title order={3}>{reportTexts.analysisTitle}</Title>
      {/* The radio choice as chips: each a 32 px target a finger finds, where a radio's label is 20 px high. */}
      <Radio.Group value={subject} onChange={setSubject} label="Subject">
        <Group gap="xs" mt={4}>
          <Chip.Group value={subject} onChange={(value) => setSubject(String(value))}>
            {subjects.map((name) => (
              <Chip key={name} value={name} type="radio" name="analysis-subject">
                {name}
              </Chip>
            ))}
          </Chip.Group>
        </Group>
      </Radio.Group>
      <Suspense fallback={<PageLoader />}>
        <ReportBarChart
          label={`Obtained Marks in ${subject} by exam date`}
          data={data}
          dataKey="date"
          notes={notes}
          series={[{ name: 'Obtained Marks', color: 'blue.6' }]}
        />
      </Suspense>
    </Stack>
  );
}

// ——— Bookmarks ———

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
