import type { FastifyInstance } from 'fastify';
import { examDeskRoutes } from './exam-desk.routes.ts';
import { examPaperCache } from './exam-paper-cache.ts';
import { examPanelRoutes } from './exam-panel.routes.ts';

/**
 * The exam area: the desk (spec part 2 §2.3, §7), the test panel (our design, documented in OpenAPI) with the
 * papers it keeps. Its background job, the sweep of attempts left open past their end, is exam.jobs.ts.
 */
export async function examRoutes(app: FastifyInstance) {
  examDeskRoutes(app);
  examPanelRoutes(app, examPaperCache(app));
}
