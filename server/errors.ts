/** Errors with a stable code (docs/API.md error shape); services throw them, the error handler shapes the reply. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Facts that explain a refusal (a rejected card's day and reason), answered beside the code. */
  readonly details: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    extra: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      details?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers;
    this.details = extra.details;
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const unauthorized = () => new AppError(401, 'unauthorized', 'Sign in first');
export const forbidden = () => new AppError(403, 'forbidden', 'Access denied');
export const validationError = (fields: Record<string, string>, message = 'Invalid input') =>
  new AppError(400, 'validation', message, { fields });
export const emailNotVerified = () =>
  new AppError(403, 'email_not_verified', 'Confirm your email address with the link we sent you first');
/** Someone of the back office whose session has not passed a second factor (issue 42). */
export const secondFactorRequired = () =>
  new AppError(403, 'second_factor_required', 'Set up or pass your second factor first');
/** An act that asks for a second factor passed within the last minutes (STEP_UP_MINUTES). */
export const reauthenticationRequired = () =>
  new AppError(403, 'reauthentication_required', 'Enter a code from your authenticator app again');
/** Registrations are closed in the club's settings (issue 47); `message` is the club's why, in the buyer's language. */
export const registrationsClosed = (message: string) =>
  new AppError(409, 'registrations_closed', 'Registrations are closed', {
    details: message ? { message } : undefined,
  });
