/**
 * The `inputs` an import or a project file declares are how the app asks for each `${input:id}`:
 * the description and the password flag reach mcp.inputs (the Enter value dialog), never a value.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppServices } from '../../app/main/index';
import { createAppCaller } from '../../app/main/routers/appRouter';
import { tempDir } from '../support/tempDir';
import { fixture, importCaller } from './helpers';

describe('declared inputs', () => {
  it("an applied VS Code import declares its inputs (description, password), and a preview declares nothing", async () => {
    const { caller } = importCaller();
    const text = fixture('vscode-mcp.json');
    await caller.mcp.importPreview({ text });
    expect((await caller.mcp.inputs()).map((i) => i.id)).not.toContain('perplexity-key');
    await caller.mcp.importApply({ text });
    expect(await caller.mcp.inputs()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'perplexity-key', description: 'Perplexity API Key', password: true, set: false })]),
    );
  });

  it("a project file's inputs are declared when the workspace opens and again when the file changes", async () => {
    const workspace = tempDir();
    fs.mkdirSync(path.join(workspace, '.elftia'));
    const file = path.join(workspace, '.elftia', 'mcp.json');
    const write = (description: string) =>
      fs.writeFileSync(
        file,
        JSON.stringify({
          inputs: [{ type: 'promptString', id: 'lint-token', description, password: false }],
          mcpServers: { lint: { command: 'node', args: ['lint.mjs'], env: { LINT_TOKEN: '${input:lint-token}' } } },
        }),
      );
    write('Token of the lint service');
    const services = createAppServices({ dataDir: tempDir(), builtinServers: false, workspace });
    try {
      const caller = createAppCaller({ services }, { signal: new AbortController().signal });
      expect(await caller.mcp.inputs()).toEqual([expect.objectContaining({ id: 'lint-token', description: 'Token of the lint service', password: false, set: false })]);
      write('The lint token (new wording)');
      services.workspace.reload();
      expect(await caller.mcp.inputs()).toEqual([expect.objectContaining({ id: 'lint-token', description: 'The lint token (new wording)' })]);
    } finally {
      await services.dispose();
    }
  });

  it('exports a server of the open project file by id, beside a global one', async () => {
    const workspace = tempDir();
    fs.mkdirSync(path.join(workspace, '.elftia'));
    fs.writeFileSync(path.join(workspace, '.elftia', 'mcp.json'), JSON.stringify({ mcpServers: { lint: { command: 'node', args: ['lint.mjs'], timeout: 90 } } }));
    const services = createAppServices({ dataDir: tempDir(), builtinServers: false, workspace });
    try {
      const caller = createAppCaller({ services }, { signal: new AbortController().signal });
      const global = await caller.mcp.add({ name: 'fetch', type: 'stdio', command: 'uvx', args: ['mcp-server-fetch'] });
      const project = services.workspace.findProjectServerByName('lint');
      expect(project).toBeDefined();
      const { text } = await caller.mcp.exportServers({ ids: [project!.id, global.id], dialect: 'elftia' });
      const exported = JSON.parse(text) as { mcpServers: Record<string, { command?: string; args?: string[]; timeout?: number }> };
      expect(Object.keys(exported.mcpServers)).toEqual(['lint', 'fetch']);
      expect(exported.mcpServers.lint).toMatchObject({ command: 'node', args: ['lint.mjs'], timeout: 90 });
    } finally {
      await services.dispose();
    }
  });
});
