/** The secret key of an otpauth:// URI, for typing into an app that cannot scan codes. */
export function totpSecret(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** "ABCDEFGH" as "ABCD EFGH": easier to read aloud and to copy by hand. */
export function groupInFours(value: string): string {
  return value.match(/.{1,4}/g)?.join(' ') ?? '';
}
