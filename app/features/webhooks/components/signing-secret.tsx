/** A signing secret, the once it is shown (a new endpoint, a rotation). */
export function SigningSecret({ secret, rotated = false }: { secret: string; rotated?: boolean }) {
  return (
    <section aria-labelledby="secret-title" className="space-y-2 rounded-md border-2 border-brand p-4">
      <h2 id="secret-title" className="text-xl font-bold">
        {rotated ? 'New signing secret' : 'Signing secret'}
      </h2>
      <p>Give it to the receiving system. It is shown this once; the store keeps it sealed.</p>
      <p>
        <code className="break-all select-all">{secret}</code>
      </p>
    </section>
  );
}
