import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppServices } from '../../index';
import { createAppCaller } from '../../routers/appRouter';
import { type CliCommand, type CommandContext, untilShutdown, UsageError } from './command';
import { answerEveryInteraction } from './conformance/answerer';
import { readConformanceRun } from './conformance/context';
import { headlessOpener } from './conformance/headlessBrowser';
import { scenarioRun } from './conformance/scenarios';
import { SignInOnDemand } from './conformance/signIn';

/** The name of the one server the client configures; the suite's server is the only one it talks to. */
const SERVER_NAME = 'conformance';

/**
 * The client ID metadata document URL the suite's authorization servers expect (auth/basic-cimd):
 * they accept it without fetching it.
 */
const SUITE_CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/**
 * `elftia conformance-client URL`: the client the MCP conformance suite starts for each client
 * scenario (scripts/conformance.mjs). It configures URL as a Streamable HTTP server in a fresh data
 * directory and drives the app's own services — the router, McpService, its transports — as
 * `elftia mcp call` does, never a bare SDK client, so the suite measures what users get.
 */
async function run(ctx: CommandContext): Promise<number> {
  const [url = ''] = ctx.positionals;
  const conformance = readConformanceRun(ctx.io.env);
  const scenario = scenarioRun(conformance.scenario);
  if (!scenario) throw new UsageError(`scenario ${conformance.scenario}: not one this client takes part in`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-conformance-'));
  try {
    const services = createAppServices({
      dataDir,
      builtinServers: false,
      // The sign-in's "browser": the suite's authorization servers approve at once.
      openExternal: headlessOpener(ctx.io.stderr),
      oauthClientMetadataUrl: SUITE_CLIENT_METADATA_URL,
    });
    // The app's own elicitation handler (the broker the chat's forms use), answered as a person would.
    const stopAnswering = answerEveryInteraction(services.interactions, ctx.io.stderr);
    try {
      await services.start();
      const caller = createAppCaller({ services }, { signal: ctx.shutdown });
      const server = await caller.mcp.add({ name: SERVER_NAME, type: 'http', url });
      const { client_id: clientId, client_secret: clientSecret } = conformance.context;
      // auth/pre-registration: the client id and secret a user would enter in the server's details.
      if (clientId) await caller.mcp.auth.setClient({ serverId: server.id, clientId, ...(clientSecret ? { clientSecret } : {}) });
      const signIn = new SignInOnDemand(caller, services.oauth, server.id);
      await untilShutdown(ctx.shutdown, scenario({ caller, mcp: services.mcp, serverId: server.id, context: conformance.context, signIn }));
      // The app negotiates the revision itself; a different one than the suite runs is worth a line in the scenario's log.
      const negotiated = (await services.mcp.getState(server.id))?.protocolVersion;
      if (negotiated && conformance.protocolVersion && negotiated !== conformance.protocolVersion) {
        ctx.io.stderr(`note: negotiated protocol ${negotiated}; the suite runs ${conformance.protocolVersion}\n`);
      }
    } finally {
      stopAnswering();
      await services.dispose();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

export const conformanceClientCommand: CliCommand = {
  path: 'conformance-client',
  summary: 'The client the MCP conformance suite drives (scripts/conformance.mjs)',
  help: `Usage:
  MCP_CONFORMANCE_SCENARIO=NAME elftia conformance-client URL

Started by the conformance suite (@modelcontextprotocol/conformance) for each client scenario:
reads MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_CONTEXT (JSON) and MCP_CONFORMANCE_PROTOCOL_VERSION,
configures URL as a Streamable HTTP server in a temporary data directory (removed afterwards) and
does what the scenario asks through Elftia's own services. Exits 0 when it went through.`,
  options: {},
  positionals: ['URL'],
  hidden: true,
  run,
};
