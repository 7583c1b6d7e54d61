/** Password of every demo account (README lists the logins). */
export const demoPassword = 'demo1234';

/** Named demo logins, so tests and docs refer to them by meaning rather than by number. */
export const demoLogins = {
  greenfieldStudent: '9000000001',
  greenfieldParentOfTwo: '9000000002',
  /** Diya, 9000000002's second child (in another section than Aarav's). */
  greenfieldSecondChild: '9000000021',
  greenfieldSharedPhone: '9000000003',
  greenfieldFeeDues: '9000000009',
  greenfieldOtherDeviceSession: '9000000010',
  greenfieldRegisteredDevice: '9000000011',
  greenfieldBlocked: '9000000013',
  greenfieldPastYearsOnly: '9000000014',
  greenfieldNoAttendance: '9000000015',
  apexStudent: 'student@apex.test',
  apexParent: '9100000002',
  apexBuyer: 'buyer@apex.test',
} as const;

/** Host names of the two demo institutes. */
export const demoHosts = {
  greenfield: ['localhost', '127.0.0.1', 'school.localhost'],
  apex: ['apex.localhost'],
} as const;

/** The device id that 9000000011 is bound to; any other device gets login_option 11. */
export const demoRegisteredDeviceId = 'demo-registered-device';

/** The device 9000000010's demo session lives on, so a browser sign-in meets login_option 10. */
export const demoOtherDeviceId = 'demo-other-device';

/** API keys of the demo institutes' own systems, for minting SSO links (`npm run sso:link`). */
export const demoApiKeys = {
  greenfield: 'demo-greenfield-sso-key',
  apex: 'demo-apex-sso-key',
} as const;
