import { Tag } from 'lucide';
import { Icon } from '~/components/ui/icon';

/** The promotion advertised on a listing; the cart decides whether it applies. */
export function PromoBanner({ code, text }: { code: string; text: string }) {
  return (
    <aside
      aria-label="Promotion"
      className="mt-10 flex items-center gap-3 rounded-lg border border-brand bg-surface p-4"
    >
      <Icon icon={Tag} className="shrink-0 text-brand" />
      <p>
        Use code <strong className="font-bold tracking-wide">{code}</strong> at checkout for {text}.
      </p>
    </aside>
  );
}
