// The index by owner's catch-up thread's entry: tsx registered again for its imports, as the spot
// thread's (spot/thread/boot.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
