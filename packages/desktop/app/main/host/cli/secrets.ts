import { type CliCommand, COMMON_HELP, type CommandContext, flag } from './command';
import { jsonLine } from './output';

async function run(ctx: CommandContext): Promise<number> {
  const services = ctx.openServices();
  const confirmed = flag(ctx.values, 'yes');
  const found = confirmed ? services.unreadableSecrets.clear() : services.unreadableSecrets.find();
  const count = found.servers.length + found.providers.length + found.inputs.length;
  if (ctx.json) {
    ctx.io.stdout(jsonLine({ ...found, cleared: confirmed }));
  } else if (count === 0) {
    ctx.io.stdout(`${ctx.t('cli/messages:secrets.nothing')}\n`);
  } else {
    const names = [
      ...found.servers.map((name) => `  ${ctx.t('cli/messages:secrets.server', { name })}`),
      ...found.providers.map((name) => `  ${ctx.t('cli/messages:secrets.provider', { name })}`),
      ...found.inputs.map((name) => `  ${ctx.t('cli/messages:secrets.input', { name })}`),
    ];
    const summary = ctx.t(confirmed ? 'cli/messages:secrets.cleared' : 'cli/messages:secrets.wouldClear', { count });
    ctx.io.stdout(`${summary}\n${names.join('\n')}\n${confirmed ? ctx.t('cli/messages:secrets.reenter') : ctx.t('cli/messages:secrets.confirm')}\n`);
  }
  // A dry run that found something exits 1, so a script does not mistake it for done.
  return !confirmed && count > 0 ? 1 : 0;
}

export const secretsResetCommand: CliCommand = {
  path: 'secrets reset',
  summary: 'Forget stored secrets that the data directory\'s key cannot open',
  help: `Usage:
  elftia secrets reset [--yes] [--json]

For a data directory whose secret.key was lost or replaced while secrets sealed with it are
stored (env and header values of MCP servers, provider API keys). Restore the key file from a
backup if you can: that keeps the secrets. Otherwise this command lists the servers and providers
whose secrets cannot be opened, and with --yes forgets those secrets, so a new key can be made.
Those servers are shown as needing their secrets again until you enter them; those providers have
no API key. Secrets that can still be opened are never touched.

Without --yes nothing is changed; it exits 1 when something would be forgotten.

Options:
  --yes            Forget the secrets that cannot be opened

${COMMON_HELP}`,
  options: { yes: { type: 'boolean' } },
  positionals: [],
  run,
};
