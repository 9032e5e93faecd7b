import { useState } from 'react';
import { FallbackImage } from '~/components/ui/fallback-image';
import { PLACEHOLDER_IMAGE } from '~/commerce/catalogue/catalog';
import type { ProductImage } from '~/commerce/catalogue/catalog.types';

/** Main image with a row of thumbnails (five columns) that choose it. */
export function ProductGallery({ images }: { images: ProductImage[] }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) return null;
  return (
    <div>
      <FallbackImage
        key={current.src}
        src={current.src}
        alt={current.alt}
        width={current.width}
        height={current.height}
        fallbackSrc={PLACEHOLDER_IMAGE}
        fetchPriority="high"
        className="aspect-square h-auto w-full rounded-xl border border-border bg-surface object-contain"
      />
      {images.length > 1 ? (
        <ul className="mt-3 grid grid-cols-5 gap-2" aria-label="Product images">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={`Show image ${i + 1} of ${images.length}: ${image.alt}`}
                className={`block w-full overflow-hidden rounded-md border-2 ${i === index ? 'border-brand' : 'border-border'}`}
              >
                <FallbackImage
                  src={image.src}
                  alt=""
                  width={image.width}
                  height={image.height}
                  fallbackSrc={PLACEHOLDER_IMAGE}
                  loading="lazy"
                  className="aspect-square h-auto w-full bg-surface object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
