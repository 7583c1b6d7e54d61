import { homeContract } from '@campus/domain/home/home.contract';
import { defineArea } from '../../access/define-area.ts';
import { homeRoutes } from './home.routes.ts';

export const area = defineArea({ name: 'home', contracts: [homeContract], routes: homeRoutes });
