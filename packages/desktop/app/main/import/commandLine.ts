/**
 * One pasted command line (`npx -y @modelcontextprotocol/server-github`, as a server's README shows
 * it) turned into a stdio server: POSIX shell words (single and double quotes, backslashes, a
 * backslash-newline continuation), leading `NAME=value` assignments as its env, and a name taken from
 * the package it runs.
 */

export interface CommandLineServer {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Splits `text` into words as a POSIX shell would, without expanding anything; undefined for an unclosed quote. */
export function shellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\\') {
      if (text[i + 1] === '\n') i += 2;
      else {
        word += text[i + 1] ?? '';
        inWord = true;
        i += 2;
      }
      continue;
    }
    if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\' && /["\\$`]/.test(text[j + 1] ?? '')) j += 1;
        word += text[j];
        j += 1;
      }
      if (j >= text.length) return undefined;
      inWord = true;
      i = j + 1;
      continue;
    }
    if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i += 1;
      continue;
    }
    word += ch;
    inWord = true;
    i += 1;
  }
  if (inWord) words.push(word);
  return words;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;
/** Runners whose first non-flag argument is the package that is the server. */
const RUNNERS = new Set(['npx', 'bunx', 'uvx', 'pnpx', 'deno', 'pipx', 'docker']);

/** The stdio server a command line starts; undefined when it has no command. */
export function parseCommandLine(text: string): CommandLineServer | undefined {
  const words = shellWords(text.trim().replace(/^\$\s+/, ''));
  if (!words || words.length === 0) return undefined;
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < words.length; at += 1) {
    const assignment = ASSIGNMENT.exec(words[at]!);
    if (!assignment) break;
    env[assignment[1]!] = assignment[2]!;
  }
  const [command, ...args] = words.slice(at);
  if (command === undefined) return undefined;
  return { name: nameFor(command, args), command, args, env };
}

/** `@scope/server-github@1.2` → `server-github`; `node ./build/index.js` → `index`; else the command's name. */
function nameFor(command: string, args: string[]): string {
  const base = baseName(command);
  const subject = RUNNERS.has(base) ? args.find((arg) => !arg.startsWith('-') && arg !== 'run' && arg !== 'dlx') : base === 'node' || base === 'python' || base === 'python3' ? args.find((arg) => !arg.startsWith('-')) : undefined;
  if (subject === undefined) return base;
  const unversioned = subject.replace(/(.)@[^/]*$/, '$1').replace(/:[^/]*$/, '');
  const last = baseName(unversioned).replace(/\.(m?js|cjs|ts|py)$/, '');
  return last || base;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).at(-1) ?? path;
}
