/**
 * A tool or prompt whose name is empty or longer than the app accepts back (ID_MAX_LENGTH: the
 * router's limit for a tool to call or an always-allow grant to revoke) is left out and named, like
 * any other unusable entry; one of exactly that length is kept and works. Real child process: the raw
 * (SDK-free) unusable-names-server.mjs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ID_MAX_LENGTH } from '../../app/shared/contracts/limits';
import { type Harness, closeHarness, createHarness, fixture, stdioRecord, textOf } from './helpers';

let harness: Harness | undefined;
afterEach(async () => {
  if (harness) await closeHarness(harness);
  harness = undefined;
});

const LONGEST = 'y'.repeat(ID_MAX_LENGTH);

describe('names nobody could call back', () => {
  it('leaves out an empty tool name and one past the limit, naming why; keeps and calls the rest', async () => {
    const record = stdioRecord(fixture('unusable-names-server.mjs'));
    harness = createHarness([record]);
    const { service } = harness;
    await service.connect(record.id);

    expect((await service.listServerTools(record.id)).map((t) => t.name)).toEqual(['ok', LONGEST]);
    expect((await service.listPrompts(record.id)).map((p) => p.name)).toEqual(['ok', LONGEST]);
    expect((await service.getState(record.id))?.skipped).toEqual([
      { kind: 'tool', name: '', reason: 'invalidField', field: 'name', detail: 'empty' },
      { kind: 'tool', name: expect.stringMatching(/^x{200}…$/) as string, reason: 'invalidField', field: 'name', detail: `longer than ${ID_MAX_LENGTH} characters` },
      { kind: 'prompt', name: '', reason: 'invalidField', field: 'name', detail: 'empty' },
      { kind: 'prompt', name: expect.stringMatching(/^x{200}…$/) as string, reason: 'invalidField', field: 'name', detail: `longer than ${ID_MAX_LENGTH} characters` },
    ]);
    expect(textOf(await service.callTool(record.id, LONGEST, {}, 'long-1'))).toBe(LONGEST);
  });
});
