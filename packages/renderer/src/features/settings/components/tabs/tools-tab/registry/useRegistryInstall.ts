import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { McpServerView } from '@elftia/desktop/router';
import type { DependencyCommand, DependencyStatus } from '@elftia/desktop/shared/contracts/dependencies.ts';
import type { RegistryInstallOption, RegistryServerView } from '@elftia/desktop/shared/contracts/registry.ts';
import { useApi } from '../../../../../../lib/api';
import { type DisplayError, toDisplayError } from '../../../../../../lib/appError';
import { REGISTRY_QUERY_KEY } from './useRegistrySearch';

export type RegistryInstallFlow =
  | { kind: 'none' }
  /** Several options: which one. */
  | { kind: 'choose'; server: RegistryServerView }
  /** Looking for the option's runtime (npx, uvx) before anything else, as a preset does. */
  | { kind: 'checking'; server: RegistryServerView; option: RegistryInstallOption }
  | { kind: 'runtime'; server: RegistryServerView; option: RegistryInstallOption; command: DependencyCommand; status: DependencyStatus }
  | { kind: 'answers'; server: RegistryServerView; option: RegistryInstallOption };

/** The command whose presence decides whether an option can start; docker is checked by main (`dockerMissing`). */
const RUNTIME_COMMANDS: Record<NonNullable<RegistryInstallOption['runtime']>, DependencyCommand | undefined> = {
  node: 'npx',
  uv: 'uvx',
  docker: undefined,
};

/**
 * Installing a registry record, the way a preset is added: choose an option when there are several,
 * check its runtime (offering the install when it is missing), ask its inputs, then registry.add —
 * after which the new server starts on its own and Servers shows its download and connection.
 */
export function useRegistryInstall(onAdded: (server: McpServerView) => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [flow, setFlow] = useState<RegistryInstallFlow>({ kind: 'none' });
  const [failure, setFailure] = useState<DisplayError>();
  // The dialogs open after the Install button was busy for the runtime check, which takes focus
  // away from it: they are told where focus belongs when they close.
  const [opener, setOpener] = useState<HTMLElement | null>(null);

  function begin(server: RegistryServerView, button: HTMLElement) {
    setOpener(button);
    setFailure(undefined);
    const supported = server.options.filter((option) => option.supported);
    if (server.options.length > 1) setFlow({ kind: 'choose', server });
    else if (supported[0]) void choose(server, supported[0]);
  }

  async function choose(server: RegistryServerView, option: RegistryInstallOption) {
    const command = option.runtime ? RUNTIME_COMMANDS[option.runtime] : undefined;
    if (command) {
      setFlow({ kind: 'checking', server, option });
      try {
        const status = await api.mcp.dependencies.check.query({ command });
        if (!status.found) {
          setFlow({ kind: 'runtime', server, option, command, status });
          return;
        }
      } catch (error) {
        setFailure(toDisplayError(error));
        setFlow({ kind: 'none' });
        return;
      }
    }
    setFlow({ kind: 'answers', server, option });
  }

  async function add(server: RegistryServerView, option: RegistryInstallOption, inputs: Record<string, string>): Promise<McpServerView> {
    const added = await api.registry.add.mutate({ name: server.name, version: server.version, optionId: option.id, inputs });
    // The record's "Added" mark.
    void queryClient.invalidateQueries({ queryKey: REGISTRY_QUERY_KEY });
    onAdded(added);
    return added;
  }

  const close = () => setFlow({ kind: 'none' });
  const busyName = flow.kind === 'checking' ? flow.server.name : undefined;
  return { flow, failure, opener, begin, choose, add, close, busyName };
}
