import { mediaContract } from '@campus/domain/media/media.contract';
import { defineArea } from '../../access/define-area.ts';
import { mediaRoutes } from './media.routes.ts';

export const area = defineArea({ name: 'media', contracts: [mediaContract], routes: mediaRoutes });
