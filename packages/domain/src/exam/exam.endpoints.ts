import { endpoint } from '../shared/endpoint.ts';
import type { examSchemas } from './exam.contract.ts';

type Schemas = typeof examSchemas;

/**
 * The exam desk (spec part 2 §2.3, §7 Exam desk) and the test panel. The desk calls are the spec's; the panel's
 * are our own design (the spec calls the panel external): the desk asks for a single-use launch token, the new
 * window exchanges it for an attempt credential, and every panel call carries that credential (rule `attempt`).
 */
export const examEndpoints = {
  labels: endpoint<Schemas['labels']>({
    id: 'exam.labels',
    method: 'GET',
    path: '/student/testLabels',
    service: 'exam',
    access: 'examdesk',
    ids: [],
  }),
  labelTests: endpoint<Schemas['labelTests']>({
    id: 'exam.labelTests',
    method: 'GET',
    path: '/student/testLabels/:labelId/tests',
    service: 'exam',
    access: 'examdesk',
    ids: [{ in: 'params', name: 'labelId', kind: 'testLabel' }],
  }),
  productTestIds: endpoint<Schemas['productTestIds']>({
    id: 'exam.productTestIds',
    method: 'GET',
    path: '/prod/user-product/v2/assigned-product-test-ids/:itemType',
    service: 'product',
    access: 'session',
    ids: [
      { in: 'headers', name: 'x-prod-inst-id', kind: 'institute' },
      { in: 'headers', name: 'x-prod-user-id', kind: 'user' },
    ],
  }),
  testsById: endpoint<Schemas['testsById']>({
    id: 'exam.testsById',
    method: 'POST',
    path: '/tests/list_id',
    service: 'exam',
    access: 'examdesk',
    ids: [
      { in: 'body', name: 'user_id', kind: 'user' },
      { in: 'body', name: 'test_ids[]', kind: 'test' },
    ],
  }),
  time: endpoint<Schemas['time']>({
    id: 'exam.time',
    method: 'GET',
    path: '/examPanel/time',
    service: 'exam',
    access: 'examdesk',
    ids: [],
  }),
  launch: endpoint<Schemas['launch']>({
    id: 'exam.launch',
    method: 'POST',
    path: '/examPanel/launch',
    service: 'exam',
    access: 'examdesk',
    ids: [{ in: 'body', name: 'test_id', kind: 'test' }],
  }),
  open: endpoint<Schemas['open']>({
    id: 'exam.open',
    method: 'POST',
    path: '/examPanel/open',
    service: 'exam',
    // The launch token in the body is the grant (single use, two minutes); it answers the attempt credential.
    access: 'anonymous',
    ids: [],
  }),
  paper: endpoint<Schemas['paper']>({
    id: 'exam.paper',
    method: 'GET',
    path: '/examPanel/paper',
    service: 'exam',
    // The view credential in Authorization is the grant (signed for one test and one user of the host's
    // institute, read-only); the handler checks it as `open` checks its launch token.
    access: 'anonymous',
    ids: [],
  }),
  attempt: endpoint<Schemas['attempt']>({
    id: 'exam.attempt',
    method: 'GET',
    path: '/examPanel/attempt',
    service: 'exam',
    access: 'attempt',
    ids: [],
  }),
  save: endpoint<Schemas['save']>({
    id: 'exam.save',
    method: 'PUT',
    path: '/examPanel/attempt/answers',
    service: 'exam',
    access: 'attempt',
    ids: [],
  }),
  submit: endpoint<Schemas['submit']>({
    id: 'exam.submit',
    method: 'POST',
    path: '/examPanel/attempt/submit',
    service: 'exam',
    access: 'attempt',
    ids: [],
  }),
};
