import type { LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Tooltip } from 'radix-ui';

export interface ActionButtonProps {
  /** The accessible name, also shown as the tooltip. */
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
  testId?: string;
}

/** An icon button of a message's action bar, named by its label and showing it on hover and focus. */
export function ActionButton({ label, icon: Icon, onClick, disabled, ref, testId }: ActionButtonProps) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button ref={ref} type="button" className="message-actions__button" aria-label={label} onClick={onClick} disabled={disabled} data-testid={testId}>
          <Icon aria-hidden="true" size={16} strokeWidth={1.75} />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="message-actions__tooltip" side="bottom" sideOffset={4}>
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
