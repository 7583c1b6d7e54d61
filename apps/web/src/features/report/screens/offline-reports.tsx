// Exam Reports' offline tab: the institute's offline exams by subject, with ranks and the analysis chart.
import type { OfflineExam } from '@campus/domain/report/report.contract';
import { displayDate, offlineMarksText, offlineRank, offlineRankText } from '@campus/domain/report/report-rules';
import { Card, Chip, Group, Radio, Stack, Tabs, Text, Title } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ReportBarChart } from './result-view.tsx';
import { showToast } from '../../../components/toast.ts';
import { useAddressParam } from '../../../lib/address-state.ts';
import type { StoredSession } from '../../../lib/session.ts';
import { useOfflineReport } from '../api/reports.ts';
import { reportTexts, useFailure } from './report-common.tsx';

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
