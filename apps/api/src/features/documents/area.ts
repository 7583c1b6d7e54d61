import { documentsContract } from '@campus/domain/documents/documents.contract';
import { defineArea } from '../../access/define-area.ts';
import { documentsRoutes } from './documents.routes.ts';

export const area = defineArea({ name: 'documents', contracts: [documentsContract], routes: documentsRoutes });
