import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Tooltip } from './Tooltip';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name, also shown as the tooltip unless `tooltip` says more (a shortcut). */
  label: string;
  icon: LucideIcon;
  tooltip?: string;
  /** Icon size in px. Default 18. */
  size?: number;
  tooltipSide?: 'top' | 'right' | 'bottom' | 'left';
  ref?: Ref<HTMLButtonElement>;
}

/** A button that shows only an icon: named for screen readers, labelled on hover and focus. */
export function IconButton({ label, icon: Icon, tooltip, size = 18, tooltipSide, className, ref, ...rest }: IconButtonProps) {
  return (
    <Tooltip label={tooltip ?? label} side={tooltipSide}>
      <button ref={ref} type="button" aria-label={label} className={className ? `icon-button ${className}` : 'icon-button'} {...rest}>
        <Icon size={size} aria-hidden />
      </button>
    </Tooltip>
  );
}
