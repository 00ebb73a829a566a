import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthChallenge } from '../../app/main/mcp/clientRequests';
import { challengeWatchingFetch } from '../../app/main/mcp/transports/challengeFetch';

// Answers GET /<status>?h=<WWW-Authenticate> with that status and header.
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const header = url.searchParams.get('h');
    res.writeHead(Number(url.pathname.slice(1)), header ? { 'www-authenticate': header } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function challengesOf(serverUrl: string, status: number, header: string): Promise<AuthChallenge[]> {
  const seen: AuthChallenge[] = [];
  const watched = challengeWatchingFetch(new URL(serverUrl), (challenge) => seen.push(challenge));
  const response = await watched(`${origin}/${status}?h=${encodeURIComponent(header)}`);
  expect(response.status).toBe(status);
  return seen;
}

describe('challengeWatchingFetch', () => {
  it("reports a 401's resource_metadata and scope", async () => {
    const seen = await challengesOf(`${origin}/mcp`, 401, `Bearer resource_metadata="${origin}/custom/prm.json", scope="a b"`);
    expect(seen).toEqual([{ resourceMetadataUrl: new URL(`${origin}/custom/prm.json`), scope: 'a b' }]);
  });

  it('reports a 403 only when it is insufficient_scope', async () => {
    expect(await challengesOf(`${origin}/mcp`, 403, 'Bearer error="insufficient_scope", scope="a b c"')).toEqual([{ scope: 'a b c' }]);
    expect(await challengesOf(`${origin}/mcp`, 403, 'Bearer error="invalid_token", scope="a"')).toEqual([]);
  });

  it("ignores other origins' answers and challenges that are not Bearer", async () => {
    expect(await challengesOf('http://127.0.0.2:1/mcp', 401, 'Bearer scope="a"')).toEqual([]);
    expect(await challengesOf(`${origin}/mcp`, 401, 'Basic realm="token endpoint"')).toEqual([]);
    expect(await challengesOf(`${origin}/mcp`, 200, 'Bearer scope="a"')).toEqual([]);
  });
});
