import type { TimetableEntry } from '@campus/domain/timetable/timetable.contract';
import { classAttended, isPresent, timetableMessages } from '@campus/domain/timetable/timetable-rules';
import { Group, Loader, Table, Text } from '@mantine/core';
import type { StoredSession } from '../../../lib/session.ts';
import { useAttendance } from '../api/timetable.ts';
import { Modal } from '../../../components/lazy-modal.tsx';

/**
 * Attendance Details (spec part 2 §2.2): the batch (Section for schools), 'Class Attended' present/total and the
 * rows; dots while loading; 'NO ATTENDANCE MARKED FOR THIS CLASS!' with none. The class type column is hidden for
 * schools; P is green, anything else red (§5).
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
  const rows = data?.result ?? [];
  const isSchool = session.is_institute_type_school;
  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={timetableMessages.attendanceDetails}
      size={rows.length > 4 ? 'xl' : 'lg'}
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
              {rows.map((row, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    {row.date} {row.start_time} - {row.end_time}
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
    </Modal>
  );
}
