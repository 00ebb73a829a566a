import { describe, expect, it } from 'vitest';
import { idFromTail, scanHead } from '../../app/main/mcp/process/overlongLine';

const big = 'x'.repeat(5000);

describe('scanHead', () => {
  it.each([
    ['id first', `{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"${big}`, { id: 7, hasMethod: false }],
    ['a string id, spaces', `{ "jsonrpc" : "2.0" , "id" : "req-\\"1\\"" , "result": "${big}`, { id: 'req-"1"', hasMethod: false }],
    ['id after small members', `{"jsonrpc":"2.0","meta":{"a":[1,{"b":"}"}]},"id":12,"result":"${big}`, { id: 12, hasMethod: false }],
    ['result first: no id yet', `{"result":{"content":[{"type":"text","text":"${big}`, { id: undefined, hasMethod: false }],
    ['a request of the server', `{"jsonrpc":"2.0","id":3,"method":"sampling/createMessage","params":{"x":"${big}`, { id: 3, hasMethod: true }],
    ['a notification', `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"${big}`, { id: undefined, hasMethod: true }],
    ['an id cut by the end of the head', '{"jsonrpc":"2.0","id":12', { id: undefined, hasMethod: false }],
    ['not JSON', 'Starting server… '.repeat(300), { id: undefined, hasMethod: false }],
  ])('%s', (_, head, expected) => {
    expect(scanHead(head)).toEqual(expected);
  });
});

describe('idFromTail', () => {
  it.each([
    ['the TypeScript SDK order', `${big}"}]},"jsonrpc":"2.0","id":42}`, 42],
    ['id then jsonrpc', `${big}"}]},"id":"abc","jsonrpc":"2.0"}`, 'abc'],
    ['trailing spaces and \\r', `${big}"}]} , "id" : 5 }\r`, 5],
    ['an id nested in the result is not the envelope’s', `${big}","id":9}}`, undefined],
    ['an id inside a string', `${big}\\"id\\":9"}`, undefined],
    ['no id at all', `${big}"}]}}`, undefined],
  ])('%s', (_, tail, expected) => {
    expect(idFromTail(tail)).toBe(expected);
  });
});
