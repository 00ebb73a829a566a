import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConnectionBanner } from '../src/app/ConnectionBanner';
import { BridgeStatus } from '../src/lib/bridgeStatus';
import { renderApp } from './helpers/renderApp';

describe('ConnectionBanner', () => {
  it('is absent while connecting and connected', () => {
    const status = new BridgeStatus('connecting');
    renderApp(<ConnectionBanner status={status} />);
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() => status.set('connected'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('explains a missing token, a refused connection and a lost one, translated', () => {
    const status = new BridgeStatus('missingToken');
    renderApp(<ConnectionBanner status={status} />, { language: 'ja' });
    expect(screen.getByRole('alert').textContent).toContain('アクセストークンなしで開かれた');
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();

    act(() => status.set('refused'));
    expect(screen.getByRole('alert').textContent).toContain('Elftia に接続できませんでした');

    act(() => status.set('lost'));
    expect(screen.getByRole('alert').textContent).toContain('再接続しています');

    act(() => status.set('connected'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
