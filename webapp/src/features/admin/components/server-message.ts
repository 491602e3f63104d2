import { ApiError, errorMessage } from '../../../lib/api-client';

/** The server's own sentence for a refusal (the last admin's 409), without the status number in front. */
export const serverMessage = (error: unknown) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : errorMessage(error);
