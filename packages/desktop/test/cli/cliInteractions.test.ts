/**
 * `elftia mcp call` when the server asks during the call (server-everything's elicitation and URL
 * tools, a real child process): a terminal answers one field at a time, no terminal declines.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tempDir';
import { runInProcess } from './inProcess';
import { EVERYTHING_ENTRY } from './mcpServers';

async function dataDirWithEverything(): Promise<string> {
  const dir = tempDir();
  const added = await runInProcess(['mcp', 'add', 'everything', '--transport', 'stdio', '--command', process.execPath, '--arg', EVERYTHING_ENTRY, '--arg', 'stdio', '--data-dir', dir]);
  expect(added.code).toBe(0);
  return dir;
}

const lines = (...answers: string[]) => Readable.from([answers.map((answer) => `${answer}\n`).join('')]);

describe('elftia mcp call: server requests', () => {
  it('asks a form field by field on a terminal, asks again for a value that does not fit, and sends the answers', async () => {
    const dir = await dataDirWithEverything();
    // name, check, firstLine, email (wrong, then right), homepage, birthdate, integer, number,
    // untitled single, untitled multi, titled single (by number), titled multi, legacy titled.
    const stdin = lines('y', 'Ada', 'y', '', 'not-an-email', 'ada@example.com', '', '', '7', '', '', '', '2', '', '');
    const result = await runInProcess(['mcp', 'call', 'everything', 'trigger-elicitation-request', '--data-dir', dir], { stdin, stdinIsTTY: true });
    expect(result.stderr).toContain('everything asks for some information:');
    expect(result.stderr).toContain('String with email format (email)');
    expect(result.stderr).toContain('Must be a valid email.');
    expect(result.stderr).toContain('2) Green Lantern');
    expect(result.stdout).toContain('- Name: Ada');
    expect(result.stdout).toContain('- Agreed to terms: true');
    expect(result.stdout).toContain('- Email: ada@example.com');
    expect(result.stdout).toContain('- Favorite Integer: 7');
    expect(result.stdout).toContain('hero-2');
    expect(result.code).toBe(0);
  }, 60_000);

  it('declines without a terminal and says so', async () => {
    const dir = await dataDirWithEverything();
    const result = await runInProcess(['mcp', 'call', 'everything', 'trigger-elicitation-request', '--data-dir', dir], { stdin: lines('y') });
    expect(result.stderr).toContain('there is no terminal to answer it, so it was declined');
    expect(result.stdout).toContain('User declined');
  }, 60_000);

  it('shows the page and its host before opening, and declines on anything but y', async () => {
    const dir = await dataDirWithEverything();
    const args = JSON.stringify({ url: 'https://auth.example.com/link', message: 'Link your account' });
    const result = await runInProcess(['mcp', 'call', 'everything', 'trigger-url-elicitation', '--args', args, '--data-dir', dir], { stdin: lines('n'), stdinIsTTY: true });
    expect(result.stderr).toContain('everything asks you to open a page on auth.example.com:');
    expect(result.stderr).toContain('https://auth.example.com/link');
    expect(result.stderr).toContain('Open it in your browser? [y/N]');
    expect(result.stdout.toLowerCase()).toContain('decline');
  }, 60_000);

  it('asks y/N before a sampling request runs, rejects on no, and rejects without a terminal', async () => {
    const dir = await dataDirWithEverything();
    const args = JSON.stringify({ prompt: 'hello there', maxTokens: 30 });
    const asked = await runInProcess(['mcp', 'call', 'everything', 'trigger-sampling-request', '--args', args, '--data-dir', dir], { stdin: lines('n'), stdinIsTTY: true });
    expect(asked.stderr).toContain('everything asks your model for a reply (at most 30 tokens):');
    expect(asked.stderr).toContain('Instructions: You are a helpful test server.');
    expect(asked.stderr).toContain('user: Resource trigger-sampling-request context: hello there');
    expect(`${asked.stdout}${asked.stderr}`).toMatch(/User rejected sampling request/);
    const piped = await runInProcess(['mcp', 'call', 'everything', 'trigger-sampling-request', '--args', args, '--data-dir', dir], { stdin: lines('y') });
    expect(piped.stderr).toContain('there is no terminal to approve it, so it was rejected');
    expect(`${piped.stdout}${piped.stderr}`).toMatch(/User rejected sampling request/);
  }, 60_000);
});
