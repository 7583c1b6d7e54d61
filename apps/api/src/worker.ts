// The worker's entry (`npm run worker`, src/worker.ts): the module loader's shortcut first (module-hooks.ts), then
// the worker (worker-main.ts). A static import of the worker would be resolved before the shortcut is in place.
import { registerModuleHooks } from './module-hooks.ts';

registerModuleHooks();
await import('./worker-main.ts');
