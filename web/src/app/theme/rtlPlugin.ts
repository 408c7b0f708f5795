// The stylis plugin that mirrors CSS for rtl, behind a module of the app's own so the chunking rule
// keeps what it shares with emotion in the shell's chunk (emotionCache.ts imports this lazily).
export { default as rtlPlugin } from 'stylis-plugin-rtl';
