// Vitest setup file of the `api*` projects, run before each test file: the files share their modules within a
// worker (vitest.config.ts), so what a file may rely on starting afresh is reset here.
import { restartNumbering } from './factories/institutes.ts';

restartNumbering();
