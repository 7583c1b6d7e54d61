import { endpoint } from '../shared/endpoint.ts';
import type { reportSchemas } from './report.contract.ts';

type Schemas = typeof reportSchemas;

/**
 * Exam reports (spec part 2 §2.4, §7): the online test report (scorecard token), the offline results, the
 * bookmarked questions (exam service) and our own printable score card (the spec's external score page), served
 * to the holder of an address the report signed.
 */
export const reportEndpoints = {
  testReport: endpoint<Schemas['testReport']>({
    id: 'report.testReport',
    method: 'GET',
    path: '/api/v1/studentdashboard/testReports/:accountId/:userId/:testId/:scope',
    service: 'main',
    access: 'scorecard',
    ids: [
      { in: 'params', name: 'accountId', kind: 'account' },
      { in: 'params', name: 'userId', kind: 'user' },
      { in: 'params', name: 'testId', kind: 'test' },
    ],
  }),
  student: endpoint<Schemas['student']>({
    id: 'report.student',
    method: 'GET',
    path: '/api/v1/reports/Student/:studentId',
    service: 'main',
    access: 'session',
    ids: [{ in: 'params', name: 'studentId', kind: 'student' }],
  }),
  bookmarks: endpoint<Schemas['bookmarks']>({
    id: 'report.bookmarks',
    method: 'GET',
    path: '/student/testLabels/bookmark/:userId',
    service: 'exam',
    access: 'examdesk',
    ids: [{ in: 'params', name: 'userId', kind: 'user' }],
  }),
  bookmark: endpoint<Schemas['bookmark']>({
    id: 'report.bookmark',
    method: 'GET',
    path: '/student/testLabels/bookmark/:userId/:questionId',
    service: 'exam',
    access: 'examdesk',
    ids: [
      { in: 'params', name: 'userId', kind: 'user' },
      { in: 'params', name: 'questionId', kind: 'question' },
    ],
  }),
  deleteBookmark: endpoint<Schemas['deleteBookmark']>({
    id: 'report.deleteBookmark',
    method: 'POST',
    path: '/student/testLabels/deleteBookmark',
    service: 'exam',
    access: 'examdesk',
    ids: [
      { in: 'body', name: 'student_id', kind: 'viewer' },
      { in: 'body', name: 'question_id', kind: 'question' },
    ],
  }),
  scoreCard: endpoint<Schemas['scoreCard']>({
    id: 'report.scoreCard',
    method: 'GET',
    path: '/api/v1/scorecard/:token',
    service: 'main',
    access: 'signed',
    ids: [],
  }),
  scoreCardPdf: endpoint<Schemas['scoreCardPdf']>({
    id: 'report.scoreCardPdf',
    method: 'GET',
    path: '/api/v1/scorecard/:token/1',
    service: 'main',
    access: 'signed',
    ids: [],
  }),
};
