import type { FastifyInstance } from 'fastify';
import { examDeskRoutes } from './exam-desk.routes.ts';
import { examPaperCache } from './exam-paper-cache.ts';
import { examPanelRoutes } from './exam-panel.routes.ts';
import { startExamSweep } from './exam.jobs.ts';

/**
 * The exam area: the desk (spec part 2 §2.3, §7), the test panel (our design, documented in OpenAPI) with the
 * papers it keeps, and the sweep that submits attempts left open past their end.
 */
export async function examRoutes(app: FastifyInstance) {
  examDeskRoutes(app);
  examPanelRoutes(app, examPaperCache(app));
  startExamSweep(app);
}
