/** The checkpoint is no longer where this instance left it: another instance moved it. The batch was rolled back. */
export class StaleCheckpointError extends Error {
  constructor(
    readonly projection: string,
    readonly version: number,
  ) {
    super(
      `Projection ${projection} v${version}: the checkpoint was moved by another instance; this batch was rolled back`,
    );
    this.name = 'StaleCheckpointError';
  }
}

/** Another process holds the lock of this projection version. */
export class ProjectionLockedError extends Error {
  constructor(
    readonly projection: string,
    readonly version: number,
    readonly holder: string,
  ) {
    super(`Projection ${projection} v${version} is already run by another process (${holder})`);
    this.name = 'ProjectionLockedError';
  }
}
