import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface AccountTab<Id extends string> {
  id: Id;
  label: string;
  content: ReactNode;
}

/**
 * WAI-ARIA tabs (as in ~/components/ui/tabs) but controlled, so a form can switch to another
 * tab: after registering, the Sign In tab opens. Arrow keys, Home and End move between tabs.
 */
export function AccountTabs<Id extends string>({
  label,
  items,
  active,
  onChange,
}: {
  label: string;
  items: AccountTab<Id>[];
  active: Id;
  onChange: (id: Id) => void;
}) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    const item = target === undefined ? undefined : items[target];
    if (target === undefined || !item) return;
    event.preventDefault();
    onChange(item.id);
    refs.current[target]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-2 border-b border-border">
        {items.map((item, index) => {
          const selected = item.id === active;
          return (
            <button
              key={item.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px min-h-11 border-b-4 px-4 text-lg font-bold ${selected ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg'}`}
            >
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
          className="pt-6"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
