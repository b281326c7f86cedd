/**
 * An operation the project's driver cannot perform, with a message meant for the user (the platform answers it
 * with 501). E.g. streaming a backup archive that only exists in an object store the platform cannot read.
 */
export class DriverOperationUnsupportedError extends Error {
  readonly code = 'driver_operation_unsupported'
  constructor(
    readonly driverKind: string,
    readonly operation: string,
    message: string,
  ) {
    super(message)
    this.name = 'DriverOperationUnsupportedError'
  }
}
