// The spot thread's entry. Node 20 runs the parent's `--import tsx` in a worker, but its module
// hooks do not reach the worker's own imports; registering tsx here again does (tried: either
// alone leaves worker.ts unreadable).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
