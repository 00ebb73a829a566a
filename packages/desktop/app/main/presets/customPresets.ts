/**
 * A team's own presets, from `<dataDir>/presets.json` (`{ "presets": [ … ] }`, each entry shaped like
 * an OfficialMcpPreset). They appear in the preset list beside the built-in ones, marked as custom.
 * An entry that does not validate is left out and named in the log, never half-used.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LINKED_PROVIDERS, type OfficialMcpPreset, PRESET_CATEGORIES, PRESET_ICONS } from '../../shared/mcp-presets';

export const CUSTOM_PRESETS_FILE = 'presets.json';
/** A team's presets fill a few KiB; the file is read on every list, so a larger one is not read at all. */
export const CUSTOM_PRESETS_MAX_BYTES = 1024 * 1024;

const text = z.string().trim().min(1);
const inputKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/);

const base = {
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: text.max(64),
  provider: text,
  category: z.enum(PRESET_CATEGORIES),
  description: text,
  tools: z.array(text),
  requiresApiKey: z.boolean(),
  linkedProviderIds: z.array(z.enum(Object.keys(LINKED_PROVIDERS) as [keyof typeof LINKED_PROVIDERS])).optional(),
  apiKeyUrl: z.url().optional(),
  documentationUrl: z.url().optional(),
  icon: z.enum(PRESET_ICONS).default('tool'),
  inputs: z
    .array(
      z.discriminatedUnion('kind', [
        z.strictObject({ key: inputKey, kind: z.enum(['directory', 'text']) }),
        z
          .strictObject({ key: inputKey, kind: z.literal('choice'), options: z.array(z.strictObject({ id: text, value: z.string() })).min(1), default: text })
          .refine((input) => input.options.some((option) => option.id === input.default), { message: 'default is not one of the options', path: ['default'] }),
      ]),
    )
    .optional(),
};

const presetSchema = z.discriminatedUnion('transportType', [
  z.strictObject({
    ...base,
    transportType: z.literal('stdio'),
    command: text,
    args: z.array(z.string()),
    apiKeyEnvVar: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    extraEnv: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/), z.string()).optional(),
    package: z.strictObject({ registry: z.enum(['npm', 'pypi']), name: text, version: text, checkedOn: text }),
  }),
  z.strictObject({
    ...base,
    transportType: z.literal('http'),
    url: z.url({ protocol: /^https?$/ }),
    apiKeyHeader: z.strictObject({ name: text, scheme: text.optional() }).optional(),
  }),
]);

export interface CustomPresetsResult {
  presets: OfficialMcpPreset[];
  /** One line per entry left out, for the log. */
  problems: string[];
}

/** Reads the data directory's presets; a missing file is no presets, not an error. */
export function readCustomPresets(dataDir: string, reservedIds: ReadonlySet<string>): CustomPresetsResult {
  const file = path.join(dataDir, CUSTOM_PRESETS_FILE);
  let raw: unknown;
  try {
    const { size } = statSync(file);
    if (size > CUSTOM_PRESETS_MAX_BYTES) return { presets: [], problems: [`${file}: ${size} bytes, more than ${CUSTOM_PRESETS_MAX_BYTES}; not read`] };
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { presets: [], problems: [] };
    return { presets: [], problems: [`${file}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const entries = (raw as { presets?: unknown } | null)?.presets;
  if (!Array.isArray(entries)) return { presets: [], problems: [`${file}: expected { "presets": [ … ] }`] };
  const presets: OfficialMcpPreset[] = [];
  const problems: string[] = [];
  const seen = new Set(reservedIds);
  entries.forEach((entry, index) => {
    const parsed = presetSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${file}: preset ${index + 1}: ${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'}`);
      return;
    }
    if (seen.has(parsed.data.id)) {
      problems.push(`${file}: preset ${index + 1}: id "${parsed.data.id}" is already taken`);
      return;
    }
    seen.add(parsed.data.id);
    presets.push(parsed.data as OfficialMcpPreset);
  });
  return { presets, problems };
}
