import { filesContract } from '@campus/domain/files/files.contract';
import { defineArea } from '../../access/define-area.ts';
import { filesRoutes } from './files.routes.ts';
import { officePreviewJob, officePreviewRetriesJob } from './office-preview.jobs.ts';

export const area = defineArea({
  name: 'files',
  contracts: [filesContract],
  routes: filesRoutes,
  jobs: [officePreviewJob, officePreviewRetriesJob],
});
