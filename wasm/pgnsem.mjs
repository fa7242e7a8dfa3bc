// The ES module: `import { judge, legalMoves, explain } from 'pgnsem'` (wasm/README.md). scripts/playground
// writes it as this file with wasm/api.js put in place of the line that names it, beside
// pgnsem-core.mjs, the reference compiled by Emscripten with the .wasm inside it.
import createPgnsem from './pgnsem-core.mjs';

// @api.js@

const api = pgnsemBind(await createPgnsem());

export const { judge, legalMoves, explain, trace, errata, games, serve } = api;
export { PgnsemError };
export default api;
