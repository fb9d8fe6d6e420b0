// A worker thread's entry: tsx's loader registered in this thread, then the TypeScript worker
// (a Worker does not get the loader the `tsx` command gave the main thread).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
