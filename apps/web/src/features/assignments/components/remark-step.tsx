import { maxSolutionNameDisplay } from '@campus/domain/assignments/assignment-list';
import { assignmentMessages } from '@campus/domain/assignments/assignment-rules';
import type { AssignmentDetail } from '@campus/domain/assignments/assignments.contract';
import { networkError } from '@campus/domain/shared/http-messages';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useAssignmentSolution } from '../api/get-assignment-solution.ts';
import { FileList } from './attachment-list.tsx';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Text>
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/**
 * Step 3: 'Review Pending From Faculty' until the teacher evaluates; then marks, grade (where graded) and the
 * teacher's comment. Solution files show once the institute releases them.
 */
export function RemarkStep({
  detail,
  instituteId,
  studentId,
  fileId,
}: {
  detail: AssignmentDetail;
  instituteId: number;
  studentId: number;
  fileId: number;
}) {
  const solution = useAssignmentSolution(instituteId, studentId, fileId);
  const isEvaluated = detail.teacher_status === 'Evaluated';
  return (
    <Stack gap="sm">
      {isEvaluated ? (
        <Stack gap={4}>
          {detail.student_marks !== null && (
            <Line
              label="Marks"
              value={
                detail.evaluation_marks !== null
                  ? `${detail.student_marks} / ${detail.evaluation_marks}`
                  : String(detail.student_marks)
              }
            />
          )}
          {detail.enable_grade === 'Y' && detail.grade && <Line label="Grade" value={detail.grade} />}
          {detail.teacher_comment && <Line label="Teacher Comment" value={detail.teacher_comment} />}
        </Stack>
      ) : (
        <Text fw={600}>{assignmentMessages.reviewPending}</Text>
      )}
      {solution.isPending && <Loader size="sm" role="status" aria-label="Loading solution" />}
      {solution.isError && (
        <Text c="red" role="alert">
          {networkError}
        </Text>
      )}
      {solution.data?.is_released && solution.data.solution_attachments.length > 0 && (
        <section aria-label="Solution">
          <Title order={4} size="h5" mb={4}>
            Solution
          </Title>
          <FileList
            files={solution.data.solution_attachments}
            instituteId={instituteId}
            nameLimit={maxSolutionNameDisplay}
          />
        </section>
      )}
    </Stack>
  );
}
