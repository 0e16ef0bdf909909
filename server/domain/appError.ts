import { ERRORS, errorKey, type ErrorKey, type ErrorName } from '../../protocol';

/** A catalogued failure. Domain code throws it; the HTTP layer turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly key: ErrorKey;
  constructor(
    readonly errorName: ErrorName,
    readonly data: unknown = null,
    /** Envelope code when it is not the HTTP status (the 2001–2003 limit failures). */
    readonly code?: number,
  ) {
    super(errorKey(errorName));
    this.key = errorKey(errorName);
    this.status = ERRORS[errorName].status;
  }
}
