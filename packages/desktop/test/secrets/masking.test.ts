import { describe, expect, it } from 'vitest';
import { isReferenceOnly, maskArgs, maskedParts, maskServerRecord, maskUrl, SECRET_SET } from '../../app/shared/contracts/secrets';
import { makeRecord } from '../mcp/helpers';

const S = SECRET_SET;

describe('maskUrl', () => {
  it.each([
    ['https://mcp.example.com/sse?api_key=abc123&region=eu', `https://mcp.example.com/sse?api_key=${S}&region=eu`],
    ['https://x.test/mcp?key=AIzaSy-abc&token=t1#frag?token=keep', `https://x.test/mcp?key=${S}&token=${S}#frag?token=keep`],
    ['https://x.test/a?access_token=a&apikey=b&secret=c&password=d&sig=e&GITHUB_TOKEN=f', `https://x.test/a?access_token=${S}&apikey=${S}&secret=${S}&password=${S}&sig=${S}&GITHUB_TOKEN=${S}`],
    ['https://user:hunter2@x.test/path?q=1', `https://user:${S}@x.test/path?q=1`],
    ['wss://x.test/ws?monkey=1&keyboard=qwerty&page=2', `wss://x.test/ws?monkey=${S}&keyboard=${S}&page=2`],
    ['https://x.test/path/with@sign?token=', 'https://x.test/path/with@sign?token='],
    ['https://x.test/plain', 'https://x.test/plain'],
  ])('%s', (url, expected) => {
    expect(maskUrl(url)).toBe(expected);
  });
});

describe('maskArgs', () => {
  it('masks flag values, the argument after a secret flag, assignments, headers, URLs and token shapes', () => {
    const args = [
      '-y', '@scope/server@1.2.3',
      '--api-key=abc123', '--token', 'tok-1', '--password=pw',
      '--no-auth', 'server.js',
      'API_KEY=k1', 'MODE=fast',
      '--header', 'Authorization: Bearer xyz', 'X-Trace: on',
      'https://x.test/mcp?key=k2&q=1', '--url=https://x.test/?token=t3',
      'sk-abcdefghijklmnopqrstuvwx', '--port', '8080',
    ];
    expect(maskArgs(args)).toEqual([
      '-y', '@scope/server@1.2.3',
      `--api-key=${S}`, '--token', S, `--password=${S}`,
      '--no-auth', 'server.js',
      `API_KEY=${S}`, 'MODE=fast',
      '--header', `Authorization: ${S}`, 'X-Trace: on',
      `https://x.test/mcp?key=${S}&q=1`, `--url=https://x.test/?token=${S}`,
      S, '--port', '8080',
    ]);
  });
});

describe('maskedParts', () => {
  it('finds the stretches SECRET_SET stands for', () => {
    const url = 'https://u:pw@x.test/a?key=k1&q=1&token=t2';
    expect(maskedParts(url, maskUrl(url))).toEqual(['pw', 'k1', 't2']);
    expect(maskedParts('--api-key=abc', `--api-key=${S}`)).toEqual(['abc']);
    expect(maskedParts('tok', S)).toEqual(['tok']);
    expect(maskedParts('plain', 'plain')).toEqual([]);
  });
});

describe('values made only of references', () => {
  it('are listed as written; a value with any other literal text stays masked', () => {
    expect(['${env:GITHUB_TOKEN}', 'Bearer ${input:token}', '${env:A}${input:b}'].map(isReferenceOnly)).toEqual([true, true, true]);
    expect(['sk-live${env:X}', 'plain', '${foo:x}', 'Bearer sk-abc', 'Bearer'].map(isReferenceOnly)).toEqual([false, false, false, false, false]);
    const record = makeRecord({ type: 'http', config: { url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${input:token}', 'X-Key': 'k-${env:SUFFIX}' } } });
    expect(maskServerRecord(record).config.headers).toEqual({ Authorization: 'Bearer ${input:token}', 'X-Key': SECRET_SET });
  });
});
