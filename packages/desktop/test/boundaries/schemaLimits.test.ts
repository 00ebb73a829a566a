/**
 * Every input crossing into main has a size limit (shared/contracts/limits.ts): this walks every zod
 * schema the shared modules export and every router procedure's input, and fails on a string,
 * array or record without a maximum. A new schema without one fails here, not in production with
 * a 10 MiB value stored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { boundedRecord } from '../../app/shared/contracts/limits';
import { appRouter } from '../../app/main/routers/appRouter';

const SHARED_DIR = fileURLToPath(new URL('../../app/shared/', import.meta.url));

type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: { check: string; params?: Record<string, unknown> } } };

function checksOf(def: Def): Check[] {
  return ((def as { checks?: Check[] }).checks ?? []);
}

function hasMaxLength(def: Def): boolean {
  return checksOf(def).some((check) => check._zod.def.check === 'max_length' || check._zod.def.check === 'length_equals');
}

function hasEntryBound(def: Def): boolean {
  return checksOf(def).some((check) => check._zod.def.check === 'custom' && check._zod.def.params?.bound === 'entries');
}

/** The paths (`args[]`, `env{}`) of every string, array or record under `schema` without a maximum. */
export function unboundedParts(schema: z.core.$ZodType, at: string, out: string[] = [], seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = schema._zod.def as Def;
  const walk = (child: unknown, where: string) => unboundedParts(child as z.core.$ZodType, where, out, seen);
  switch (def.type) {
    case 'string':
      if (!hasMaxLength(def)) out.push(at);
      break;
    case 'array':
      if (!hasMaxLength(def)) out.push(`${at}[]`);
      walk(def.element, `${at}[]`);
      break;
    case 'record':
      if (!hasEntryBound(def)) out.push(`${at}{}`);
      walk(def.keyType, `${at}{key}`);
      walk(def.valueType, `${at}{}`);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, `${at}.${key}`);
      if (def.catchall) walk(def.catchall, `${at}.*`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option, i) => walk(option, `${at}|${i}`));
      break;
    case 'intersection':
      walk(def.left, at);
      walk(def.right, at);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `${at}[${i}]`));
      if (def.rest) walk(def.rest, `${at}[...]`);
      break;
    case 'pipe':
      walk(def.in, at);
      walk(def.out, at);
      break;
    case 'lazy':
      walk((def.getter as () => unknown)(), at);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'promise':
      walk(def.innerType, at);
      break;
    case 'map':
    case 'set':
      out.push(`${at}<${def.type}>`);
      break;
    // Bounded by themselves (unknown and any values by the message size). Listed one by one, so a kind
    // zod adds later is not taken for bounded without a look (the linter's switch-exhaustiveness-check).
    case 'number':
    case 'int':
    case 'bigint':
    case 'boolean':
    case 'date':
    case 'enum':
    case 'literal':
    case 'template_literal':
    case 'null':
    case 'undefined':
    case 'void':
    case 'never':
    case 'nan':
    case 'symbol':
    case 'any':
    case 'unknown':
    case 'custom':
    case 'file':
    case 'function':
    case 'success':
    case 'transform':
      break;
  }
  return out;
}

function sharedModules(): string[] {
  return fs
    .readdirSync(SHARED_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(SHARED_DIR, file));
}

async function exportedSchemas(): Promise<[string, z.core.$ZodType][]> {
  const found: [string, z.core.$ZodType][] = [];
  for (const file of sharedModules()) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (value instanceof z.ZodType) found.push([`${path.relative(SHARED_DIR, file)}:${name}`, value]);
    }
  }
  return found;
}

function routerInputs(): [string, z.core.$ZodType][] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
  return Object.entries(procedures).flatMap(([name, procedure]) =>
    procedure._def.inputs.map((input, i): [string, z.core.$ZodType] => [`router ${name}#${i}`, input as z.core.$ZodType]),
  );
}

describe('size limits of every schema', () => {
  it('finds an unbounded string, array and record (the walker itself)', () => {
    const loose = z.strictObject({ a: z.string(), b: z.array(z.string().max(1)).max(1), c: z.record(z.string().max(1), z.string().max(1)), d: z.array(z.string()).optional() });
    expect(unboundedParts(loose, 'loose')).toEqual(['loose.a', 'loose.c{}', 'loose.d[]', 'loose.d[]']);
    const tight = z.strictObject({ r: boundedRecord(z.string().max(9), z.string().max(9), 3).refine(() => true).default({}) });
    expect(unboundedParts(tight, 'tight')).toEqual([]);
  });

  it('every zod schema the shared modules export is bounded', async () => {
    const schemas = await exportedSchemas();
    expect(schemas.map(([name]) => name)).toEqual(expect.arrayContaining(['contracts/mcp-types.ts:mcpServerInputSchema', 'contracts/settings.ts:packageMirrorsSchema']));
    expect(schemas.flatMap(([name, schema]) => unboundedParts(schema, name))).toEqual([]);
  });

  it("every router procedure's input is bounded", () => {
    const inputs = routerInputs();
    expect(inputs.map(([name]) => name)).toEqual(expect.arrayContaining(['router mcp.add#0', 'router mcp.callTool#0', 'router chat.send#0']));
    expect(inputs.flatMap(([name, schema]) => unboundedParts(schema, name))).toEqual([]);
  });
});
