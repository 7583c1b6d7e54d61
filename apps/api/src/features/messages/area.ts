import { messagesContract } from '@campus/domain/messages/messages.contract';
import { defineArea } from '../../access/define-area.ts';
import { messagesPolicies } from './messages.policy.ts';
import { messagesRoutes } from './messages.routes.ts';
import { smsSendJob, smsSweepJob } from './sms.jobs.ts';

export const area = defineArea({
  name: 'messages',
  contracts: [messagesContract],
  routes: messagesRoutes,
  policies: messagesPolicies,
  jobs: [smsSendJob, smsSweepJob],
});
