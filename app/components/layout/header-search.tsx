import { Search } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useNavigate } from 'react-router';

/** Submits to /search only when the trimmed term is not blank. */
export function HeaderSearch({ id }: { id: string }) {
  const navigate = useNavigate();
  return (
    <form
      method="get"
      action="/search"
      role="search"
      className="flex w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const term = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        if (term) void navigate(`/search?q=${encodeURIComponent(term)}`);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search for products..."
        autoComplete="off"
        className="min-h-11 w-full min-w-0 rounded-l-md border border-r-0 border-border bg-bg px-3"
      />
      <button
        type="submit"
        aria-label="Search"
        className="inline-flex min-h-11 w-12 items-center justify-center rounded-r-md bg-brand text-brand-fg"
      >
        <Icon icon={Search} size={20} />
      </button>
    </form>
  );
}
