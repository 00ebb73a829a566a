import { useEffect, useRef, useState } from 'react';

/** The id of a server row's Delete button, where focus lands after its neighbour was deleted. */
export function deleteButtonId(serverId: string): string {
  return `mcp-server-delete-${serverId}`;
}

/**
 * After a confirmed Delete the row is gone, and with it the button that opened the dialog: focus
 * would fall back to <body>. Once the list no longer shows the server (it arrives by subscription,
 * before or after the mutation resolves), this focuses the next row's Delete button — the previous
 * row's after the last one — or, with no row left, the element `fallbackId`.
 * Returns the function to call once the delete succeeded.
 */
export function useFocusAfterDelete(servers: readonly { id: string }[] | undefined, fallbackId: string): (serverId: string) => void {
  const [pending, setPending] = useState<{ removedId: string; neighbourId: string | undefined }>();
  const serversRef = useRef(servers);
  serversRef.current = servers;

  useEffect(() => {
    if (!pending || servers?.some((server) => server.id === pending.removedId)) return;
    const neighbour = pending.neighbourId === undefined ? null : document.getElementById(deleteButtonId(pending.neighbourId));
    (neighbour ?? document.getElementById(fallbackId))?.focus();
    setPending(undefined);
  }, [pending, servers, fallbackId]);

  return (serverId) => {
    const ids = (serversRef.current ?? []).map((server) => server.id);
    const index = ids.indexOf(serverId);
    setPending({ removedId: serverId, neighbourId: index < 0 ? undefined : (ids[index + 1] ?? ids[index - 1]) });
  };
}
