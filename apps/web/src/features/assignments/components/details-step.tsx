import { maxFileNameDisplay } from '@campus/domain/assignments/assignment-list';
import type { AssignmentDetail } from '@campus/domain/assignments/assignments.contract';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { formatDue } from '../format.ts';
import { FileList } from './attachment-list.tsx';

function Field({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children || '-'}
      </Text>
    </div>
  );
}

/** Step 1: what the teacher set — subject, topic, sub-topic, end date, course, description and attachments. */
export function DetailsStep({
  detail,
  instituteId,
  isSchool,
}: {
  detail: AssignmentDetail;
  instituteId: number;
  isSchool: boolean;
}) {
  const due = formatDue(detail.end_date);
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        <Field label="Title">{detail.title}</Field>
        <Field label="Subject">{detail.subject_name}</Field>
        <Field label="Topic">{detail.topic_name}</Field>
        <Field label="Sub Topic">{detail.sub_topic_name}</Field>
        <Field label="End Date">{`${due.date} ${due.time}`}</Field>
        <Field label={isSchool ? 'Standard' : 'Course Name'}>{detail.course_name}</Field>
      </SimpleGrid>
      {detail.description.trim() !== '' && (
        <section aria-label="Description">
          <Title order={4} size="h5" mb={4}>
            Description
          </Title>
          {/* Written by staff: sanitised before it is shown. */}
          <SafeHtml html={detail.description} />
        </section>
      )}
      {detail.attachment_lists.length > 0 && (
        <section aria-label="Attachments">
          <Title order={4} size="h5" mb={4}>
            Attachments
          </Title>
          <FileList files={detail.attachment_lists} instituteId={instituteId} nameLimit={maxFileNameDisplay} />
        </section>
      )}
    </Stack>
  );
}
