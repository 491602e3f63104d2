/** The account that asked to add an email address, as the confirmation email and page name it. */
export interface EmailLinkRequester {
  name: string;
  /** How that account signs in, e.g. "Telegram account @name" or "Google account". */
  signIn: string;
}
