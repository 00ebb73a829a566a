import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectionBanner } from '../src/app/ConnectionBanner';
import { BridgeStatus, stateAfterClose } from '../src/lib/bridgeStatus';
import { renderApp } from './helpers/renderApp';

describe('ConnectionBanner', () => {
  it('is absent while connecting and connected', () => {
    const status = new BridgeStatus('connecting');
    renderApp(<ConnectionBanner status={status} />);
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() => status.set('connected'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('explains a missing token, a refused token, a host that does not answer and a lost connection, translated', () => {
    const status = new BridgeStatus('missingToken');
    renderApp(<ConnectionBanner status={status} />, { language: 'ja' });
    expect(screen.getByRole('alert').textContent).toContain('アクセストークンなしで開かれた');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();

    act(() => status.set('refused'));
    expect(screen.getByRole('alert').textContent).toContain('アクセストークンを受け付けませんでした');
    expect(screen.getByRole('alert').textContent).toContain('elftia serve --new-token');
    // The commands are set as code, not shown with Markdown's backticks around them.
    expect(screen.getByRole('alert').textContent).not.toContain('`');
    expect([...screen.getByRole('alert').querySelectorAll('code')].map((code) => code.textContent)).toEqual(['elftia serve --new-token', 'elftia serve']);
    // Reloading keeps the refused token (sessionStorage): only the printed address helps.
    expect(screen.queryByRole('button')).toBeNull();

    act(() => status.set('unreachable'));
    expect(screen.getByRole('alert').textContent).toContain('応答しません');

    act(() => status.set('lost'));
    expect(screen.getByRole('alert').textContent).toContain('再接続しています');

    act(() => status.set('connected'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('stateAfterClose', () => {
  it('names a refused token whether or not the page was connected before', () => {
    expect(stateAfterClose(true, 'refused')).toBe('refused');
    expect(stateAfterClose(false, 'refused')).toBe('refused');
  });

  it('keeps reconnecting after a drop, and says nothing answers when it never connected', () => {
    for (const verdict of ['unreachable', 'unknown', 'accepted'] as const) {
      expect(stateAfterClose(true, verdict)).toBe('lost');
      expect(stateAfterClose(false, verdict)).toBe('unreachable');
    }
  });
});
