// Module hooks for the Vitest workers that import through Node (tests/helpers/native-import.mjs).
// A stylesheet a UI module imports (Vite bundles it for the browser) loads as an empty module, as
// Vite's own test transform treats it.
export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return next(url, context);
}
