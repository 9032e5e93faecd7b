import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CategoryDefinition, ProductInput } from '../app/commerce/catalogue/catalog.types';
import { CATEGORIES } from '../app/commerce/catalogue/data/categories';
import { PRODUCT_INPUTS } from '../app/commerce/catalogue/data/products/index';
import {
  BANNER_ICON_OVERRIDES,
  CATEGORY_FALLBACK_ICONS,
  HEALTHICONS_DIR,
  type IconRef,
  iconFor,
  NO_MIRROR,
} from './image-icons';
import { LAYOUTS, type Layout, gridPattern, place } from './image-layouts';
import { escapeXml, hsl, loadIcon, paletteFor } from './image-svg';

/**
 * Draws the product and category illustrations served from public/images/ out of Health Icons
 * glyphs. Same catalogue in, byte-identical files out. Run with `npm run images`.
 */

/** The first pattern that matches a view text picks its layout. */
const VIEW_KEYWORDS: [Layout, RegExp][] = [
  ['packaging', /\b(box|boxed|packag\w*|contents|kit|accessor\w*|case|bag|carry\w*|storage|storage film)\b/i],
  ['variants', /\b(options|colou?rs|laid out|set|containers|bands|pair|assorted)\b/i],
  ['folded', /\b(fold\w*|collaps\w*|compact|stowed|transport|disassembled)\b/i],
  [
    'detail',
    /\b(detail|close[- ]?up|controls?|display|panel|handles?|grips?|straps?|wheels?|brakes?|buttons?|mask|screen|cushion|pads?|remote|key fob|pendant|tips?|buckles?|valve|battery|dial|keypad|lever|tray|tub|chamber|canister|opening|flow meter)\b/i,
  ],
  [
    'dimensions',
    /\b(side|profile|dimensions?|measure\w*|size|width|height|adjust\w*|raised|reclined|lowered|position|elevated|setting)\b/i,
  ],
  ['rear', /\b(rear|back view|back of|from behind|underside|top view|overhead|other side)\b/i],
  ['hero', /\b(front|main|angled?|three-quarter|overview|full length|flat view)\b/i],
  [
    'scene',
    /\b(in use|used|worn|installed|in an?|on an?|on the|beside|next to|clamped|clipped|strapped|draped|wrapped|over an?|around an?|from an?|under|with|standing|rolling|picking|squeezing|twisting|charging)\b/i,
  ],
];
const LAYOUT_ORDER: Layout[] = [
  'hero',
  'dimensions',
  'detail',
  'packaging',
  'scene',
  'folded',
  'rear',
  'variants',
];

export type { Layout };

/** One layout per view, never the same one twice for a product. */
export function layoutsFor(views: string[]): Layout[] {
  const used = new Set<Layout>();
  return views.map((view, i) => {
    const wanted =
      VIEW_KEYWORDS.find(([, re]) => re.test(view))?.[0] ?? LAYOUT_ORDER[i % LAYOUT_ORDER.length] ?? 'hero';
    const layout = used.has(wanted) ? (LAYOUT_ORDER.find((l) => !used.has(l)) ?? wanted) : wanted;
    used.add(layout);
    return layout;
  });
}

const svgOpen = (w: number, h: number, title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img">` +
  `<title>${escapeXml(title)}</title>`;

/** SVG of one product view; viewIndex counts from 0. */
export function renderProductImage(product: ProductInput, viewIndex: number): string {
  const view = product.imageViews[viewIndex];
  if (view === undefined) throw new Error(`${product.id} has no view ${viewIndex}`);
  const layout = layoutsFor(product.imageViews)[viewIndex] ?? 'hero';
  const ref = iconFor(product.category, product.subcategory);
  const icon = loadIcon(ref);
  const p = paletteFor(product.category, product.id);
  const body = LAYOUTS[layout]({ icon, p, canMirror: !NO_MIRROR.has(ref) });
  return (
    svgOpen(600, 600, `${product.name}, ${view}`) +
    `<defs><g id="i">${icon.body}</g>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.panelTop}"/><stop offset="1" stop-color="${p.panelBottom}"/></linearGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="${p.ink}" stop-opacity=".28"/><stop offset="1" stop-color="${p.ink}" stop-opacity="0"/></radialGradient>` +
    (layout === 'dimensions' ? gridPattern(p) : '') +
    `</defs><rect width="600" height="600" fill="${p.paper}"/>` +
    `<rect x="24" y="24" width="552" height="552" rx="40" fill="url(#bg)"/>${body}</svg>\n`
  );
}

/** Icons of a category banner: its subcategories' glyphs, without repeats, 3 or 4 of them. */
export function bannerIcons(category: CategoryDefinition): IconRef[] {
  const refs =
    BANNER_ICON_OVERRIDES[category.id] ?? category.subcategories.map((s) => iconFor(category.id, s.id));
  const unique = [...new Set([...refs, CATEGORY_FALLBACK_ICONS[category.id]])];
  return unique.slice(0, Math.max(3, Math.min(4, refs.length)));
}

export function renderCategoryBanner(category: CategoryDefinition): string {
  const p = paletteFor(category.id, category.id);
  const refs = bannerIcons(category);
  const step = refs.length === 4 ? 194 : 236;
  const r = refs.length === 4 ? 88 : 104;
  const first = 1075 - step * (refs.length - 1);
  const tiles = refs.map((ref, i) => {
    const icon = loadIcon(ref, 1); // about 2.5 px a unit here: 1 decimal is plenty
    const cx = first + step * i;
    const cy = i % 2 === 0 ? 215 : 180;
    const at = place(icon, cx, cy, r * 1.36);
    const fill = i % 2 === 0 ? p.ink : p.accent;
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity=".72"/><g transform="${at.transform}" fill="${fill}">${icon.body}</g>`;
  });
  return (
    svgOpen(1200, 400, `${category.name} illustration`) +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.panelTop}"/><stop offset="1" stop-color="${p.panelBottom}"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#bg)"/>` +
    `<circle cx="1120" cy="40" r="230" fill="#fff" fill-opacity=".3"/><circle cx="120" cy="400" r="200" fill="#fff" fill-opacity=".25"/>` +
    `<circle cx="${first - 150}" cy="330" r="90" fill="${p.accent}" fill-opacity=".06"/>` +
    `${tiles.join('')}</svg>\n`
  );
}

/** Neutral picture-frame glyph shown when an image fails to load. */
export function renderPlaceholder(): string {
  const grey = hsl(210, 10, 62);
  return (
    svgOpen(600, 600, 'Image not available') +
    `<rect width="600" height="600" fill="${hsl(210, 16, 96)}"/>` +
    `<rect x="180" y="200" width="240" height="200" rx="20" fill="none" stroke="${grey}" stroke-width="14"/>` +
    `<circle cx="248" cy="262" r="22" fill="${grey}"/>` +
    `<path d="M194 386L270 310L318 358L352 326L406 386Z" fill="${grey}"/></svg>\n`
  );
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'public/images');

function main(): void {
  const files = new Map<string, string>();
  for (const product of PRODUCT_INPUTS) {
    product.imageViews.forEach((_, i) => {
      files.set(`products/${product.id}-${i + 1}.svg`, renderProductImage(product, i));
    });
  }
  for (const category of CATEGORIES)
    files.set(`categories/${category.id}.svg`, renderCategoryBanner(category));
  files.set('placeholder.svg', renderPlaceholder());
  const license = readFileSync(path.join(HEALTHICONS_DIR, 'LICENSE'), 'utf8');
  files.set(
    'LICENSE-healthicons.txt',
    'The product and category illustrations in this folder are drawn from Health Icons\n' +
      '(https://healthicons.org, npm package healthicons@2.0.0), used under this licence:\n\n' +
      license,
  );

  let changed = 0;
  let largest = { name: '', size: 0 };
  for (const [name, content] of files) {
    const file = path.join(OUT, name);
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== content) {
      writeFileSync(file, content);
      changed++;
    }
    const size = Buffer.byteLength(content);
    if (name.endsWith('.svg') && size > largest.size) largest = { name, size };
  }
  const stale = readdirSync(path.join(OUT, 'products')).filter((f) => !files.has(`products/${f}`));
  for (const f of stale) rmSync(path.join(OUT, 'products', f), { recursive: true });
  const productCount = PRODUCT_INPUTS.length;
  console.log(
    `Wrote ${files.size} files (${changed} changed) for ${productCount} products; removed ${stale.length} stale. ` +
      `Largest: ${largest.name} (${(largest.size / 1024).toFixed(1)} KB).`,
  );
  if (largest.size > 30 * 1024) throw new Error(`${largest.name} is over 30 KB`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main();
}
