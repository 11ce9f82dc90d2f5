/**
 * Passkeys on pages without the client, as an island (decisions 0041 and 0050): the sign-in page and the security
 * page hold forms marked `data-passkey`, hidden without scripts, where a passkey can do nothing. This script shows
 * them where the browser has WebAuthn (and hides the note that says what passkeys need); a press asks the server for the ceremony's options, lets the browser make or
 * use the passkey (`@simplewebauthn/browser`), puts its answer in the form's hidden field and posts the form to the
 * page's action, which checks it and answers the page as for any other form.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { PASSKEY_FIELD, type PasskeyConfig } from './passkey-config.ts';

/** A refusal of the options' request, with the API's code. */
class Refused extends Error {
  readonly code: string | undefined;
  constructor(code: string | undefined) {
    super(code);
    this.code = code;
  }
}

async function ceremonyOptions(config: PasskeyConfig, form: HTMLFormElement) {
  const typed = (config.fields ?? []).map((name) => {
    const field = form.elements.namedItem(name);
    return [name, field instanceof HTMLInputElement ? field.value : ''];
  });
  const response = await fetch(config.optionsUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...config.body, ...Object.fromEntries(typed) }),
    credentials: 'same-origin',
  });
  const answer = (await response.json().catch(() => null)) as {
    error?: { code?: string };
  } | null;
  if (!response.ok) throw new Refused(answer?.error?.code);
  return answer as Parameters<typeof startAuthentication>[0]['optionsJSON'] &
    Parameters<typeof startRegistration>[0]['optionsJSON'];
}

/** What the status line says of a failed ceremony, in the page's language. */
function messageFor(config: PasskeyConfig, error: unknown): string {
  const { name, code } = error as { name?: string; code?: string };
  if (error instanceof Refused) return config.messages.codes[error.code ?? ''] ?? config.messages.failed;
  // This device already holds one of the account's passkeys (the options listed them to exclude).
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return config.messages.codes.passkey_exists ?? config.messages.failed;
  if (name === 'NotAllowedError' || name === 'AbortError') return config.messages.cancelled;
  return config.messages.failed;
}

function enhance(form: HTMLFormElement) {
  const config = JSON.parse(form.dataset.passkey ?? '{}') as PasskeyConfig;
  const button = form.querySelector<HTMLButtonElement>('button[data-passkey-start]');
  const field = form.querySelector<HTMLInputElement>(`input[name="${PASSKEY_FIELD}"]`);
  const status = form.querySelector<HTMLElement>('[data-passkey-status]');
  if (!button || !field || !status) return;
  form.hidden = false;
  button.addEventListener('click', async () => {
    // The form's own fields first (the password a first passkey asks), as the browser says them.
    if (!form.reportValidity()) return;
    button.disabled = true;
    status.textContent = '';
    try {
      const optionsJSON = await ceremonyOptions(config, form);
      const credential =
        config.ceremony === 'register'
          ? await startRegistration({ optionsJSON })
          : await startAuthentication({ optionsJSON });
      field.value = JSON.stringify(credential);
      form.requestSubmit();
    } catch (error) {
      status.textContent = messageFor(config, error);
      button.disabled = false;
    }
  });
}

if (browserSupportsWebAuthn()) {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-passkey]')) enhance(form);
  for (const note of document.querySelectorAll<HTMLElement>('[data-passkey-fallback]')) note.hidden = true;
}
