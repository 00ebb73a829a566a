/**
 * What a registry's `/v0.1` API answers, as zod schemas written from the published server.json
 * schema (docs/reference/server-json/server.schema.json of modelcontextprotocol/registry). Unknown
 * fields are tolerated (stripped); a field of the wrong type, a name that is not reverse-DNS with one
 * slash, or a list longer than any real record has refuses the whole answer (REGISTRY_BAD_RESPONSE),
 * so nothing a hostile registry sends reaches a server config unchecked.
 */
import { z } from 'zod';
import { REGISTRY_STATUSES } from '../../shared/contracts/registry';

/** The `_meta` key the official registry (and subregistries speaking its API) put a record's status under. */
export const OFFICIAL_META_KEY = 'io.modelcontextprotocol.registry/official';

/** More arguments, variables or headers than this in one package or remote is no real record. */
export const RECORD_LIST_MAX = 100;
const TEXT_MAX = 10_000;
const SHORT_MAX = 1_000;

const text = z.string().max(TEXT_MAX);
const short = z.string().max(SHORT_MAX);

/**
 * `${env:…}` / `${input:…}` in what a record puts into a config would be resolved when the server
 * starts (secret-refs.ts): a record could read the user's environment or stored inputs that way.
 */
const REFERENCE = /\$\{[A-Za-z]+:/;
const noReference = <T extends z.ZodString>(schema: T) => schema.refine((v) => !REFERENCE.test(v), { error: 'a `${…}` reference' });
const plain = noReference(text);
const plainShort = noReference(short);

/** `namespace/name`: letters, digits, `.`, `-` (and `_` after the slash); never a `.` or `..` segment. */
const SERVER_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
export const serverNameSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(SERVER_NAME, { error: 'not a reverse-DNS name with one slash' })
  .refine((name) => name.split('/').every((part) => part !== '.' && part !== '..'), { error: 'a `.` or `..` segment' });

const input = z.object({
  description: text.optional(),
  isRequired: z.boolean().optional(),
  /** string | number | boolean | filepath; anything else is read as string. */
  format: short.optional(),
  value: plain.optional(),
  isSecret: z.boolean().optional(),
  default: plain.optional(),
  placeholder: text.optional(),
  choices: z.array(plain).max(RECORD_LIST_MAX).optional(),
});
export type RecordInput = z.infer<typeof input>;

const variables = z.record(short, input).refine((v) => Object.keys(v).length <= RECORD_LIST_MAX, { error: 'too many variables' });
const inputWithVariables = input.extend({ variables: variables.optional() });

const argument = inputWithVariables.extend({
  type: z.enum(['positional', 'named']),
  name: plainShort.optional(),
  valueHint: short.optional(),
  isRepeated: z.boolean().optional(),
});
export type RecordArgument = z.infer<typeof argument>;

const keyValue = inputWithVariables.extend({ name: plainShort.min(1) });
export type RecordKeyValue = z.infer<typeof keyValue>;

// The length is checked before any item is: a list of 100,000 is refused without reading them.
const list = <T extends z.ZodType>(item: T) => z.array(z.unknown()).max(RECORD_LIST_MAX).pipe(z.array(item));

const transport = z.object({ type: short, url: plain.optional(), headers: list(keyValue).optional() });

/**
 * What npx, uvx and docker are given as the package: a name of that registry and a plain version,
 * never something that starts with `-` (an option) or holds spaces. Other registry types are not run.
 */
const RUNNABLE_IDENTIFIER: Record<string, RegExp> = {
  npm: /^(@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/,
  pypi: /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
  oci: /^[a-z0-9][a-z0-9._-]*(:[0-9]+)?(\/[a-z0-9][a-z0-9._-]*)*(:[A-Za-z0-9_][A-Za-z0-9._-]{0,127})?(@sha256:[a-f0-9]{64})?$/,
};
const PLAIN_VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;

const packageSchema = z
  .object({
    registryType: short,
    registryBaseUrl: text.optional(),
    identifier: plain.min(1),
    version: short.min(1),
    runtimeHint: short.optional(),
    transport,
    runtimeArguments: list(argument).optional(),
    packageArguments: list(argument).optional(),
    environmentVariables: list(keyValue).optional(),
  })
  .superRefine((pkg, ctx) => {
    const pattern = RUNNABLE_IDENTIFIER[pkg.registryType];
    if (pattern && !pattern.test(pkg.identifier)) ctx.addIssue({ code: 'custom', path: ['identifier'], message: `not a ${pkg.registryType} package name` });
    if (pattern && !PLAIN_VERSION.test(pkg.version)) ctx.addIssue({ code: 'custom', path: ['version'], message: 'not a plain version' });
  });
export type RecordPackage = z.infer<typeof packageSchema>;

const remote = z.object({ type: short, url: plain.min(1), headers: list(keyValue).optional(), variables: variables.optional() });
export type RecordRemote = z.infer<typeof remote>;

export const serverJsonSchema = z.object({
  name: serverNameSchema,
  title: short.optional(),
  description: text,
  version: short.min(1),
  repository: z.object({ url: text.optional(), source: short.optional(), subfolder: text.optional() }).optional(),
  websiteUrl: text.optional(),
  icons: z.array(z.object({ src: z.string().max(64 * 1024), mimeType: short.optional() })).max(RECORD_LIST_MAX).optional(),
  packages: list(packageSchema).optional(),
  remotes: list(remote).optional(),
});
export type ServerJson = z.infer<typeof serverJsonSchema>;

const officialMeta = z.object({
  status: z.enum(REGISTRY_STATUSES).optional(),
  statusMessage: text.optional(),
  isLatest: z.boolean().optional(),
  publishedAt: short.optional(),
  updatedAt: short.optional(),
});
export type OfficialMeta = z.infer<typeof officialMeta>;

export const registryEntrySchema = z.object({
  server: serverJsonSchema,
  _meta: z.object({ [OFFICIAL_META_KEY]: officialMeta.optional() }).optional(),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

const metadata = z.object({ nextCursor: z.string().max(SHORT_MAX).optional(), count: z.number().optional() }).optional();

/** A page as the wire brings it: its records are checked one by one (wireListOf). */
const wireListSchema = z.object({ servers: z.array(z.unknown()).max(RECORD_LIST_MAX), metadata });

/** A page whose records were checked; `skipped` counts the ones left out. */
export const serverListSchema = z.object({
  servers: z.array(registryEntrySchema).max(RECORD_LIST_MAX),
  metadata,
  skipped: z.number().int().min(0).optional(),
});
export type ServerList = z.infer<typeof serverListSchema>;

/**
 * A page with each record checked on its own: one record a publisher got wrong is left out (counted
 * in `skipped`) rather than hiding the rest of the page. A page whose shape is wrong, or whose every
 * record is, is not the API: the error names what was wrong.
 */
export function wireListOf(body: unknown): { ok: true; page: ServerList } | { ok: false; detail: string } {
  const wire = wireListSchema.safeParse(body);
  if (!wire.success) return { ok: false, detail: describeIssues(wire.error) };
  const servers: RegistryEntry[] = [];
  let firstProblem: string | undefined;
  wire.data.servers.forEach((raw, index) => {
    const entry = registryEntrySchema.safeParse(raw);
    if (entry.success) servers.push(entry.data);
    else firstProblem ??= describeIssues(entry.error, `servers.${index}`);
  });
  const skipped = wire.data.servers.length - servers.length;
  if (servers.length === 0 && firstProblem !== undefined) return { ok: false, detail: firstProblem };
  const page: ServerList = { servers };
  if (wire.data.metadata) page.metadata = wire.data.metadata;
  if (skipped > 0) page.skipped = skipped;
  return { ok: true, page };
}

/** The record's status fields; a record without them is active and (as far as we know) the latest. */
export function officialOf(entry: RegistryEntry): Required<Pick<OfficialMeta, 'status' | 'isLatest'>> & OfficialMeta {
  const meta = entry._meta?.[OFFICIAL_META_KEY] ?? {};
  return { ...meta, status: meta.status ?? 'active', isLatest: meta.isLatest ?? true };
}

/** What was wrong with an answer, for the error's detail: the first problems with their paths. */
export function describeIssues(error: z.ZodError, prefix?: string): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${[...(prefix ? [prefix] : []), ...issue.path.map(String)].join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
