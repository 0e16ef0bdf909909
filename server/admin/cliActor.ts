import os from 'node:os';
import type { Actor } from '../domain/operators/actor';

/** Who the audit log names for a command run at the terminal: the system user who ran it. */
export const cliActor = (): Actor => ({ operatorId: null, name: `cli:${os.userInfo().username}` });
