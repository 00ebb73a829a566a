/**
 * Who signed in, for "Signed in as …": read from the ID token's claims when the token response
 * has one. Only shown, never trusted for anything: the access token is what the server checks.
 */
export function accountOf(idToken: string | undefined): string | undefined {
  const payload = idToken?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const claim of ['email', 'preferred_username', 'name', 'sub']) {
      const value = claims[claim];
      if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 200);
    }
  } catch {
    // Not a JWT: no account to show.
  }
  return undefined;
}
