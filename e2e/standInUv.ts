/**
 * A stand-in uv for the runtime install tests: a `curl` that serves an install script, which puts a
 * `uv` and a `uvx` (running server-everything) in $HOME/.local/bin, where Elftia looks for them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EVERYTHING_ENTRY } from './fixtures';

/** A `curl` that serves an install script for a stand-in uv (whose uvx runs server-everything). */
export function fakeCurl(binDir: string): void {
  const uvx = `#!/bin/sh
if [ "$1" = "--version" ]; then echo "uvx 0.9.0"; exit 0; fi
for arg in "$@"; do
  if [ "$arg" = "python" ]; then echo "Resolved 12 packages"; sleep 2; echo "Installed 12 packages"; exit 0; fi
done
exec '${process.execPath}' '${EVERYTHING_ENTRY}' stdio
`;
  const script = `echo "downloading uv 0.9.0 x86_64-unknown-linux-gnu"
mkdir -p "$HOME/.local/bin"
printf '%s\\n' '#!/bin/sh' 'echo "uv 0.9.0"' > "$HOME/.local/bin/uv"
cat > "$HOME/.local/bin/uvx" <<'UVX'
${uvx}UVX
chmod +x "$HOME/.local/bin/uv" "$HOME/.local/bin/uvx"
echo "installing to $HOME/.local/bin"
`;
  const curl = `#!/bin/sh
echo "$*" >> "${path.join(binDir, 'curl-calls.txt')}"
cat <<'SCRIPT'
${script}SCRIPT
`;
  fs.writeFileSync(path.join(binDir, 'curl'), curl, { mode: 0o755 });
}

/**
 * A temporary HOME without uv, whose login shell puts the stand-in curl first on PATH (the host takes
 * PATH from the user's login shell first, as for a GUI launch), and the host environment to match.
 */
export function homeWithoutUv(): { home: string; binDir: string; env: NodeJS.ProcessEnv; remove(): void } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-home-'));
  const binDir = path.join(home, 'fake-bin');
  fs.mkdirSync(binDir);
  fakeCurl(binDir);
  fs.writeFileSync(path.join(home, '.bash_profile'), `export PATH="${binDir}:$PATH"\n`);
  return {
    home,
    binDir,
    env: { ...process.env, HOME: home, SHELL: '/bin/bash', PATH: [binDir, path.dirname(process.execPath), '/usr/bin', '/bin'].join(':') },
    remove: () => fs.rmSync(home, { recursive: true, force: true }),
  };
}
