import { primaryButton } from '~/components/ui/button-styles';

/** Shown once, right after two-factor is turned on. */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <h3 className="text-xl font-bold">Your backup codes</h3>
      <p>
        Keep these backup codes somewhere safe, such as printed in a drawer or in a password manager. If you
        lose your phone, each code lets you sign in once. This is the only time we show them.
      </p>
      <ul className="grid max-w-md grid-cols-2 gap-2 font-mono text-lg">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-surface px-3 py-1">
            {code}
          </li>
        ))}
      </ul>
      <button type="button" className={primaryButton} onClick={onDone}>
        I have saved my backup codes
      </button>
    </div>
  );
}
