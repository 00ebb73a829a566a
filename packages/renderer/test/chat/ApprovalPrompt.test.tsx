import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApprovalAnswer, ApprovalPrompt } from '../../src/features/chat/components/tool-call/ApprovalPrompt';
import { FakeTrpcError } from '../fakes/FakeApi';
import { renderApp } from '../helpers/renderApp';
import { approvalRequest } from './toolCalls';

function ask(fields: Parameters<typeof approvalRequest>[0] = {}, onAnswer = vi.fn(async (_: ApprovalAnswer) => undefined)) {
  renderApp(<ApprovalPrompt request={approvalRequest(fields)} onAnswer={onAnswer} showArguments />);
  return { onAnswer, prompt: screen.getByRole('group', { name: /to run\?$/ }) };
}

describe('ApprovalPrompt', () => {
  it('asks with the server, the tool and the full arguments', () => {
    const { prompt } = ask({ arguments: { path: '/tmp/a.txt', recursive: true } });
    expect(screen.getByRole('group', { name: 'Allow echo from everything to run?' })).toBe(prompt);
    expect(JSON.parse(within(prompt).getByTestId('tool-arguments').textContent!)).toEqual({ path: '/tmp/a.txt', recursive: true });
    expect(within(prompt).queryByTestId('approval-destructive-warning')).toBeNull();
  });

  it.each([
    ['Allow once', { decision: 'allow_once' }],
    ['Always allow', { decision: 'always_allow' }],
    ['Deny', { decision: 'deny' }],
  ])('answers %s with one click', async (label, expected) => {
    const { onAnswer } = ask();
    fireEvent.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledTimes(1));
    expect(onAnswer).toHaveBeenCalledWith(expected);
  });

  it('warns about a destructive tool and asks a second time before always allowing it', async () => {
    const { onAnswer, prompt } = ask({ toolName: 'delete_file', destructive: true, annotations: { destructiveHint: true } });
    expect(within(prompt).getByTestId('approval-destructive-warning').textContent).toBe(
      'The server says this tool is destructive: it may delete or overwrite data.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }));
    expect(onAnswer).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Always allow a destructive tool?' });
    // The safe choice has focus, so a stray Enter does not grant anything.
    await waitFor(() => expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Go back' })));
    expect(screen.queryByRole('button', { name: 'Allow once' })).toBeNull();

    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, always allow' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ decision: 'always_allow', confirmedDestructive: true }));
  });

  it('goes back from the second confirmation without answering', async () => {
    const { onAnswer } = ask({ destructive: true });
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('group', { name: 'Always allow a destructive tool?' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Always allow' })));
    fireEvent.click(screen.getByRole('button', { name: 'Allow once' }));
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ decision: 'allow_once' }));
    expect(onAnswer).toHaveBeenCalledTimes(1);
  });

  it('offers no "Always allow" for Elftia’s own tools, which have no server to keep the grant for', () => {
    ask({ serverId: undefined, serverName: undefined, toolName: 'use_mcp_tool' });
    expect(screen.getByRole('group', { name: 'Allow use_mcp_tool to run?' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Always allow' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Allow once' })).toBeTruthy();
  });

  it('keeps the prompt and says why when the answer fails', async () => {
    const onAnswer = vi.fn(async () => {
      throw new FakeTrpcError({ code: 'INTERNAL' });
    });
    ask({}, onAnswer);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. The details are in the log.');
    expect((screen.getByRole('button', { name: 'Deny' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('takes focus on its question when nothing else has it, never on a button', async () => {
    ask();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Allow echo from everything to run?'));
  });

  it('takes focus from the card of a call answered before, where focus rests after an answer', async () => {
    const earlier = document.createElement('article');
    earlier.className = 'tool-call';
    earlier.tabIndex = -1;
    document.body.append(earlier);
    earlier.focus();
    try {
      ask();
      await waitFor(() => expect(document.activeElement?.className).toBe('approval__title'));
    } finally {
      earlier.remove();
    }
  });
});
