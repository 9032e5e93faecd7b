import { type KeyboardEvent, type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: string;
  content: ReactNode;
  /** The page that opens on this tab, for a click before the page is interactive (a link then). */
  href?: string;
}

interface TabsProps<Id extends string> {
  label: string;
  items: TabItem<Id>[];
  /** Controlled use: the open tab and how to change it (a form may switch tabs itself). */
  value?: Id;
  onValueChange?: (id: Id) => void;
  /** Uncontrolled use: the tab open at first (the URL's, when a tab link was followed). */
  defaultValue?: Id;
  size?: 'md' | 'lg';
  /**
   * The APG pattern makes a panel focusable so Tab reaches text-only content; panels that
   * hold form fields already have stops of their own.
   */
  focusablePanels?: boolean;
}

/** Flex, so a tab that is a link (see TabItem.href) is as tall as a button. */
const TRIGGER = {
  md: 'inline-flex min-h-11 items-center border-b-2 px-4 font-bold',
  lg: '-mb-px inline-flex min-h-11 items-center border-b-4 px-4 text-lg font-bold hover:text-fg',
};

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; Tab
 * moves into the panel. Every panel is rendered (hidden when inactive) so search engines and
 * the no-JavaScript page see all of the content.
 */
export function Tabs<Id extends string>({
  label,
  items,
  value,
  onValueChange,
  defaultValue,
  size = 'md',
  focusablePanels = true,
}: TabsProps<Id>) {
  const [own, setOwn] = useState(defaultValue ?? items[0]?.id);
  const active = value ?? own;
  const select = (id: Id) => {
    setOwn(id);
    onValueChange?.(id);
  };
  const baseId = useId();
  const refs = useRef<(HTMLElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const item = target === undefined ? undefined : items[target];
    if (target === undefined || !item) return;
    event.preventDefault();
    select(item.id);
    refs.current[target]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2 border-b border-border">
        {items.map((item, index) => {
          const selected = item.id === active;
          const trigger = {
            ref: (el: HTMLElement | null) => {
              refs.current[index] = el;
            },
            role: 'tab',
            id: `${baseId}-tab-${item.id}`,
            'aria-selected': selected,
            'aria-controls': `${baseId}-panel-${item.id}`,
            tabIndex: selected ? 0 : -1,
            onClick: (event: MouseEvent) => {
              event.preventDefault();
              select(item.id);
            },
            onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
            className: `${TRIGGER[size]} ${selected ? 'border-brand text-fg' : 'border-transparent text-muted'}`,
          };
          return item.href ? (
            <a key={item.id} href={item.href} {...trigger}>
              {item.label}
            </a>
          ) : (
            <button key={item.id} type="button" {...trigger}>
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          hidden={item.id !== active}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see focusablePanels
          tabIndex={focusablePanels ? 0 : undefined}
          className={size === 'lg' ? 'pt-6' : 'py-6'}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
