// The auth area's example calls for the access matrix (test/access-cells.test.ts finds this file by its
// name). Test support: the server never loads it.
import { demoPassword, testDevice, type CellExamples } from '../../../test/access-cells-kit.ts';

export const cells: CellExamples = {
  'auth.login': (ids) => ({
    body: {
      user_name: '9000000001',
      password: demoPassword,
      device_id: testDevice,
      source: 'WEB',
      institute_id: ids.instituteId,
      user_id: ids.userId,
      user_type: 1,
    },
  }),
  'auth.forgotPassword': (ids) => ({
    body: { user_name: '9000000001', institute_id: ids.instituteId, choice_id: String(ids.userId), source: 'WEB' },
  }),
  'auth.academicYears': (ids) => ({ params: { instituteId: ids.instituteId } }),
  'auth.logout': () => ({ query: { deviceId: testDevice } }),
  'auth.changePassword': (ids) => ({
    body: {
      institute_id: ids.instituteId,
      userid: ids.accountUserId,
      oldPassword: demoPassword,
      newPassword: demoPassword,
    },
  }),
  'auth.ssoLink': () => ({ body: { login: '9000000001' } }),
  'auth.switchChild': (ids) => ({ body: { student_id: ids.studentId } }),
  'auth.ssoExchange': () => ({ body: { token: 'not-a-token' } }),
};
