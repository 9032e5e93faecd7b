import { secondaryButton } from '~/components/ui/button-styles';

/**
 * "Continue with Google", "Continue with Apple" and any OpenID Connect provider: plain forms,
 * whose answer sends the browser to the provider (with or without scripts).
 */
export function ProviderButtons({ providers }: { providers: { id: string; name: string }[] }) {
  return (
    <div className="space-y-3 border-t border-border pt-5">
      <p className="font-bold">Or continue with another account you have</p>
      <div className="flex flex-wrap gap-3">
        {providers.map((provider) => (
          <form key={provider.id} method="post">
            <input type="hidden" name="intent" value="oauth" />
            <input type="hidden" name="provider" value={provider.id} />
            <button type="submit" className={secondaryButton}>
              Continue with {provider.name}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}
