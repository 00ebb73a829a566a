import { Library } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerView } from '@elftia/desktop/router';
import { useApi } from '../../../../lib/api';
import type { AttachmentProblem, PendingAttachment } from '../../model/attachmentFiles';
import { promptToComposer, readToAttachments } from '../../model/resourceAttachments';
import { ResourcePicker } from './ResourcePicker';
import './resources.css';

export interface ResourcesButtonProps {
  /** The configured servers; only connected ones are offered. undefined while the list loads. */
  servers: McpServerView[] | undefined;
  onAttach: (items: Omit<PendingAttachment, 'key'>[], problems: AttachmentProblem[]) => void;
  /** The prompt's text for the box. */
  onInsertText: (text: string) => void;
}

/**
 * The composer's "Resources & prompts": a popover over the connected servers' resources, templates
 * and prompts. Subscriptions and their "updated" marks live here, with the composer, so they outlast
 * the popover; a dot on the button says a subscribed resource changed.
 */
export function ResourcesButton({ servers, onAttach, onInsertText }: ResourcesButtonProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(new Set());
  const [updated, setUpdated] = useState<ReadonlySet<string>>(new Set());
  const connected = (servers ?? []).filter((server) => server.status === 'connected');
  // The subscriptions end with the composer (another conversation opened): the server stops telling.
  const subscribedRef = useRef(subscribed);
  subscribedRef.current = subscribed;
  useEffect(
    () => () => {
      for (const key of subscribedRef.current) {
        const [id = '', ...rest] = key.split(' ');
        api.resources.unsubscribe.mutate({ id, uri: rest.join(' ') }).catch(() => {});
      }
    },
    [api],
  );

  useEffect(() => {
    if (subscribed.size === 0) return;
    const subscription = api.resources.onUpdated.subscribe(undefined, {
      onData: (update) => {
        const key = `${update.serverId} ${update.uri}`;
        setUpdated((current) => (current.has(key) ? current : new Set([...current, key])));
      },
      onError: () => {},
    });
    return () => subscription.unsubscribe();
  }, [api, subscribed.size]);

  const actions = {
    async attachResource(serverId: string, uri: string, name: string) {
      const read = await api.resources.read.query({ id: serverId, uri });
      const { items, problems } = readToAttachments(read, name);
      onAttach(items, problems);
      setUpdated((current) => new Set([...current].filter((key) => key !== `${serverId} ${uri}`)));
      setOpen(false);
    },
    async runPrompt(serverId: string, name: string, args: Record<string, string>) {
      const run = await api.resources.getPrompt.mutate({ id: serverId, name, arguments: args });
      const { text, attachments } = promptToComposer(run);
      if (attachments.items.length > 0 || attachments.problems.length > 0) onAttach(attachments.items, attachments.problems);
      setOpen(false);
      onInsertText(text);
    },
    async toggleSubscription(serverId: string, uri: string, on: boolean) {
      const key = `${serverId} ${uri}`;
      if (on) await api.resources.subscribe.mutate({ id: serverId, uri });
      else await api.resources.unsubscribe.mutate({ id: serverId, uri });
      setSubscribed((current) => (on ? new Set([...current, key]) : new Set([...current].filter((k) => k !== key))));
      if (!on) setUpdated((current) => new Set([...current].filter((k) => k !== key)));
    },
  };

  const label = t('chat/resources:button');
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="attach-button resources-button" aria-label={updated.size > 0 ? t('chat/resources:buttonUpdated') : label} title={label}>
          <Library aria-hidden size={16} />
          {updated.size > 0 && <span className="resources-button__dot" aria-hidden />}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover resources-popover" side="top" align="start" sideOffset={8} collisionPadding={8} aria-label={label}>
          <ResourcePicker servers={connected} subscribed={subscribed} updated={updated} actions={actions} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
