import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { InteractionsState } from '../../app/shared/contracts/interactions';
import type { ServerRequestOrigin } from '../../app/main/mcp/clientRequests';
import { appErrorData } from '../../app/main/routers/trpc';
import { openApp, rejection } from '../support/appHarness';
import { tempDir } from '../support/tempDir';

function origin(): ServerRequestOrigin {
  return { serverId: 's1', serverName: 'Forms', signal: new AbortController().signal };
}

describe('interactions router', () => {
  it('lists a pending form, refuses a wrong answer with field errors, and answers it', async () => {
    const { services, caller } = openApp({ builtinServers: false });
    const reply = services.interactions.elicit({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string', format: 'email' } }, required: ['name'] } }, origin());
    const state = await caller.interactions.state();
    expect(state.pending).toMatchObject([{ kind: 'form', serverName: 'Forms', message: 'Your name?', fields: [{ name: 'name', kind: 'text', format: 'email', required: true }] }]);
    const id = state.pending[0]!.id;
    const refused = await rejection(caller.interactions.answer({ id, answer: { action: 'accept', content: { name: 'nobody' } } }));
    expect(appErrorData(refused)).toEqual({ code: 'VALIDATION', fieldErrors: [{ field: 'name', code: 'wrongFormat', params: { format: 'email' } }] });
    await caller.interactions.answer({ id, answer: { action: 'accept', content: { name: 'a@b.co' } } });
    await expect(reply).resolves.toEqual({ action: 'accept', content: { name: 'a@b.co' } });
    expect((await caller.interactions.state()).pending).toEqual([]);
    expect(appErrorData(await rejection(caller.interactions.answer({ id, answer: { action: 'decline' } })))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('follows changes through the subscription', async () => {
    const { services, caller } = openApp({ builtinServers: false });
    const iterator = (await caller.interactions.onChanged())[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ pending: [], sampled: [] });
    void services.interactions.elicit({ mode: 'url', message: 'Connect', url: 'https://example.com/a', elicitationId: 'e' }, origin());
    expect(((await iterator.next()).value as InteractionsState).pending).toMatchObject([{ kind: 'url', host: 'example.com' }]);
    await iterator.return?.();
  });

  it('offers the open workspace folder as the one root, and tells listeners when the folder changes', async () => {
    const first = fs.realpathSync(tempDir());
    const second = path.join(fs.realpathSync(tempDir()), 'other project');
    fs.mkdirSync(second);
    const { services } = openApp({ builtinServers: false, workspace: first });
    expect(await services.interactions.listRoots(origin())).toEqual([{ uri: pathToFileURL(first).href, name: path.basename(first) }]);
    let changes = 0;
    services.interactions.onRootsChanged(() => changes++);
    services.workspace.open(second, { remember: false });
    expect(changes).toBe(1);
    expect(await services.interactions.listRoots(origin())).toEqual([{ uri: pathToFileURL(second).href, name: 'other project' }]);
    expect((await services.interactions.listRoots(origin()))[0]!.uri).toContain('other%20project');
    services.workspace.reload();
    expect(changes).toBe(1);
    services.workspace.close();
    expect(changes).toBe(2);
    expect(await services.interactions.listRoots(origin())).toEqual([]);
  });
});
