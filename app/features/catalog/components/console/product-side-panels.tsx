import { Form, useActionData } from 'react-router';
import { answeredField } from '~/lib/form-answer';
import { primaryButton, secondaryButton } from '~/components/ui/button-styles';
import { Field } from '~/components/ui/field';
import { formatDateTime } from '~/console/console';
import { STOCK_REASONS } from '../../product-admin.schema';
import type { ProductConsoleAnswer } from '../../product-console-actions.server';

function useAnswer(intent: string) {
  const answer = useActionData<ProductConsoleAnswer>();
  return answer?.intent === intent ? answer : undefined;
}

export function PublishPanel({ published }: { published: boolean }) {
  return (
    <Form method="post" className="space-y-2">
      <p>
        {published ? 'This product is on the storefront.' : 'This product is hidden from the storefront.'}
      </p>
      <input type="hidden" name="published" value={published ? 'no' : 'yes'} />
      <button
        type="submit"
        name="intent"
        value="publish"
        className={published ? secondaryButton : primaryButton}
      >
        {published ? 'Unpublish' : 'Publish'}
      </button>
    </Form>
  );
}

export function StockPanel({
  onHand,
  history,
}: {
  onHand: number;
  history: { at: number; delta: number; onHand: number; reason: string }[];
}) {
  const answer = useAnswer('stock');
  return (
    <div className="space-y-4">
      <Form method="post" className="space-y-3" key={`${onHand}-${answer?.ok ? 'saved' : 'editing'}`}>
        <input type="hidden" name="expected" value={onHand} />
        <Field
          label="Units on hand"
          type="number"
          inputMode="numeric"
          min={0}
          {...answeredField(answer, 'onHand', String(onHand))}
          required
        />
        <Field
          label="Reason for the change"
          list="stock-reasons"
          {...answeredField(answer, 'reason')}
          required
          maxLength={200}
          hint="Kept in the stock history"
        />
        <datalist id="stock-reasons">
          {STOCK_REASONS.map((reason) => (
            <option key={reason} value={reason} />
          ))}
        </datalist>
        <button type="submit" name="intent" value="stock" className={secondaryButton}>
          Set stock
        </button>
      </Form>
      <details>
        <summary className="cursor-pointer font-bold">Stock history ({history.length})</summary>
        {history.length === 0 ? (
          <p className="mt-2">No changes yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {history.map((h) => (
              <li key={`${h.at}-${h.delta}`}>
                {formatDateTime(h.at)}: {h.delta > 0 ? `+${h.delta}` : h.delta} to {h.onHand}, {h.reason}
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}

export function ImagePanel({ images }: { images: { position: number; src: string; alt: string }[] }) {
  const answer = useAnswer('image-add');
  return (
    <div className="space-y-4">
      {images.length === 0 ? <p>No images yet: the storefront shows a placeholder.</p> : null}
      <ul className="grid grid-cols-2 gap-3">
        {images.map((image) => (
          <li key={image.position} className="space-y-1">
            <img
              src={image.src}
              alt={image.alt}
              width={150}
              height={150}
              className="aspect-square w-full rounded border border-border object-contain"
              loading="lazy"
            />
            <Form method="post">
              <input type="hidden" name="position" value={image.position} />
              <button
                type="submit"
                name="intent"
                value="image-remove"
                className={secondaryButton}
                aria-label={`Remove image: ${image.alt}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form
        method="post"
        encType="multipart/form-data"
        className="space-y-3"
        key={answer?.ok ? 'added' : 'adding'}
      >
        <Field
          label="New image"
          name="image"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hint="JPEG, PNG or WebP, up to 5 MB"
          error={answer?.fields?.image}
          required
        />
        <Field
          label="Image description (alt text)"
          maxLength={200}
          {...answeredField(answer, 'alt')}
          required
        />
        <button type="submit" name="intent" value="image-add" className={secondaryButton}>
          Upload image
        </button>
      </Form>
    </div>
  );
}
