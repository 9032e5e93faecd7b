import { type Icon, type Palette, num, variantInks } from './image-svg';

/**
 * The 600x600 compositions of a product view. Each draws the icon defined as `#i` in the
 * file's <defs>, on the tinted panel that renderProductImage lays down first.
 */

export type Layout =
  'hero' | 'dimensions' | 'detail' | 'packaging' | 'folded' | 'rear' | 'scene' | 'variants';

export interface LayoutInput {
  icon: Icon;
  p: Palette;
  /** False for glyphs with lettering. */
  canMirror: boolean;
}

/** Transform that puts the icon's bounds, `size` px across at most, centred on (cx, cy). */
export function place(icon: Icon, cx: number, cy: number, size: number, mirror = false) {
  const { x0, y0, x1, y1 } = icon.box;
  const s = size / Math.max(x1 - x0, y1 - y0);
  const mx = (x0 + x1) / 2;
  const tx = mirror ? cx + s * mx : cx - s * mx;
  const transform = `translate(${num(tx)} ${num(cy - s * ((y0 + y1) / 2))}) scale(${num(mirror ? -s : s)} ${num(s)})`;
  const half = { w: (s * (x1 - x0)) / 2, h: (s * (y1 - y0)) / 2 };
  return { transform, s, left: cx - half.w, right: cx + half.w, top: cy - half.h, bottom: cy + half.h };
}

const use = (transform: string, fill: string, extra = '') =>
  `<use href="#i" transform="${transform}" fill="${fill}"${extra}/>`;
const shadow = (cx: number, y: number, rx: number) =>
  `<ellipse cx="${num(cx)}" cy="${num(y)}" rx="${num(rx)}" ry="${num(Math.max(10, rx / 9))}" fill="url(#sh)"/>`;
/** A filled arrowhead at (x, y) pointing along angle (degrees). */
const head = (x: number, y: number, angle: number, fill: string) =>
  `<path d="M0 0L-16 -8V8Z" fill="${fill}" transform="translate(${num(x)} ${num(y)}) rotate(${angle})"/>`;

/** Large and centred, on a soft halo; 'rear' is mirrored under a turning arrow. */
function hero({ icon, p, canMirror }: LayoutInput, rear: boolean): string {
  const at = place(icon, 300, 290, 340, rear && canMirror);
  let out = `<circle cx="300" cy="290" r="210" fill="#fff" fill-opacity=".55"/>`;
  out += shadow(300, at.bottom + 16, (at.right - at.left) * 0.5);
  if (rear) {
    const a = `stroke="${p.accent}" stroke-width="5" fill="none" stroke-linecap="round"`;
    out += `<path d="M215 64Q300 32 385 64" ${a}/>` + head(388, 66, 24, p.accent);
  }
  return out + use(at.transform, p.ink);
}

/** Mirrored and smaller on a faint grid, with width and height dimension lines. */
function dimensions({ icon, p, canMirror }: LayoutInput): string {
  const at = place(icon, 275, 265, 290, canMirror);
  const line = `stroke="${p.accent}" stroke-width="3" stroke-linecap="round"`;
  const dash = `stroke="${p.accent}" stroke-width="1.5" stroke-dasharray="6 6" stroke-opacity=".7"`;
  const y = at.bottom + 50;
  const x = at.right + 50;
  const [l, r, t, b] = [at.left, at.right, at.top, at.bottom].map(num);
  return (
    `<rect x="24" y="24" width="552" height="552" rx="40" fill="url(#grid)"/>` +
    shadow(275, at.bottom + 10, (at.right - at.left) * 0.45) +
    use(at.transform, p.ink) +
    `<path d="M${l} ${num(at.bottom + 16)}V${num(y + 12)}M${r} ${num(at.bottom + 16)}V${num(y + 12)}` +
    `M${num(at.right + 16)} ${t}H${num(x + 12)}M${num(at.right + 16)} ${b}H${num(x + 12)}" ${dash}/>` +
    `<path d="M${l} ${num(y)}H${r}M${num(x)} ${t}V${b}" ${line}/>` +
    head(at.left, y, 180, p.accent) +
    head(at.right, y, 0, p.accent) +
    head(x, at.top, -90, p.accent) +
    head(x, at.bottom, 90, p.accent)
  );
}

/** A crop around the busiest part of the glyph, with a thumbnail showing where it is. */
function detail({ icon, p }: LayoutInput): string {
  const span = 28; // icon units across the crop window
  const { x0, y0, x1, y1 } = icon.box;
  const clamp = (v: number, lo: number, hi: number) =>
    lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v));
  const fx = clamp(icon.focus.x, x0 + span / 2 - 2, x1 - span / 2 + 2);
  const fy = clamp(icon.focus.y, y0 + span / 2 - 2, y1 - span / 2 + 2);
  const s = 480 / span;
  const zoom = `translate(${num(300 - s * fx)} ${num(300 - s * fy)}) scale(${num(s)})`;
  const thumb = place(icon, 462, 462, 120);
  const crop = thumb.s * span;
  const cropX = 462 + thumb.s * (fx - (x0 + x1) / 2) - crop / 2;
  const cropY = 462 + thumb.s * (fy - (y0 + y1) / 2) - crop / 2;
  const window = `x="60" y="60" width="480" height="480" rx="32"`;
  return (
    `<clipPath id="crop"><rect ${window}/></clipPath>` +
    `<rect ${window} fill="#fff" fill-opacity=".6"/>` +
    `<g clip-path="url(#crop)">${use(zoom, p.ink)}</g>` +
    `<rect ${window} fill="none" stroke="${p.accent}" stroke-width="4"/>` +
    `<circle cx="462" cy="462" r="92" fill="${p.paper}" stroke="${p.accent}" stroke-width="4"/>` +
    use(thumb.transform, p.ink) +
    `<rect x="${num(cropX)}" y="${num(cropY)}" width="${num(crop)}" height="${num(crop)}" rx="4" fill="none" stroke="${p.accent}" stroke-width="3"/>`
  );
}

/** The product beside its shipping box, which carries the same pictogram. */
function packaging({ icon, p }: LayoutInput): string {
  const at = place(icon, 190, 318, 230);
  const edge = `stroke="${p.accent}" stroke-width="4" stroke-linejoin="round"`;
  const pict = place(icon, 415, 335, 92);
  return (
    shadow(330, 452, 250) +
    use(at.transform, p.ink) +
    `<path d="M330 230H500V440H330Z" fill="#fff" fill-opacity=".8" ${edge}/>` +
    `<path d="M330 230L374 186H544L500 230Z" fill="${p.paper}" ${edge}/>` +
    `<path d="M500 230L544 186V396L500 440Z" fill="${p.panelBottom}" ${edge}/>` +
    `<path d="M408 230L452 186" stroke="${p.accent}" stroke-opacity=".35" stroke-width="14"/>` +
    use(pict.transform, p.accent, ' fill-opacity=".55"')
  );
}

/** Smaller inside a dashed full-size outline, with arrows pressing in from both sides. */
function folded({ icon, p }: LayoutInput): string {
  const at = place(icon, 300, 290, 210);
  const a = `stroke="${p.accent}" stroke-width="5" stroke-linecap="round"`;
  return (
    `<rect x="96" y="110" width="408" height="360" rx="28" fill="none" stroke="${p.accent}" stroke-width="3" stroke-dasharray="14 10" stroke-opacity=".6"/>` +
    shadow(300, at.bottom + 14, (at.right - at.left) * 0.5) +
    use(at.transform, p.ink) +
    `<path d="M120 290H${num(at.left - 28)}M480 290H${num(at.right + 28)}" ${a}/>` +
    head(at.left - 22, 290, 0, p.accent) +
    head(at.right + 22, 290, 180, p.accent)
  );
}

/** In place: standing on a floor in front of a wall with an arched window. */
function scene({ icon, p }: LayoutInput): string {
  const at = place(icon, 250, 300, 300);
  const lift = at.bottom - 462;
  return (
    `<rect x="352" y="80" width="160" height="220" rx="80" fill="#fff" fill-opacity=".7"/>` +
    `<path d="M432 80V300M352 190H512" stroke="${p.panelBottom}" stroke-width="6"/>` +
    `<path d="M24 420H576V536A40 40 0 0 1 536 576H64A40 40 0 0 1 24 536Z" fill="${p.accent}" fill-opacity=".1"/>` +
    `<path d="M24 420H576" stroke="${p.accent}" stroke-opacity=".35" stroke-width="3"/>` +
    shadow(250, 466, (at.right - at.left) * 0.55) +
    `<g transform="translate(0 ${num(-lift)})">${use(at.transform, p.ink)}</g>`
  );
}

/** Three of the product side by side in three colours: options, sets, sizes. */
function variants({ icon, p }: LayoutInput): string {
  const inks = variantInks(p);
  return [132, 300, 468]
    .map((cx, i) => {
      const at = place(icon, cx, 290, 128);
      return (
        `<rect x="${cx - 76}" y="180" width="152" height="220" rx="24" fill="#fff" fill-opacity=".75"/>` +
        shadow(cx, 420, 64) +
        use(at.transform, inks[i] ?? p.ink)
      );
    })
    .join('');
}

export const LAYOUTS: Record<Layout, (input: LayoutInput) => string> = {
  hero: (input) => hero(input, false),
  rear: (input) => hero(input, true),
  dimensions,
  detail,
  packaging,
  folded,
  scene,
  variants,
};

/** Pattern the dimensions layout draws its grid with. */
export const gridPattern = (p: Palette) =>
  `<pattern id="grid" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M30 0H0V30" fill="none" stroke="${p.accent}" stroke-opacity=".12"/></pattern>`;
