import { assignmentListPath, assignmentsLabel } from '@campus/domain/assignments/assignment-list';
import { homePages } from '@campus/domain/home/home.page';
import { Badge, Button, Group, Loader, Stack, Text, Timeline, Title, VisuallyHidden } from '@mantine/core';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckIcon } from '../../../components/icons.tsx';
import { isUnanswered, LoadFailure } from '../../../components/load-failure.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import type { StoredSession } from '../../../lib/session.ts';
import { useAssignment } from '../api/get-assignment.ts';
import { useStudentAttachments } from '../api/get-student-attachments.ts';
import { DetailsStep } from './details-step.tsx';
import { RemarkStep } from './remark-step.tsx';
import { SubmissionStep } from './submission-step.tsx';
import { showFailureToast } from '../../../components/toast.ts';

function StepTitle({ number, title, isComplete }: { number: number; title: string; isComplete: boolean }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Title order={3} size="h4">
        {/* The timeline's dot shows the number; readers hear it here. */}
        <VisuallyHidden>Step {number}: </VisuallyHidden>
        {title}
      </Title>
      {isComplete && (
        <Badge color="teal" variant="light" size="sm">
          Completed
        </Badge>
      )}
    </Group>
  );
}

/** The timeline dot: a tick once complete, else the step's number (the heading names the step for readers). */
const bullet = (number: number, isComplete: boolean) =>
  isComplete ? <CheckIcon /> : <span aria-hidden="true">{number}</span>;

function Step({ children, ...title }: { number: number; title: string; isComplete: boolean; children: ReactNode }) {
  return (
    <section aria-label={`Step ${title.number}: ${title.title}`}>
      <Stack gap="sm" pb="md">
        <StepTitle {...title} />
        {children}
      </Stack>
    </section>
  );
}

export interface AssignmentDetailViewProps {
  session: StoredSession;
  fileId: number;
  /** A 403 on the upload: the caller logs out with the message (api-client does so for its own calls). */
  onForbidden?: (message: string) => void;
}

/**
 * /assignment/{file_id} (spec part 1 §2): three steps — the assignment, the student's submission, the remark
 * and solution. The first two show complete once submitted, the third once evaluated. A load failure shows
 * the server's message and returns to the dashboard (spec part 1 §8).
 */
export function AssignmentDetailView({ session, fileId, onForbidden }: AssignmentDetailViewProps) {
  const navigate = useNavigate();
  const studentId = session.student_id ?? 0;
  // Rendered in slices React can interrupt, not as one long task when an answer arrives (Lighthouse TBT).
  const detail = useDeferredValue(useAssignment(session.institute_id, fileId));
  const previous = useDeferredValue(useStudentAttachments(session.institute_id, studentId, fileId));
  const label = session.is_institute_type_school ? 'Homework' : 'Assignment';

  useEffect(() => {
    // Only a failed first load leaves; a failed background refresh keeps what is shown.
    if (!detail.error || detail.data || isUnanswered(detail.error)) return;
    showFailureToast(detail.error);
    void navigate(homePages.dashboard, { replace: true });
  }, [detail.error, detail.data, navigate]);

  const assignment = detail.data;
  const isSubmitted = assignment?.student_status === 'Submitted';
  const isEvaluated = assignment?.teacher_status === 'Evaluated';
  const listPath = assignmentListPath(assignment?.days_left ?? 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {assignmentsLabel(session.is_institute_type_school)}
        </Title>
        <Button component={Link} to={listPath} variant="default" size="sm">
          Go Back
        </Button>
      </Group>
      {!assignment && isUnanswered(detail.error) ? (
        <LoadFailure error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !assignment ? (
        <PageLoader label={`Loading ${label}`} />
      ) : (
        <>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {assignment.title}
          </Title>
          <Timeline active={isEvaluated && isSubmitted ? 2 : isSubmitted ? 1 : -1} bulletSize={24} lineWidth={2}>
            <Timeline.Item bullet={bullet(1, isSubmitted)}>
              <Step number={1} title="New assignment details" isComplete={isSubmitted}>
                <DetailsStep
                  detail={assignment}
                  instituteId={session.institute_id}
                  isSchool={session.is_institute_type_school}
                />
              </Step>
            </Timeline.Item>
            <Timeline.Item bullet={bullet(2, isSubmitted)}>
              <Step number={2} title="Submit your assignment" isComplete={isSubmitted}>
                {previous.isPending ? (
                  <Loader size="sm" role="status" aria-label="Loading your work" />
                ) : previous.isError ? (
                  <Text c="red" role="alert">
                    {previous.error.message}
                  </Text>
                ) : (
                  <SubmissionStep
                    detail={assignment}
                    fileId={fileId}
                    session={session}
                    previous={previous.data}
                    onForbidden={onForbidden}
                  />
                )}
              </Step>
            </Timeline.Item>
            <Timeline.Item bullet={bullet(3, isEvaluated)}>
              <Step number={3} title="Remark and solution" isComplete={isEvaluated}>
                <RemarkStep
                  detail={assignment}
                  instituteId={session.institute_id}
                  studentId={studentId}
                  fileId={fileId}
                />
              </Step>
            </Timeline.Item>
          </Timeline>
        </>
      )}
    </Stack>
  );
}
