// Exam Reports' result of one test: the summary, the answers question by question and the comparison with the
// topper (loaded when opened, with the other views past the first: report-views.tsx).
import type { ExamTest } from '@campus/domain/exam/exam.contract';
import type { TestReportAnswer } from '@campus/domain/report/report.contract';
import { formatSeconds } from '@campus/domain/report/report-rules';
import { stripTags } from '@campus/domain/shared/text';
import { Button, Card, Group, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { serviceBase } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useTestReport } from '../api/reports.ts';
import { Modal } from '../../../components/lazy-modal.tsx';
import { reportTexts, useFailure } from './report-common.tsx';

/** The chart library loads with the first chart shown, in its own chunk. */
export const ReportBarChart = lazy(() => import('../components/bar-chart.tsx'));

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
