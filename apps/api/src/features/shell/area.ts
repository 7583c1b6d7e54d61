import { shellContract } from '@campus/domain/shell/shell.contract';
import { defineArea } from '../../access/define-area.ts';
import { shellRoutes } from './shell.routes.ts';

export const area = defineArea({ name: 'shell', contracts: [shellContract], routes: shellRoutes });
