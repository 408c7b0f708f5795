// Form code: what a form needs and a list does not. The web checks only forms with zod (answers are
// typed, src/lib/api.ts), so zod is form code too. The chunk rule keeps code that reaches it out of
// what list screens load first (productChunks.ts), and the e2e weight check refuses a list route
// that waits for it (.vite/form-code.json, written by routePreloads.ts).
export const isFormLibraryModule = (id: string) =>
  /[/\\]node_modules[/\\](zod|react-hook-form|@hookform)[/\\]/.test(id);
