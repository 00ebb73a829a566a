import { describe, expect, it } from 'vitest';
import {
  UnsafeShellArgumentError,
  escapeCmdArgument,
  quoteForCrt,
  resolveSpawn,
} from '../../app/main/mcp/process/spawnCommand';

/**
 * A model of how Windows reads the line we build, to check on any OS that every argument arrives
 * literally and nothing runs as a second command. It follows the documented parsing phases:
 * cmd phase 1 (%VAR% expansion; we assume every plainly named variable exists, the worst case),
 * cmd phase 2 (carets and quotes; an unescaped & | < > outside quotes ends the command), and the
 * C runtime's argv rules (backslashes before quotes).
 */
function cmdPhase1(line: string): string {
  return line.replace(/%([A-Za-z0-9_]+)%/g, '<expanded $1>');
}

function cmdPhase2(line: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '^') {
      out += line[i + 1] ?? '';
      i += 1;
      continue;
    }
    if (!quoted && '&|<>'.includes(ch)) throw new Error(`command separator ${ch} reached cmd.exe in: ${line}`);
    out += ch;
  }
  return out;
}

function crtArgv(line: string): string[] {
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (ch === '\\') {
      let n = 0;
      while (line[i + n] === '\\') n += 1;
      if (line[i + n] === '"') {
        current += '\\'.repeat(Math.floor(n / 2));
        if (n % 2 === 1) current += '"';
        else quoted = !quoted;
        i += n;
      } else {
        current += '\\'.repeat(n);
        i += n - 1;
      }
      started = true;
    } else if (ch === '"') {
      quoted = !quoted;
      started = true;
    } else if ((ch === ' ' || ch === '\t') && !quoted) {
      if (started) args.push(current);
      current = '';
      started = false;
    } else {
      current += ch;
      started = true;
    }
  }
  if (started) args.push(current);
  return args;
}

/** What the program at the end receives, given resolveSpawn's output for a batch shim or an exe via cmd. */
function receivedArgs(command: string, args: string[]): string[] {
  const resolved = resolveSpawn(command, args, { platform: 'win32' });
  expect(resolved.file).toBe('cmd.exe');
  expect(resolved.windowsVerbatimArguments).toBe(true);
  expect(resolved.args.slice(0, 4)).toEqual(['/d', '/v:off', '/s', '/c']);
  const quotedLine = resolved.args[4]!;
  // /s /c "…": cmd strips exactly the outer pair of quotes.
  expect(quotedLine.startsWith('"') && quotedLine.endsWith('"')).toBe(true);
  let line = cmdPhase2(cmdPhase1(quotedLine.slice(1, -1)));
  const commandEnd = line.indexOf(' ');
  const rest = commandEnd < 0 ? '' : line.slice(commandEnd + 1);
  // A batch shim ends in `node script.js %*`: the expanded %* goes through phase 2 once more.
  if (/\.(cmd|bat)$|^npx$|^npm$/i.test(command)) line = cmdPhase2(rest);
  else line = rest;
  return crtArgv(line);
}

const HOSTILE = [
  '-y',
  '@modelcontextprotocol/server-everything',
  '& calc',
  '| whoami',
  'a^b',
  '%PATH%',
  '100%',
  '"quoted"',
  'a"&calc',
  'say "hi" & exit',
  'with spaces',
  'C:\\dir with space\\',
  'trailing\\\\',
  'back\\"slash',
  '!USERNAME!',
  '(paren) <in> >out',
  '',
  'ünïcödé ✓',
];

describe('resolveSpawn', () => {
  it.each(['linux', 'darwin'] as const)('leaves commands alone on %s', (platform) => {
    expect(resolveSpawn('npx', ['-y', 'a & b'], { platform })).toEqual({ file: 'npx', args: ['-y', 'a & b'] });
  });

  it.each([
    ['node', ['server.js', 'a & b']],
    ['C:\\Program Files\\nodejs\\node.exe', ['x']],
    ['python', ['-m', 'server']],
    ['uv', ['run', 'server']],
  ])('spawns %s directly on win32; Node quotes exe arguments itself', (command, args) => {
    expect(resolveSpawn(command, args, { platform: 'win32' })).toEqual({ file: command, args });
  });

  it.each([
    ['npx', 'npx ^"-y^" ^"pkg^"'],
    ['npx.cmd', 'npx.cmd ^"-y^" ^"pkg^"'],
    ['npm', 'npm ^"-y^" ^"pkg^"'],
    ['C:\\Users\\u\\AppData\\Roaming\\npm\\server.CMD', 'C:\\Users\\u\\AppData\\Roaming\\npm\\server.CMD ^"-y^" ^"pkg^"'],
    ['run.bat', 'run.bat ^"-y^" ^"pkg^"'],
    ['uvx', 'uvx ^"-y^" ^"pkg^"'],
  ])('routes %s through cmd.exe', (command, lineStart) => {
    const resolved = resolveSpawn(command, ['-y', 'pkg'], { platform: 'win32', comspec: 'C:\\Windows\\system32\\cmd.exe' });
    expect(resolved.file).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(resolved.windowsVerbatimArguments).toBe(true);
    const line = resolved.args[4]!.slice(1, -1);
    // Batch shims get their metacharacters escaped twice (the carets of ^" doubled): ^^^"-y^^^"
    if (command === 'uvx') expect(line).toBe(lineStart);
    else expect(line).toBe(lineStart.replace(/\^"/g, '^^^"'));
  });

  it.each(['npx', 'npx.cmd', 'server.bat', 'uvx'])('%s: hostile arguments arrive literally and start nothing', (command) => {
    expect(receivedArgs(command, HOSTILE)).toEqual(HOSTILE);
  });

  it('escapes the command name too (a path with spaces and parentheses)', () => {
    const command = 'C:\\Program Files (x86)\\nodejs\\npx.cmd';
    const line = resolveSpawn(command, [], { platform: 'win32' }).args[4]!;
    expect(line).toBe('"C:\\Program^ Files^ ^(x86^)\\nodejs\\npx.cmd"');
    expect(cmdPhase2(line.slice(1, -1))).toBe(command);
  });

  it('refuses arguments cmd.exe cannot carry', () => {
    expect(() => resolveSpawn('npx', ['ok', 'two\nlines'], { platform: 'win32' })).toThrow(UnsafeShellArgumentError);
    expect(() => resolveSpawn('npx', ['nul\0'], { platform: 'win32' })).toThrow(/argument 0/);
    // A direct exe spawn has no shell to inject into; libuv quotes it.
    expect(resolveSpawn('node.exe', ['two\nlines'], { platform: 'win32' }).args).toEqual(['two\nlines']);
  });
});

describe('quoting helpers', () => {
  it.each([
    ['', '""'],
    ['plain', '"plain"'],
    ['a b', '"a b"'],
    ['a"b', '"a\\"b"'],
    ['a\\b', '"a\\b"'],
    ['a\\', '"a\\\\"'],
    ['a\\"b', '"a\\\\\\"b"'],
    ['\\\\"', '"\\\\\\\\\\""'],
  ])('quoteForCrt(%j) = %s and parses back', (arg, quoted) => {
    expect(quoteForCrt(arg)).toBe(quoted);
    expect(crtArgv(quoted)).toEqual([arg]);
  });

  it.each([
    ['& calc', false, '^"^&^ calc^"'],
    ['%PATH%', false, '^"^%PATH^%^"'],
    ['a^b', false, '^"a^^b^"'],
    ['& calc', true, '^^^"^^^&^^^ calc^^^"'],
  ])('escapeCmdArgument(%j, twice=%s) = %s', (arg, twice, expected) => {
    expect(escapeCmdArgument(arg, twice)).toBe(expected);
  });
});
