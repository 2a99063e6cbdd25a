// Loaded with `--import` by the Vitest workers that run tests through Node's own `import`
// (`experimental.viteModuleRunner: false` in vitest.config.ts's node project and in
// vitest.tables.config.ts): TypeScript compiled by tsx, and native-hooks.mjs. Code imported this
// way runs at Node's speed; through Vite's module runner, whose exports are getters on a module
// object, a table experiment's engine runs took 1.7× as long (alamgir-table2: 135 vs 78 ms a run).
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
register('./native-hooks.mjs', import.meta.url);
