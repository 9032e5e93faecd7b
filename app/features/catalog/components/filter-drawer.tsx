import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide';
import { Icon } from '~/components/ui/icon';
import type { ComponentProps } from 'react';
import { FilterPanel } from './filter-panel';

type FilterDrawerProps = Omit<ComponentProps<typeof FilterPanel>, 'collapsible' | 'idPrefix'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The filter panel in a slide-in drawer, for narrow screens. */
export default function FilterDrawer({ open, onOpenChange, onApply, ...panel }: FilterDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-[min(22rem,90vw)] overflow-y-auto bg-bg p-4 shadow-xl"
        >
          <div className="mb-2 flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">Filters</Dialog.Title>
            <Dialog.Close
              className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-surface"
              aria-label="Close filters"
            >
              <Icon icon={X} size={20} />
            </Dialog.Close>
          </div>
          <FilterPanel
            {...panel}
            idPrefix="drawer-filters"
            collapsible
            onApply={(selection) => {
              onApply(selection);
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
