import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY, bridgeUrl, onNewAccessToken, takeAccessToken } from '../src/lib/accessToken';

describe('takeAccessToken', () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('moves the token from the fragment to sessionStorage and out of the address bar', () => {
    window.history.replaceState(null, '', '/?view=settings#token=s3cr%2Bt');
    expect(takeAccessToken(window)).toBe('s3cr+t');
    expect(window.sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('s3cr+t');
    expect(window.location.href).not.toContain('s3cr');
    expect(window.location.search).toBe('?view=settings');
  });

  it('keeps the token across a reload of the same tab', () => {
    window.history.replaceState(null, '', '/#token=abc');
    takeAccessToken(window);
    expect(takeAccessToken(window)).toBe('abc');
  });

  it('prefers a fresh token in the URL over a stored one', () => {
    window.sessionStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/#token=new');
    expect(takeAccessToken(window)).toBe('new');
  });

  it('is undefined without a token', () => {
    expect(takeAccessToken(window)).toBeUndefined();
  });
});

describe('bridgeUrl', () => {
  it('points at /trpc on the page’s own host, with the token', () => {
    expect(bridgeUrl({ protocol: 'http:', host: '127.0.0.1:4310' }, 'a b')).toBe('ws://127.0.0.1:4310/trpc?token=a%20b');
    expect(bridgeUrl({ protocol: 'https:', host: 'example.test' }, undefined)).toBe('wss://example.test/trpc');
  });
});

describe('onNewAccessToken', () => {
  it('fires when the address gains a token (the printed address pasted into this tab), not for other fragments', async () => {
    window.history.replaceState(null, '', '/');
    const hashChanged = () => new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }));
    let calls = 0;
    onNewAccessToken(window, () => (calls += 1));
    let changed = hashChanged();
    window.location.hash = 'section=tools';
    await changed;
    expect(calls).toBe(0);
    changed = hashChanged();
    window.location.hash = 'token=fresh';
    await changed;
    expect(calls).toBe(1);
  });
});
