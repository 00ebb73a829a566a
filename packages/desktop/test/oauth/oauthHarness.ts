/**
 * The OAuth tests' world: the authorization server + protected MCP server fixture
 * (fixtures/oauth-server.mjs) as a child process, an OAuthService over real SQLite and the
 * AES key-file SecretStore in a temp data dir, and an SDK v2 client whose transport takes the
 * service's provider — the way McpService's connections do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DATABASE_FILE, openDatabase, type Db } from '../../app/main/db/database';
import { MIGRATIONS } from '../../app/main/db/migrations';
import { OAuthCredentialRepository } from '../../app/main/db/OAuthCredentialRepository';
import { createTransport } from '../../app/main/mcp/transports/createTransport';
import { OAuthService, type OAuthServiceOptions } from '../../app/main/oauth/OAuthService';
import { repositorySignInStore } from '../../app/main/oauth/repositoryStore';
import { FileKeySecretStore } from '../../app/main/secrets/FileKeySecretStore';
import type { McpServerRecord } from '../../app/shared/contracts/mcp-types';
import { fixture, makeRecord, type RunningServer, startNetworkServer } from '../mcp/helpers';

export interface FixtureStats {
  register: number;
  authorize: number;
  token: { authorization_code: number; refresh_token: number };
  refreshMaxInFlight: number;
  mcp401: number;
  mcp403: number;
  clientIdsUsed: string[];
}

export interface OAuthWorld {
  server: RunningServer;
  origin: string;
  record: McpServerRecord;
  dataDir: string;
  db: Db;
  repository: OAuthCredentialRepository;
  service: OAuthService;
  /** URLs handed to openExternal, in order. */
  opened: string[];
  stats(): Promise<FixtureStats>;
  admin(path: string): Promise<void>;
  /** A connected SDK v2 client on a fresh transport with the service's provider. */
  connect(): Promise<Client>;
  /** The same on the transport McpService's connections use (mcp/transports/createTransport). */
  connectThroughApp(): Promise<Client>;
  /** Plays the browser: follows the authorization URL's redirects to the loopback listener. */
  browse(url: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startOAuthWorld(env: Record<string, string> = {}, options: Partial<OAuthServiceOptions> = {}): Promise<OAuthWorld> {
  const server = await startNetworkServer([fixture('oauth-server.mjs')], env);
  const origin = `http://127.0.0.1:${server.port}`;
  const record = makeRecord({ id: 'srv-oauth', name: 'protected', type: 'http', config: { url: `${origin}/mcp` } });
  const dataDir = mkdtempSync(join(tmpdir(), 'elftia-oauth-'));
  const db = openDatabase(join(dataDir, DATABASE_FILE), MIGRATIONS);
  const repository = new OAuthCredentialRepository(db, new FileKeySecretStore(dataDir));
  const opened: string[] = [];
  const clients: Client[] = [];
  const service = new OAuthService({
    store: repositorySignInStore(repository),
    findServer: (id) => (id === record.id ? record : undefined),
    openExternal: async (url) => {
      opened.push(url);
    },
    ...options,
  });
  return {
    server,
    origin,
    record,
    dataDir,
    db,
    repository,
    service,
    opened,
    stats: async () => (await (await fetch(`${origin}/admin/stats`)).json()) as FixtureStats,
    admin: async (path) => {
      await fetch(`${origin}${path}`, { method: 'POST' });
    },
    connect: async () => {
      const client = new Client({ name: 'oauth-test', version: '0.0.1' });
      clients.push(client);
      const provider = service.forServer(record);
      await client.connect(new StreamableHTTPClientTransport(new URL(record.config.url ?? ''), { authProvider: provider }));
      return client;
    },
    connectThroughApp: async () => {
      const client = new Client({ name: 'oauth-test', version: '0.0.1' });
      clients.push(client);
      await client.connect(createTransport(record, { authProvider: service.forServer(record) }));
      return client;
    },
    browse: (url) => fetch(url, { redirect: 'follow' }),
    close: async () => {
      for (const client of clients) await client.close().catch(() => {});
      service.dispose();
      db.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in the way a user does: start, "open" the link, wait for the loopback to finish. */
export async function signInThroughBrowser(world: OAuthWorld): Promise<void> {
  const { authorizationUrl } = await world.service.signIn(world.record.id);
  if (!authorizationUrl) throw new Error('no authorization URL');
  const page = await world.browse(authorizationUrl);
  if (page.status !== 200) throw new Error(`callback page answered ${page.status}: ${await page.text()}`);
  await world.service.waitForSignIn(world.record.id);
}
