import { homePages } from '@campus/domain/home/home.page';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../components/alert-dialog.tsx';
import { showToast } from '../../../components/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';

// What the first view of Exam Reports and the views loaded later (report-views.tsx) share.

/** Texts of Exam Reports (spec part 2 §2.4, §8). */
export const reportTexts = {
  title: 'Exam Reports',
  noExam: 'No Exam Available',
  chooseLabel: 'Click on the Test Type to view the exam reports',
  noBookmark: 'No Bookmark Question Available',
  noReport: 'No Report Available',
  removeBookmark: 'Are sure you want to remove bookmark?',
  sortByDate: 'Sort By Date',
  bookmarked: 'Bookmarked Questions',
  analysisTitle: 'Student Performance Report (Subject Wise Exam distribution)',
  offlineReceived: 'offline tests recived',
  keyWithheld: 'Correct answers and marks per question are shown once the test can no longer be taken.',
  keyLater: 'shown once the test can no longer be taken',
} as const;

/** A failed call of the screen: its message as a toast and an alert whose close goes home (spec part 2 §8). */
export function useFailure(error: unknown) {
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState<unknown>();
  useEffect(() => {
    if (error instanceof ApiError && error.status !== 403) showToast(error.message, 'error');
  }, [error]);
  const message = error instanceof ApiError && error.status !== 403 && error !== dismissed ? error.message : undefined;
  return (
    <AlertDialog
      message={message}
      onClose={() => {
        setDismissed(error);
        void navigate(homePages.dashboard);
      }}
    />
  );
}
