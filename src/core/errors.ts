/** A mistake in what the user gave us: printed as one line, exit code 2, no stack trace. */
export class UserError extends Error {
  override name = 'UserError';
}

export function fail(message: string): never {
  throw new UserError(message);
}
