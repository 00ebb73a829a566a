import type { McpService } from '../../../mcp/McpService';
import type { AppCaller } from '../servers';
import type { ConformanceContext } from './context';
import type { SignInOnDemand } from './signIn';

/** One configured server, driven through the app's own router and McpService, as `elftia mcp call` drives one. */
export interface ConformanceSession {
  caller: AppCaller;
  /** For the requests the router has no procedure for (resources, prompts). */
  mcp: McpService;
  serverId: string;
  context: ConformanceContext;
  /** Every request goes through it: a 401 the stored tokens cannot fix leads to a sign-in and a retry. */
  signIn: SignInOnDemand;
}

type ScenarioRun = (session: ConformanceSession) => Promise<void>;

const tools = (s: ConformanceSession) => s.signIn.run(() => s.caller.mcp.tools({ id: s.serverId }));
const call = (s: ConformanceSession, tool: string, args: Record<string, unknown>) =>
  s.signIn.run(() => s.caller.mcp.callTool({ id: s.serverId, tool, arguments: args }));

/** Connects (the tool list is the first request) and lists the tools. */
const listTools: ScenarioRun = async (s) => {
  await tools(s);
};

/** Lists the tools and calls the first one with the suite's usual arguments. */
const callFirstTool: ScenarioRun = async (s) => {
  const [first] = await tools(s);
  if (first) await call(s, first.name, { a: 2, b: 3 });
};

/** Lists the tools, then calls the named one with no arguments; the scenario checks what happens on the way. */
const callNamed = (tool: string): ScenarioRun => async (s) => {
  const listed = await tools(s);
  if (!listed.some((t) => t.name === tool)) throw new Error(`the server does not list the tool ${tool}`);
  await call(s, tool, {});
};

/** SEP-1613 / SEP-2106: a 2020-12 inputSchema must reach the app unchanged; it is echoed back for the suite to compare. */
const echoSchema: ScenarioRun = async (s) => {
  const listed = await tools(s);
  const focal = listed.find((t) => t.name === 'json_schema_2020_12_tool');
  if (!focal) throw new Error('the server does not list json_schema_2020_12_tool');
  await call(s, 'json_schema_echo', { schema: focal.inputSchema });
};

/** SEP-2243: every request kind once, so the suite can check the Mcp-Method / Mcp-Name headers of each. */
const everyRequestKind: ScenarioRun = async (s) => {
  const [tool] = await tools(s);
  if (tool) await call(s, tool.name, {});
  const [resource] = await s.signIn.run(() => s.mcp.listResources(s.serverId));
  if (resource) await s.signIn.run(() => s.mcp.readResource(s.serverId, resource.uri));
  const [prompt] = await s.signIn.run(() => s.mcp.listPrompts(s.serverId));
  if (prompt) await s.signIn.run(() => s.mcp.getPrompt(s.serverId, prompt.name, {}));
};

/** SEP-2243: the calls the suite names, whose x-mcp-header parameters it checks. */
const contextToolCalls: ScenarioRun = async (s) => {
  await tools(s);
  for (const toolCall of s.context.toolCalls ?? []) await call(s, toolCall.name, toolCall.arguments);
};

/** SEP-2243: tools with invalid x-mcp-header annotations must not be offered; whatever is listed is called. */
const callEveryListedTool: ScenarioRun = async (s) => {
  for (const tool of await tools(s)) {
    // A refused call is the scenario's business, not a failure of the run.
    await call(s, tool.name, { region: 'us-west1' }).catch(() => undefined);
  }
};

/** SEP-2322: multi-round-trip tool calls; the elicitations they need are answered by the app's handler. */
const multiRoundTrip: ScenarioRun = async (s) => {
  await tools(s);
  await call(s, 'test_mrtr_echo_state', {});
  await call(s, 'test_mrtr_no_state', {});
  await call(s, 'test_mrtr_unrelated', {});
  // A result without resultType must be taken as complete and not retried; a client may also refuse it.
  await call(s, 'test_mrtr_no_result_type', {}).catch(() => undefined);
};

/** The OAuth scenarios: the first request meets a 401, the app signs in, then lists and calls. */
const signedInToolCall: ScenarioRun = async (s) => {
  await tools(s);
  await call(s, 'test-tool', {});
};

const AUTH_SCENARIOS = [
  'auth/metadata-default', 'auth/metadata-var1', 'auth/metadata-var2', 'auth/metadata-var3', 'auth/basic-cimd',
  'auth/2025-03-26-oauth-metadata-backcompat', 'auth/2025-03-26-oauth-endpoint-fallback',
  'auth/scope-from-www-authenticate', 'auth/scope-from-scopes-supported', 'auth/scope-omitted-when-undefined',
  'auth/scope-step-up', 'auth/scope-retry-limit',
  'auth/token-endpoint-auth-basic', 'auth/token-endpoint-auth-post', 'auth/token-endpoint-auth-none',
  'auth/pre-registration', 'auth/resource-mismatch', 'auth/offline-access-scope', 'auth/offline-access-not-supported',
  'auth/authorization-server-migration',
  'auth/iss-supported', 'auth/iss-not-advertised', 'auth/iss-supported-missing', 'auth/iss-wrong-issuer',
  'auth/iss-unexpected', 'auth/iss-normalized', 'auth/metadata-issuer-mismatch',
] as const;

/**
 * What the client does in each client scenario of the suite, read from the suite's scenario sources
 * (src/scenarios/client) and its example client. Scenarios not listed here (the auth extensions: client
 * credentials, DPoP, enterprise-managed authorization, workload identity) are features Elftia
 * does not have; the client says so and exits 2.
 */
export const SCENARIOS: Readonly<Record<string, ScenarioRun>> = {
  initialize: listTools,
  tools_call: callFirstTool,
  'tools-call': callFirstTool,
  'json-schema-ref-no-deref': listTools,
  'json-schema-2020-12-preservation': echoSchema,
  'request-metadata': listTools,
  'sse-retry': callNamed('test_reconnection'),
  'elicitation-sep1034-client-defaults': callNamed('test_client_elicitation_defaults'),
  'sep-2322-client-request-state': multiRoundTrip,
  'http-standard-headers': everyRequestKind,
  'http-custom-headers': contextToolCalls,
  'http-invalid-tool-headers': callEveryListedTool,
  // Skills (SEP-2640, an extension): Elftia has none, so it connects and lists like any host and
  // never fetches a skill's files, which is what these scenarios check of a host that does not use them.
  'sep-2640-client-no-prefetch': listTools,
  'sep-2640-client-verify-digest': listTools,
  'sep-2640-client-verify-size': listTools,
  'sep-2640-client-verify-frontmatter': listTools,
  ...Object.fromEntries(AUTH_SCENARIOS.map((name) => [name, signedInToolCall])),
};

export function scenarioRun(name: string): ScenarioRun | undefined {
  return Object.hasOwn(SCENARIOS, name) ? SCENARIOS[name] : undefined;
}
