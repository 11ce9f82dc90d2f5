/** The sign-up body of the browser journeys: the API tests' valid sign-up, with the address and password given. */
import { PASSWORD, signupPayload } from './users.ts';

export function accountPayload(email: string, password = PASSWORD) {
  return signupPayload({ email, password, password_confirmation: password });
}
