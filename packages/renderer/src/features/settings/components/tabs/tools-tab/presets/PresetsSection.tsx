import { useApiSubscription } from '../../../../../../lib/useApiSubscription';
import { useOpenSection } from '../../../../SettingsNavigation';
import { PresetList } from './PresetList';

/**
 * Settings → Presets: the catalogue. A preset added here becomes a server that starts at once, so
 * Settings moves to Servers with the new server's details open (its download, status, tools and log).
 */
export function PresetsSection() {
  const servers = useApiSubscription((api) => api.mcp.onServersChanged);
  const openSection = useOpenSection();
  return <PresetList servers={servers.data} onAdded={(server) => openSection('servers', { revealServerId: server.id })} />;
}
