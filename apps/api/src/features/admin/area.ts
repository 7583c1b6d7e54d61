import { adminContract, adminFilesContract } from '@campus/domain/admin/admin.contract';
import { defineArea } from '../../access/define-area.ts';
import { adminRoutes } from './admin.routes.ts';

export const area = defineArea({ name: 'admin', contracts: [adminContract, adminFilesContract], routes: adminRoutes });
