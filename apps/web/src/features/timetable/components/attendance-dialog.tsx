import type { AttendanceRow, TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import {
  attendanceNewestFirst,
  attendancePageSize,
  classAttended,
  isPresent,
  timetableMessages,
} from '@campus/domain/timetable/timetable-rules';
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import type { StoredSession } from '../../../lib/session.ts';
import { useAttendance } from '../api/timetable.ts';
import { Modal } from '../../../components/lazy-modal.tsx';

/**
 * Attendance Details (spec part 2 §2.2): the batch (Section for schools), 'Class Attended' present/total and the
 * rows; dots while loading; 'NO ATTENDANCE MARKED FOR THIS CLASS!' with none. The class type column is hidden for
 * schools; P is green, anything else red (§5). The rows come newest first and a page at a time, 'Show more' adding
 * the next: a year of a daily class is 640–800 rows, which took 4.2 s to draw at once on a throttled phone (issue 27,
 * item 10). 'Class Attended' still counts them all.
 */
export function AttendanceDialog({
  session,
  entry,
  onClose,
}: {
  session: StoredSession;
  entry: TimetableEntry | null;
  onClose: () => void;
}) {
  const { data, isLoading, error } = useAttendance(session, entry?.batch_id ?? null);
  // A phone gets the whole screen: the table scrolls sideways in its own box, the page does not.
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const rows = useMemo(() => attendanceNewestFirst(data?.result ?? []), [data]);
  const [shownCount, setShownCount] = useState(attendancePageSize);
  // Each class opened starts again at its newest page.
  const [shownFor, setShownFor] = useState(entry);
  if (shownFor !== entry) {
    setShownFor(entry);
    setShownCount(attendancePageSize);
  }
  const shown = rows.slice(0, shownCount);
  const isSchool = session.is_institute_type_school;
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={timetableMessages.attendanceDetails}
      size={rows.length > 4 ? 'xl' : 'lg'}
      fullScreen={isPhone}
      centered
    >
      <Group justify="space-between" mb="sm">
        <Text>
          <Text span c="dimmed">
            {isSchool ? 'Section' : 'Batch'}:{' '}
          </Text>
          {entry?.course}
        </Text>
        {!isLoading && (
          <Text>
            <Text span c="dimmed">
              {timetableMessages.classAttended}:{' '}
            </Text>
            <span data-testid="class-attended">{classAttended(rows)}</span>
          </Text>
        )}
      </Group>
      {isLoading ? (
        <Group justify="center" py="md">
          <Loader type="dots" aria-label="Loading attendance" />
        </Group>
      ) : error ? (
        <Text role="alert">{error.message}</Text>
      ) : rows.length === 0 ? (
        <Text ta="center" py="md" fw={600}>
          {timetableMessages.noAttendance}
        </Text>
      ) : (
        <>
          {isPhone ? (
            <AttendanceCards rows={shown} isSchool={isSchool} />
          ) : (
            <Table.ScrollContainer minWidth={700} type="native">
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date &amp; Time</Table.Th>
                    <Table.Th>Attendance</Table.Th>
                    {!isSchool && <Table.Th>Class Type</Table.Th>}
                    <Table.Th>Homework</Table.Th>
                    <Table.Th>Remarks</Table.Th>
                    <Table.Th>Homework Notes</Table.Th>
                    <Table.Th>Class Description</Table.Th>
                    <Table.Th>Topic</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row, index) => (
                    <Table.Tr key={index}>
                      {/* The date and each time whole, not cut at their hyphens and spaces. */}
                      <Table.Td>
                        <NoWrap>{row.date}</NoWrap> <NoWrap>{row.start_time} -</NoWrap> <NoWrap>{row.end_time}</NoWrap>
                      </Table.Td>
                      <Table.Td c={isPresent(row.status) ? 'green' : 'red'} fw={600}>
                        {row.status}
                      </Table.Td>
                      {!isSchool && <Table.Td>{row.custom_class_type}</Table.Td>}
                      <Table.Td>{row.home_work_status || '-'}</Table.Td>
                      <Table.Td>{row.remark || '-'}</Table.Td>
                      <Table.Td>{row.homework_assigned || '-'}</Table.Td>
                      <Table.Td>{row.attendance_note || '-'}</Table.Td>
                      <Table.Td>{row.topics_covered || '-'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Group justify="space-between" mt="sm" wrap="wrap">
            <Text size="sm" c="dimmed" aria-live="polite">
              Newest first · {shown.length} of {rows.length}
            </Text>
            {shown.length < rows.length && (
              <Button variant="light" mih={44} onClick={() => setShownCount(shownCount + attendancePageSize)}>
                {timetableMessages.showMore}
              </Button>
            )}
          </Group>
        </>
      )}
    </Modal>
  );
}

/**
 * The rows on a phone: a card each, the date, time and mark on top and the other columns below with their names, so
 * that nothing scrolls sideways and no column is squeezed to a word a line.
 */
function AttendanceCards({ rows, isSchool }: { rows: readonly AttendanceRow[]; isSchool: boolean }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Attendance" style={{ listStyle: 'none' }}>
      {rows.map((row, index) => {
        const fields: [string, string][] = [
          ...(isSchool ? [] : [['Class Type', row.custom_class_type] as [string, string]]),
          ['Homework', row.home_work_status],
          ['Remarks', row.remark],
          ['Homework Notes', row.homework_assigned],
          ['Class Description', row.attendance_note],
          ['Topic', row.topics_covered],
        ];
        return (
          <Paper key={index} component="li" withBorder p="xs" radius="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} size="sm">
                {row.date}
                <br />
                {row.start_time} - {row.end_time}
              </Text>
              <Badge color={isPresent(row.status) ? 'green.9' : 'red.9'} variant="filled">
                {row.status}
              </Badge>
            </Group>
            {fields.map(([label, value]) => (
              <Text key={label} size="sm">
                <Text span c="dimmed" size="sm">
                  {label}:{' '}
                </Text>
                {value || '-'}
              </Text>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}

const NoWrap = ({ children }: { children: ReactNode }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
