/**
 * A registry record (server.json) turned into what Elftia can install: its install options (each
 * package and remote, with the values the user must supply), and one option plus the user's answers
 * turned into a server input for McpServerConfigService. Pure: no I/O; whether docker exists and how a
 * secret argument is referenced are passed in.
 *
 *   npm  → npx -y [runtime args] <identifier>@<version> [package args]
 *   pypi → uvx [runtime args] <identifier>==<version> [package args]
 *   oci  → docker run -i --rm [runtime args] [-e VAR …] <image> [package args]
 *   remotes streamable-http / sse → an HTTP / SSE server with its headers
 *
 * nuget and mcpb packages, and packages that serve HTTP themselves, are offered but unsupported. A
 * secret `{variable}` in a remote's path or query (a key) is sealed like a secret argument: the URL
 * keeps a `${input:…}` reference, filled in (encoded) when the server connects. One in the host or
 * the base of the URL cannot be a reference there (the URL must parse as it is stored), so such a
 * remote is refused (`secretInUrl`) rather than stored with the secret in plain text.
 */
import type { FieldError, McpServerInput } from '../../shared/contracts/mcp-types';
import type { RegistryInputField, RegistryInstallOption, RegistryOptionKind, RegistryUnsupportedReason } from '../../shared/contracts/registry';
import type { RecordArgument, RecordKeyValue, RecordPackage, RecordRemote, ServerJson } from './registryRecord';
import { type Answers, type Slot, VARIABLE, answerOf, checkAnswers, fieldOf, slotOf, spelledReference, substitute } from './recordInputs';

export interface ConversionContext {
  /** `docker` is on the servers' search path. */
  dockerAvailable: boolean;
}

/** A secret argument's or URL variable's value: kept as a `${input:id}` value (sealed), the argument or URL holds the reference. */
export interface SecretArgument {
  inputId: string;
  value: string;
  label: string;
}

export interface BuildContext extends ConversionContext {
  /** The server's name (already free). */
  name: string;
  /** A new `${input:…}` id for a secret argument. */
  newInputId: () => string;
}

export type BuildResult =
  | { ok: true; input: McpServerInput; secretArguments: SecretArgument[] }
  | { ok: false; errors: FieldError[] }
  | { ok: false; unsupported: RegistryUnsupportedReason }
  | { ok: false; notFound: true }
  /** The record's parts, put together, spell a `${…}` reference the user did not type. */
  | { ok: false; unsafe: string };

interface ArgumentSlot extends Slot {
  argument: RecordArgument;
}

function argumentSlots(pkg: RecordPackage): { runtime: ArgumentSlot[]; package: ArgumentSlot[] } {
  let index = 0;
  const slot = (argument: RecordArgument): ArgumentSlot => {
    const label = argument.type === 'named' ? (argument.name ?? `argument ${index}`) : (argument.valueHint ?? `argument ${index}`);
    const made = { ...slotOf(`arg.${index}`, label, argument), argument };
    index += 1;
    return made;
  };
  const runtime = (pkg.runtimeArguments ?? []).map(slot);
  return { runtime, package: (pkg.packageArguments ?? []).map(slot) };
}

/** The arguments as the command line gets them; a named one left empty is left out whole. */
function argumentValues(slots: readonly ArgumentSlot[], answers: Answers, secretRef: (slot: ArgumentSlot, value: string) => string): string[] {
  const out: string[] = [];
  for (const slot of slots) {
    const value = slot.resolve(answers);
    const shown = value !== undefined && slot.fields.some((field) => field.secret) ? secretRef(slot, value) : value;
    if (slot.argument.type === 'named') {
      if (!slot.argument.name) continue;
      if (shown === undefined || shown === '') {
        // A named argument without a value of its own is a switch (`--verbose`), given when it is fixed.
        if (slot.argument.value !== undefined) out.push(slot.argument.name);
        continue;
      }
      out.push(slot.argument.name, shown);
    } else if (shown !== undefined && shown !== '') {
      out.push(shown);
    }
  }
  return out;
}

function envSlots(pkg: RecordPackage): { variable: RecordKeyValue; slot: Slot }[] {
  return (pkg.environmentVariables ?? []).map((variable) => ({ variable, slot: slotOf(`env.${variable.name}`, variable.name, variable) }));
}

function headerSlots(headers: readonly RecordKeyValue[] | undefined): { header: RecordKeyValue; slot: Slot }[] {
  return (headers ?? []).map((header) => ({ header, slot: slotOf(`header.${header.name}`, header.name, header) }));
}

function packageKind(pkg: RecordPackage): RegistryOptionKind | undefined {
  switch (pkg.registryType) {
    case 'npm':
    case 'pypi':
    case 'oci':
    case 'nuget':
    case 'mcpb':
      return pkg.registryType;
    default:
      return undefined;
  }
}

/** An image reference with its tag: the identifier, or identifier:version when it names none. */
function imageOf(pkg: RecordPackage): string {
  const lastPart = pkg.identifier.split('/').at(-1) ?? '';
  return lastPart.includes(':') || pkg.identifier.includes('@') ? pkg.identifier : `${pkg.identifier}:${pkg.version}`;
}

interface PackagePlan {
  kind: RegistryOptionKind;
  runtime?: 'node' | 'uv' | 'docker';
  command?: string;
  /** The command line with the values filled in. */
  args(answers: Answers, secretRef: (slot: ArgumentSlot, value: string) => string): string[];
  unsupported?: RegistryUnsupportedReason;
  fields: RegistryInputField[];
  env: { variable: RecordKeyValue; slot: Slot }[];
}

function planPackage(pkg: RecordPackage, context: ConversionContext): PackagePlan | undefined {
  const kind = packageKind(pkg);
  if (!kind) return undefined;
  const slots = argumentSlots(pkg);
  const env = envSlots(pkg);
  const fields = [...slots.runtime, ...slots.package, ...env.map((e) => e.slot)].flatMap((slot) => slot.fields);
  const transportUnsupported = pkg.transport.type !== 'stdio' ? ('transport' as const) : undefined;
  const base = { kind, fields, env };
  switch (kind) {
    case 'npm':
      return {
        ...base,
        runtime: 'node',
        command: 'npx',
        unsupported: transportUnsupported,
        args: (answers, ref) => ['-y', ...argumentValues(slots.runtime, answers, ref), `${pkg.identifier}@${pkg.version}`, ...argumentValues(slots.package, answers, ref)],
      };
    case 'pypi':
      return {
        ...base,
        runtime: 'uv',
        command: 'uvx',
        unsupported: transportUnsupported,
        args: (answers, ref) => [...argumentValues(slots.runtime, answers, ref), `${pkg.identifier}==${pkg.version}`, ...argumentValues(slots.package, answers, ref)],
      };
    case 'oci':
      return {
        ...base,
        runtime: 'docker',
        command: 'docker',
        unsupported: transportUnsupported ?? (context.dockerAvailable ? undefined : 'dockerMissing'),
        // `-e NAME` without a value: docker passes the variable on from its own environment, so values stay out of argv.
        args: (answers, ref) => [
          'run', '-i', '--rm',
          ...argumentValues(slots.runtime, answers, ref),
          ...env.filter(({ slot }) => slot.resolve(answers) !== undefined).flatMap(({ variable }) => ['-e', variable.name]),
          imageOf(pkg),
          ...argumentValues(slots.package, answers, ref),
        ],
      };
    case 'nuget':
    case 'mcpb':
    case 'streamable-http':
    case 'sse':
      return { ...base, unsupported: 'registryType', args: () => [] };
  }
}

/**
 * The whole command line the server will run, so the user sees every argument the record adds (a
 * `-v /:/host` of a docker package, say) before installing: values still to be given as `<label>`,
 * defaults as they are, optional values without a default left out as they would be.
 */
function packageSummary(pkg: RecordPackage, plan: PackagePlan): string {
  if (!plan.command) return `${pkg.registryType} ${pkg.identifier}@${pkg.version}`;
  const placeholders = new Map(plan.fields.filter((f) => f.required && f.default === undefined).map((f) => [f.key, `<${f.label}>`]));
  const args = plan.args(placeholders, (slot, value) => value);
  return [plan.command, ...args].map(shellWord).join(' ');
}

/** Quoted only where a reader could misread where it ends. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./<>-]+$/.test(word) ? word : JSON.stringify(word);
}

interface RemotePlan {
  kind: 'streamable-http' | 'sse';
  fields: RegistryInputField[];
  unsupported?: RegistryUnsupportedReason;
  /** The URL with the answers in; a secret variable's value through `secretRef` (its reference). */
  url(answers: Answers, secretRef: (field: RegistryInputField, value: string) => string): string;
  headers: { header: RecordKeyValue; slot: Slot }[];
}

/** `https://{tenant}.example.com/mcp/{key}` → `https://{tenant}.example.com`: the part a reference cannot be in. */
function originPart(template: string): string {
  const afterScheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.exec(template)?.[0].length ?? 0;
  const end = template.slice(afterScheme).search(/[/?#]/);
  return end < 0 ? template : template.slice(0, afterScheme + end);
}

function planRemote(remote: RecordRemote): RemotePlan | undefined {
  if (remote.type !== 'streamable-http' && remote.type !== 'sse') return undefined;
  const declared = remote.variables ?? {};
  const urlFields = new Map<string, RegistryInputField>();
  for (const [, variable] of remote.url.matchAll(VARIABLE)) {
    if (variable === undefined || urlFields.has(variable)) continue;
    // A `{variable}` the record does not describe is still needed to make a URL.
    urlFields.set(variable, fieldOf(`url.${variable}`, variable, declared[variable] ?? { isRequired: true }));
  }
  const headers = headerSlots(remote.headers);
  // A URL that starts with a variable (`{baseUrl}/mcp`) takes that value as it is; the parse of the
  // server input then requires an http(s) URL. Anywhere else a value is one piece (encoded).
  const base = /^\{([^{}]+)\}/.exec(remote.url)?.[1];
  const origin = originPart(remote.url);
  const secretInOrigin = [...urlFields.values()].some((field) => field.secret && origin.includes(`{${field.label}}`));
  return {
    kind: remote.type,
    fields: [...urlFields.values(), ...headers.flatMap(({ slot }) => slot.fields)],
    ...(secretInOrigin ? { unsupported: 'secretInUrl' as const } : {}),
    url: (answers, secretRef) =>
      substitute(remote.url, (variable) => {
        const field = urlFields.get(variable);
        if (!field) return undefined;
        const value = answerOf(answers, field) ?? '';
        if (variable === base) return value;
        return field.secret && value !== '' ? secretRef(field, value) : encodeURIComponent(value);
      }),
    headers,
  };
}

/** The record's packages then its remotes, as the install dialog offers them (types Elftia does not know are left out). */
export function installOptions(server: ServerJson, context: ConversionContext): RegistryInstallOption[] {
  const options: RegistryInstallOption[] = [];
  (server.packages ?? []).forEach((pkg, index) => {
    const plan = planPackage(pkg, context);
    if (!plan) return;
    const option: RegistryInstallOption = {
      id: `package:${index}`,
      kind: plan.kind,
      label: `${pkg.identifier}@${pkg.version}`,
      summary: packageSummary(pkg, plan),
      supported: plan.unsupported === undefined,
      fields: plan.fields,
    };
    if (plan.runtime) option.runtime = plan.runtime;
    if (plan.unsupported) option.unsupportedReason = plan.unsupported;
    options.push(option);
  });
  (server.remotes ?? []).forEach((remote, index) => {
    const plan = planRemote(remote);
    if (!plan) return;
    const option: RegistryInstallOption = { id: `remote:${index}`, kind: plan.kind, label: remote.url, summary: remote.url, supported: plan.unsupported === undefined, fields: plan.fields };
    if (plan.unsupported) option.unsupportedReason = plan.unsupported;
    options.push(option);
  });
  return options;
}

/** The option as a server input, or why not: its answers checked whole first (nothing half-built). */
export function buildServerInput(server: ServerJson, optionId: string, rawAnswers: Record<string, string>, context: BuildContext): BuildResult {
  const [type, indexText] = optionId.split(':');
  const index = Number(indexText);
  if (!Number.isInteger(index) || index < 0) return { ok: false, notFound: true };
  const answers: Answers = new Map(Object.entries(rawAnswers));
  if (type === 'package') {
    const pkg = server.packages?.[index];
    const plan = pkg && planPackage(pkg, context);
    if (!pkg || !plan?.command) return plan?.unsupported ? { ok: false, unsupported: plan.unsupported } : { ok: false, notFound: true };
    if (plan.unsupported) return { ok: false, unsupported: plan.unsupported };
    const errors = checkAnswers(plan.fields, answers);
    if (errors.length > 0) return { ok: false, errors };
    const secretArguments: SecretArgument[] = [];
    const secretRef = (slot: ArgumentSlot, value: string) => {
      const inputId = context.newInputId();
      secretArguments.push({ inputId, value, label: slot.fields[0]?.label ?? inputId });
      return `\${input:${inputId}}`;
    };
    const env: Record<string, string> = {};
    for (const { variable, slot } of plan.env) {
      const value = slot.resolve(answers);
      if (value !== undefined) env[variable.name] = value;
    }
    const args = plan.args(answers, secretRef);
    const ours = new Set(secretArguments.map((s) => `\${input:${s.inputId}}`));
    const unsafe = spelledReference([...args.filter((arg) => !ours.has(arg)), ...Object.values(env)], rawAnswers);
    if (unsafe) return { ok: false, unsafe };
    const input: McpServerInput = { type: 'stdio', name: context.name, command: plan.command, args, env };
    return { ok: true, input, secretArguments };
  }
  if (type === 'remote') {
    const remote = server.remotes?.[index];
    const plan = remote && planRemote(remote);
    if (!plan) return { ok: false, notFound: true };
    if (plan.unsupported) return { ok: false, unsupported: plan.unsupported };
    const errors = checkAnswers(plan.fields, answers);
    if (errors.length > 0) return { ok: false, errors };
    const headers: Record<string, string> = {};
    for (const { header, slot } of plan.headers) {
      const value = slot.resolve(answers);
      if (value !== undefined && value !== '') headers[header.name] = value;
    }
    const secretArguments: SecretArgument[] = [];
    const url = plan.url(answers, (field, value) => {
      // A variable used twice in the URL is one input.
      const known = secretArguments.find((secret) => secret.label === field.label);
      const inputId = known?.inputId ?? context.newInputId();
      if (!known) secretArguments.push({ inputId, value, label: field.label });
      return `\${input:${inputId}}`;
    });
    const withoutOurs = secretArguments.reduce((text, secret) => text.replaceAll(`\${input:${secret.inputId}}`, ''), url);
    const unsafe = spelledReference([withoutOurs, ...Object.values(headers)], rawAnswers);
    if (unsafe) return { ok: false, unsafe };
    const input: McpServerInput = { type: plan.kind === 'sse' ? 'sse' : 'http', name: context.name, url, headers };
    return { ok: true, input, secretArguments };
  }
  return { ok: false, notFound: true };
}

/** The server's name: the record's title, else the part of its name after the slash. */
export function baseNameOf(server: ServerJson): string {
  const title = server.title?.trim();
  return title || (server.name.split('/').at(-1) ?? server.name);
}
