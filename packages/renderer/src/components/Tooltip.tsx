import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** Hover and keyboard-focus delay before a tooltip shows, in ms. */
const DELAY_MS = 400;

/** Once at the root: tooltips share one delay, so moving along a toolbar shows the next at once. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return <RadixTooltip.Provider delayDuration={DELAY_MS}>{children}</RadixTooltip.Provider>;
}

export interface TooltipProps {
  /** What the control does, and its shortcut; the control keeps its own accessible name. */
  label: string;
  /** One element that takes a ref (a button, or a Radix trigger with asChild). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** A short label on hover and focus (Radix UI Tooltip), for icon buttons and shortcuts. */
export function Tooltip({ label, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={6} collisionPadding={8}>
          {label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
