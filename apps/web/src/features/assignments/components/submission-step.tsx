import { assignmentListPath, maxFileNameDisplay } from '@campus/domain/assignments/assignment-list';
import {
  assignmentMessages,
  canSaveDraft,
  canSubmit,
  maxAssignmentLinks,
  maxStudentCommentLength,
  validateLink,
  validatePick,
} from '@campus/domain/assignments/assignment-rules';
import {
  buildUpdateAssignmentJson,
  canAddLink,
  checkSubmission,
  isAcceptedUpload,
  notAcceptedMessage,
  uploadAccept,
} from '@campus/domain/assignments/assignment-submission';
import type { AssignmentDetail } from '@campus/domain/assignments/assignments.contract';
import { Alert, Button, FileButton, Flex, Group, Progress, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { StoredSession } from '../../../lib/session.ts';
import type { StudentAttachment } from '../api/get-student-attachments.ts';
import { useUpdateAssignment } from '../api/update-assignment.ts';
import { FileList, LinkList, type ListedFile } from './attachment-list.tsx';
import { HandedIn, toListedLink } from './handed-in.tsx';
import { emptyLink, LinkForm, type LinkDraft } from './link-form.tsx';
import { PickedFiles, type PickedFile } from './picked-files.tsx';
import { showToast } from '../../../components/toast.ts';

/** The list opens this long after a save (spec part 1 §8, §9). */
export const redirectAfterSaveMs = 2000;
/** The success toast shows about this long. */
export const toastMs = 1000;

/** Text of the late-and-refused case; the same words the server answers with. */
const lateNotAllowed = 'The due date has passed and late submission is not allowed.';

interface NewLink extends LinkDraft {
  key: string;
}

export interface SubmissionStepProps {
  detail: AssignmentDetail;
  fileId: number;
  session: StoredSession;
  /** The student's earlier files and links (a draft, or the submitted work). */
  previous: StudentAttachment[];
  /** A 403 on the upload: the caller logs out with the message. */
  onForbidden?: (message: string) => void;
}

/**
 * Step 2 (spec part 1 §2, §4, §5): file picking within the 20-file and 150 MB limits, previous attachments that
 * may be removed, up to 5 links, a comment, Save as Draft (ongoing only) and Submit (with a confirmation). The
 * upload shows its progress; after a save the toast shows and the list opens 2 s later. Once submitted the
 * work shows read-only. Parents see the form read-only and are told they may not submit.
 */
export function SubmissionStep({ detail, fileId, session, previous, onForbidden }: SubmissionStepProps) {
  const navigate = useNavigate();
  const update = useUpdateAssignment(onForbidden);
  const isPast = detail.days_left < 0;
  const mayDraft = canSaveDraft(detail.student_status, isPast);
  const maySubmit = canSubmit(detail.student_status);
  const isParent = session.parentslogin;

  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [links, setLinks] = useState<NewLink[]>([]);
  const [linkDraft, setLinkDraft] = useState(emptyLink);
  const [comment, setComment] = useState(detail.student_comment);
  const [pickError, setPickError] = useState<string>();
  const [linkError, setLinkError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [progress, setProgress] = useState<number>();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const resetPicker = useRef<() => void>(null);
  const nextKey = useRef(0);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  if (!mayDraft && !maySubmit) {
    return (
      <Stack gap="sm">
        {detail.student_status === 'Expired' && <Text>{lateNotAllowed}</Text>}
        <HandedIn previous={previous} comment={detail.student_comment} instituteId={session.institute_id} />
      </Stack>
    );
  }

  const kept = previous.filter((attachment) => !removedIds.includes(attachment.attachment_id));
  const keptFiles = kept.filter((attachment) => !attachment.is_link);
  const keptLinks = kept.filter((attachment) => attachment.is_link);
  const isBusy = update.isPending || isDone;
  const isReadOnly = isParent || isBusy;
  const hasLinkDraft = Object.values(linkDraft).some((value) => value.trim() !== '');
  const mayAddLink = canAddLink(links.length, keptLinks.length);

  const pick = (files: File[]) => {
    resetPicker.current?.();
    if (files.length === 0) return;
    const refused = files.find((file) => !isAcceptedUpload(file.name));
    const problem = refused
      ? notAcceptedMessage(refused.name)
      : validatePick([...keptFiles, ...picked.map((entry) => entry.file)], files);
    setPickError(problem);
    if (problem) return;
    setFormError(undefined);
    setPicked((current) => [...current, ...files.map((file) => ({ key: (nextKey.current += 1), file }))]);
  };

  /** Checks the link fields and returns the link, or shows why not. */
  const takeLinkDraft = (): NewLink | undefined => {
    const problem = validateLink(linkDraft);
    setLinkError(problem);
    if (problem) return undefined;
    return { ...linkDraft, key: crypto.randomUUID() };
  };

  const addLink = () => {
    const link = takeLinkDraft();
    if (!link) return;
    setLinks((current) => [...current, link]);
    setLinkDraft(emptyLink);
    setFormError(undefined);
  };

  const send = (status: 'Draft' | 'Submitted', linksToSend: NewLink[]) => {
    setProgress(0);
    update.mutate(
      {
        json: buildUpdateAssignmentJson(
          { instituteId: session.institute_id, studentId: session.student_id ?? 0, fileId },
          status,
          comment.trim(),
          removedIds,
          linksToSend,
        ),
        files: picked.map((entry) => entry.file),
        // One key per user action: the automatic retry of this upload sends it again.
        idempotencyKey: crypto.randomUUID(),
        onProgress: setProgress,
      },
      {
        onSuccess: (answer) => {
          setIsDone(true);
          // The refreshed earlier work now holds what was sent; removed ids stay hidden until it arrives.
          setPicked([]);
          setLinks([]);
          showToast(answer.message, 'success', { autoClose: toastMs });
          redirectTimer.current = setTimeout(() => {
            // Back to an editable form should this screen outlive the navigation (Back pressed meanwhile).
            setIsDone(false);
            setProgress(undefined);
            void navigate(assignmentListPath(detail.days_left));
          }, redirectAfterSaveMs);
        },
        onError: (error) => {
          setProgress(undefined);
          // A 403 logs out (the caller's onForbidden); any other refusal shows the server's words as a toast.
          if (error instanceof ApiError && error.status === 403) return;
          showToast(error.message, 'error');
        },
      },
    );
  };

  /** Save as Draft and Submit: parents are refused; then the checks of §5; Submit asks first. */
  const save = (status: 'Draft' | 'Submitted') => {
    if (isParent) {
      showToast(assignmentMessages.parentsNotAllowed, 'error');
      return;
    }
    // Link fields filled in but not added yet are taken along rather than lost.
    let linksToSend = links;
    if (hasLinkDraft && mayAddLink) {
      const link = takeLinkDraft();
      if (!link) return;
      linksToSend = [...links, link];
      setLinks(linksToSend);
      setLinkDraft(emptyLink);
    }
    const problem = checkSubmission({
      newFiles: picked.map((entry) => entry.file),
      keptFiles,
      keptLinkCount: keptLinks.length,
      newLinkCount: linksToSend.length,
    });
    setFormError(problem);
    if (problem) return;
    if (status === 'Submitted') {
      setIsConfirming(true);
      return;
    }
    send(status, linksToSend);
  };

  return (
    <Stack gap="lg">
      <section aria-label="Files">
        <Stack gap="xs">
          <Title order={4} size="h5">
            Files
          </Title>
          <Text size="xs">
            Up to 20 files, 150 MB in total: Word, Excel, PowerPoint, text, PDF, images or MP4/M4V video.
          </Text>
          <Group>
            <FileButton
              onChange={pick}
              multiple
              accept={uploadAccept}
              resetRef={resetPicker}
              disabled={isReadOnly}
              inputProps={{ 'aria-label': 'Files to upload' }}
            >
              {(props) => (
                <Button {...props} variant="default" disabled={isReadOnly}>
                  Choose Files
                </Button>
              )}
            </FileButton>
          </Group>
          {pickError && (
            <Text c="red" size="sm" role="alert">
              {pickError}
            </Text>
          )}
          {picked.length > 0 && (
            <PickedFiles
              files={picked}
              disabled={isReadOnly}
              onRemove={(key) => setPicked((current) => current.filter((entry) => entry.key !== key))}
            />
          )}
          {keptFiles.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                Uploaded earlier
              </Text>
              <FileList
                files={keptFiles}
                instituteId={session.institute_id}
                nameLimit={maxFileNameDisplay}
                disabled={isReadOnly}
                onRemove={(file: ListedFile) => setRemovedIds((current) => [...current, file.attachment_id])}
              />
            </>
          )}
        </Stack>
      </section>

      <section aria-label="Links">
        <Stack gap="xs">
          <Title order={4} size="h5">
            Links
          </Title>
          {keptLinks.length + links.length > 0 && (
            <LinkList
              links={[...keptLinks.map(toListedLink), ...links]}
              disabled={isReadOnly}
              onRemove={(link) =>
                typeof link.key === 'number'
                  ? setRemovedIds((current) => [...current, link.key as number])
                  : setLinks((current) => current.filter((entry) => entry.key !== link.key))
              }
            />
          )}
          {mayAddLink ? (
            <LinkForm
              draft={linkDraft}
              onChange={setLinkDraft}
              error={linkError}
              disabled={isReadOnly}
              onAdd={addLink}
            />
          ) : (
            <Text size="xs">You can add up to {maxAssignmentLinks} links.</Text>
          )}
        </Stack>
      </section>

      <Textarea
        label="Comment"
        rows={3}
        resize="vertical"
        maxLength={maxStudentCommentLength}
        disabled={isReadOnly}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
      />

      {progress !== undefined && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">Uploading</Text>
            <Text size="sm" fw={600}>
              {progress}%
            </Text>
          </Group>
          <Progress value={progress} aria-label="Upload progress" animated={update.isPending} />
        </Stack>
      )}

      {formError && (
        <Alert color="red" role="alert" variant="light">
          {formError}
        </Alert>
      )}

      <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" justify="flex-end">
        {mayDraft && (
          <Button variant="default" onClick={() => save('Draft')} disabled={isBusy}>
            Save as Draft
          </Button>
        )}
        {maySubmit && (
          <Button onClick={() => save('Submitted')} disabled={isBusy} loading={update.isPending}>
            Submit
          </Button>
        )}
      </Flex>

      <ConfirmDialog
        title="Confirm Submission"
        message={isConfirming ? assignmentMessages.confirmSubmit : undefined}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          send('Submitted', links);
        }}
      />
    </Stack>
  );
}
