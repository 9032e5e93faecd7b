import { Link2, Mail, Share2 } from 'lucide';
import { Icon } from '~/components/ui/icon';
import { useSyncExternalStore } from 'react';
import { notify } from '~/lib/toast';

const noSubscription = () => () => undefined;

const button =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-3 hover:bg-surface';

/** Copy link, email, and the device's share sheet where it exists. No third-party scripts. */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  // navigator.share exists only in some browsers; false on the server and during hydration.
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === 'function',
    () => false,
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied');
    } catch {
      notify.error('Could not copy the link');
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="font-bold">Share:</span>
      <button type="button" className={button} onClick={() => void copy()}>
        <Icon icon={Link2} size={18} /> Copy link
      </button>
      <a
        className={button}
        href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}
      >
        <Icon icon={Mail} size={18} /> Email
      </a>
      {canShare ? (
        <button
          type="button"
          className={button}
          onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
        >
          <Icon icon={Share2} size={18} /> Share
        </button>
      ) : null}
    </div>
  );
}
