import { readFileSync } from 'node:fs';
import type { CategoryId } from '../app/commerce/catalogue/catalog.types';
import { type IconRef, iconFile } from './image-icons';

/** Helpers for the generated illustrations: icon parsing, colours and small SVG pieces. */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Icon {
  /** `<path>` elements in the 48x48 icon space, without fill (the caller's group sets it). */
  body: string;
  /** Bounds of the path points, control points included. */
  box: Box;
  /** Middle of the area with the most path points: where a detail crop looks. */
  focus: { x: number; y: number };
}

export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** Rounds to 2 decimals and drops trailing zeros. */
export const num = (value: number): string => String(Math.round(value * 100) / 100);

/** FNV-1a, so a product keeps its colour for as long as it keeps its id. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const ARGS: Record<string, number> = { M: 2, L: 2, T: 2, C: 6, S: 4, Q: 4, H: 1, V: 1, A: 7, Z: 0 };

/** Rewrites absolute path data with 2-decimal numbers and collects its points. */
export function compactPath(d: string, points: [number, number][], decimals = 2): string {
  let out = '';
  let command = 'M';
  let args: number[] = [];
  let last: [number, number] = [0, 0];
  const flush = (): void => {
    const n = ARGS[command] ?? 0;
    if (n === 0 || args.length < n) return;
    const a = args.splice(0, n);
    const v = (k: number) => a[k] ?? 0;
    if (command === 'H') last = [v(0), last[1]];
    else if (command === 'V') last = [last[0], v(0)];
    else if (command === 'A') last = [v(5), v(6)];
    else for (let i = 0; i + 1 < n; i += 2) points.push((last = [v(i), v(i + 1)]));
    if (command === 'H' || command === 'V' || command === 'A') points.push(last);
  };
  for (const token of d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g) ?? []) {
    if (/[A-Za-z]/.test(token)) {
      if (token !== token.toUpperCase()) throw new Error(`relative path command ${token} not supported`);
      command = token;
      args = [];
      out += token;
      continue;
    }
    const text = String(Number(Number(token).toFixed(decimals)));
    if (/[\d.]$/.test(out) && !text.startsWith('-')) out += ' ';
    out += text;
    args.push(Number(token));
    flush();
  }
  return out;
}

function densestFocus(points: [number, number][], box: Box): { x: number; y: number } {
  const cell = 8;
  const count = (cx: number, cy: number) =>
    points.filter(([x, y]) => Math.abs(x - cx) <= cell * 1.5 && Math.abs(y - cy) <= cell * 1.5);
  let best = { x: (box.x0 + box.x1) / 2, y: (box.y0 + box.y1) / 2, n: -1 };
  for (let cy = cell / 2; cy < 48; cy += cell) {
    for (let cx = cell / 2; cx < 48; cx += cell) {
      const near = count(cx, cy);
      if (near.length > best.n) {
        const mean = (i: 0 | 1) => near.reduce((sum, p) => sum + p[i], 0) / Math.max(1, near.length);
        best = { x: mean(0), y: mean(1), n: near.length };
      }
    }
  }
  return { x: best.x, y: best.y };
}

const iconCache = new Map<string, Icon>();

/** Reads a Health Icons glyph; its paths all use fill="currentColor", which the group replaces. */
export function loadIcon(ref: IconRef, decimals = 2): Icon {
  const cached = iconCache.get(`${ref}@${decimals}`);
  if (cached) return cached;
  const source = readFileSync(iconFile(ref), 'utf8');
  const points: [number, number][] = [];
  const paths = [...source.matchAll(/<path\b([^>]*?)\/?>/g)].map(([, attrs = '']) => {
    const d = compactPath(/\bd="([^"]*)"/.exec(attrs)?.[1] ?? '', points, decimals);
    const evenOdd = /fill-rule="evenodd"/.test(attrs) ? ' fill-rule="evenodd"' : '';
    return `<path${evenOdd} d="${d}"/>`;
  });
  if (paths.length === 0 || points.length === 0) throw new Error(`icon ${ref} has no paths`);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const box = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  const icon = { body: paths.join(''), box, focus: densestFocus(points, box) };
  iconCache.set(`${ref}@${decimals}`, icon);
  return icon;
}

export interface Palette {
  hue: number;
  paper: string;
  panelTop: string;
  panelBottom: string;
  /** The icon colour: dark, at least 7:1 against the panel. */
  ink: string;
  /** Lines and outlines, at least 3:1 against the panel. */
  accent: string;
}

/** Hue and saturation pairs per category: medical blues, teals, greens and warm neutrals. */
const HUES: Record<CategoryId, [number, number][]> = {
  featured: [[210, 55]],
  mobility: [
    [208, 62],
    [218, 52],
    [198, 58],
    [228, 42],
  ],
  'medical-equipment': [
    [192, 55],
    [202, 48],
    [214, 34],
    [180, 42],
  ],
  respiratory: [
    [196, 64],
    [186, 54],
    [206, 56],
    [172, 44],
  ],
  orthopedic: [
    [30, 34],
    [150, 30],
    [22, 28],
    [200, 30],
  ],
  therapy: [
    [152, 44],
    [166, 48],
    [138, 34],
    [182, 44],
  ],
  'bathroom-safety': [
    [180, 48],
    [192, 54],
    [168, 38],
    [206, 44],
  ],
  'daily-living': [
    [28, 38],
    [40, 34],
    [142, 26],
    [200, 28],
  ],
  pediatric: [
    [170, 48],
    [146, 38],
    [200, 54],
    [34, 44],
  ],
};

export function hsl(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function paletteOf(h: number, s: number): Palette {
  return {
    hue: h,
    paper: hsl(h, 30, 98),
    panelTop: hsl(h, s * 0.7, 96),
    panelBottom: hsl(h, s * 0.7, 88),
    ink: hsl(h, Math.min(s + 10, 70), 20),
    accent: hsl(h, s, 36),
  };
}

/** Colours of a product (or banner), picked from its category's hues by a hash of the seed. */
export function paletteFor(category: CategoryId, seed: string): Palette {
  const options = HUES[category];
  const n = hash(seed);
  const [baseHue, s] = options[n % options.length] ?? [210, 50];
  return paletteOf((baseHue + ((n >>> 8) % 9) - 4 + 360) % 360, s);
}

/** Three clearly different icon colours for a 'color options' or 'set' view, the product's first. */
export function variantInks(p: Palette): string[] {
  return [p.ink, hsl((p.hue + 48) % 360, 48, 32), hsl((p.hue + 170) % 360, 46, 34)];
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi = 1, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
