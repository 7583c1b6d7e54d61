// The API process's entry (`node src/server.ts`): the module loader's shortcut first (module-hooks.ts), then the
// server (server-main.ts). A static import of the server would be resolved before the shortcut is in place.
import { registerModuleHooks } from './module-hooks.ts';

registerModuleHooks();
await import('./server-main.ts');
