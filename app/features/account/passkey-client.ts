import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { getJson, postJson } from '~/lib/api-client';

/**
 * The browser's half of a passkey (WebAuthn through @simplewebauthn/browser), against Better
 * Auth's passkey endpoints. Loaded only when a passkey button is pressed.
 */

export type PasskeyResult = { ok: true } | { ok: false; code?: string; message: string };

const CANCELLED = 'The passkey was not used: the request was cancelled or timed out. You can try again.';

function failed(error: unknown, fallback: string): PasskeyResult {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return { ok: false, message: CANCELLED };
  return { ok: false, message: fallback };
}

export async function signInWithPasskey(): Promise<PasskeyResult> {
  const options = await getJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/auth/passkey/generate-authenticate-options',
  );
  if (!options.ok || !options.data) return { ok: false, message: options.message ?? 'Please try again.' };
  let response;
  try {
    response = await startAuthentication({ optionsJSON: options.data });
  } catch (error) {
    return failed(error, 'This device could not use a passkey. Please sign in another way.');
  }
  const verified = await postJson('/api/auth/passkey/verify-authentication', { response });
  if (!verified.ok) {
    return {
      ok: false,
      message: verified.message ?? 'That passkey is not known here. Please sign in another way.',
    };
  }
  return { ok: true };
}

export async function addPasskey(name: string): Promise<PasskeyResult> {
  const options = await getJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    `/api/auth/passkey/generate-register-options?name=${encodeURIComponent(name)}`,
  );
  if (!options.ok || !options.data) {
    return { ok: false, code: options.code, message: options.message ?? 'Please try again.' };
  }
  let response;
  try {
    response = await startRegistration({ optionsJSON: options.data });
  } catch (error) {
    return failed(error, 'This device could not make a passkey.');
  }
  const verified = await postJson('/api/auth/passkey/verify-registration', { response, name });
  if (!verified.ok)
    return { ok: false, code: verified.code, message: verified.message ?? 'Please try again.' };
  return { ok: true };
}
