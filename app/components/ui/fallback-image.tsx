import { type ImgHTMLAttributes, useEffect, useRef } from 'react';

type FallbackImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  fallbackSrc: string;
};

/**
 * An image that swaps to a placeholder when it fails to load, including a failure that
 * happened before hydration (React does not replay that error event).
 */
export function FallbackImage({ fallbackSrc, onError, ...props }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && !img.src.endsWith(fallbackSrc))
      img.src = fallbackSrc;
  }, [fallbackSrc]);
  return (
    // eslint-disable-next-line jsx-a11y/alt-text -- alt is a required prop, passed through
    <img
      ref={ref}
      decoding="async"
      {...props}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(fallbackSrc)) img.src = fallbackSrc;
        onError?.(event);
      }}
    />
  );
}
