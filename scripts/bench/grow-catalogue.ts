import { brandId, type ProductRecord } from '../../app/commerce/catalogue/catalog';
import { CATALOGUE_SEED } from '../../app/commerce/catalogue/catalog-seed';
import type { ProductMeasures, StockedCategoryId } from '../../app/commerce/catalogue/catalog.types';
import { PRODUCT_ID_PATTERN } from '../../app/commerce/catalogue/product-id';
import { random, type Random } from './prng';

/**
 * A catalogue of 10,000 products for the growth bench, grown from the ~150 products of the
 * data files (catalog-seed.ts): each seed product gets about 65 relatives in its own
 * subcategory, as a real range has them. A relative is the same model in another seat width,
 * size or length (with its fit figures to match), colour, edition or bundle, or a competing
 * brand's model of the same kind ("Karman Voyager Lightweight Wheelchair, 20 in. Seat, Blue").
 * Prices, ratings, stock and sale prices vary around the seed's; photos, features and
 * specifications are the seed product's. Deterministic: the same seed gives the same store.
 */

/** A list written as one string: "Karman Healthcare | Merits Health | ...". */
const list = (text: string) => text.split('|').map((item) => item.trim());

/** Other makers of each category's equipment, beside the data files' own brands. */
const OTHER_BRANDS: Record<StockedCategoryId, readonly string[]> = {
  mobility: list(
    'Karman Healthcare | Merits Health | EV Rider | Hugo Mobility | Nova Medical | Lumex | Invacare | Medline | Pride Mobility | Graham-Field | Vive Health',
  ),
  'medical-equipment': list(
    'Graham-Field | Medline | Invacare | Joerns | Midmark | Hausmann | Drive Medical | Harloff | Brewer | Clinton Industries | Lakeside Manufacturing',
  ),
  respiratory: list(
    'ResMed | Philips Respironics | Inogen | CAIRE | React Health | Drive Medical | Omron | PARI | Precision Medical | Allied Healthcare | Responsive Respiratory',
  ),
  orthopedic: list(
    'Mueller | Aircast | DonJoy | Bauerfeind | Jobst | Sigvaris | Medline | Vive Health | BraceAbility | Hely & Weber | Roscoe Medical',
  ),
  therapy: list(
    'TheraBand | HoMedics | Sammons Preston | Vive Health | CanDo | North Coast Medical | Drive Medical | Medline',
  ),
  'bathroom-safety': list(
    'Moen | Drive Medical | Medline | Carex Health Brands | Lumex | Essential Medical Supply | Vive Health | Nova Medical | Platinum Health',
  ),
  'daily-living': list(
    'Vive Health | Drive Medical | Essential Medical Supply | Sammons Preston | Medline | Ezy Dose | North Coast Medical | RMS Royal Medical Solutions',
  ),
  pediatric: list(
    'Drive Medical Wenzelite | Rifton | Convaid | Medline | PARI | Omron | Drive Medical | Firefly by Leckey | Special Tomato',
  ),
};

const COLOURS: Record<StockedCategoryId, readonly string[]> = {
  mobility: list('Black | Blue | Burgundy | Silver | Red | Titanium | Green'),
  'medical-equipment': list('Gray | Blue | Beige | White | Black'),
  respiratory: [],
  orthopedic: list('Black | Beige | Navy | Gray | White'),
  therapy: list('Blue | Green | Red | Yellow | Black | Purple'),
  'bathroom-safety': list('White | Chrome | Brushed Nickel | Gray | Oil-Rubbed Bronze'),
  'daily-living': list('Blue | Gray | Black | Red | Green'),
  pediatric: list('Blue | Red | Purple | Green | Pink | Orange'),
};

/** Bundles, where colours mean little (breathing machines). */
const BUNDLES: Partial<Record<StockedCategoryId, readonly string[]>> = {
  respiratory: list(
    'with Carry Bag | with Extra Battery | Starter Kit | with Travel Case | with Accessory Kit | Value Bundle',
  ),
  'medical-equipment': list('with Mattress | with Side Rails | with Accessory Kit'),
};

/** Editions, and what each does to the price ("Pro" costs a quarter more). */
const EDITIONS = Object.entries({
  '': 1,
  Plus: 1.1,
  Pro: 1.25,
  Select: 1.05,
  Elite: 1.3,
  LX: 1.15,
  XT: 1.2,
  II: 1.08,
  Deluxe: 1.18,
  Comfort: 1.12,
  Advantage: 0.95,
  Lite: 0.85,
  Essential: 0.8,
  Classic: 0.9,
  Signature: 1.35,
}).map(([name, price]) => ({ name, price }));

/** Model lines for a competing brand's version of a product. */
const MODEL_LINES = list(
  'Voyager | Summit | Aspen | Liberty | Horizon | Cadence | Pioneer | Meridian | Atlas | Venture | Harbor | Keystone | Sierra | Monarch | Envoy | Solace | Vista | Trek | Breeze | Anchor',
);
const MODEL_NUMBERS = ['', '', ' 2', ' 3', ' 300', ' 500', ' X', ' S'];

/** How a seed product's size is written, and what its relatives take instead. */
type Sizing =
  | { kind: 'seat'; widths: readonly number[]; format: (width: number) => string; width: number }
  | { kind: 'size'; sizes: readonly string[] }
  | { kind: 'length'; lengths: readonly number[]; unit: string }
  | { kind: 'none' };

const LETTER_SIZES = ['Small', 'Medium', 'Large', 'X-Large'];

function sizingOf(suffix: string | undefined, pediatric: boolean): Sizing {
  if (!suffix) return { kind: 'none' };
  const seat = /^(\d+) in(\.?) Seat$/.exec(suffix);
  if (seat) {
    const dot = seat[2] ?? '';
    return {
      kind: 'seat',
      widths: pediatric ? [10, 12, 14, 16] : [16, 18, 20, 22, 24],
      format: (width) => `${width} in${dot} Seat`,
      width: Number(seat[1]),
    };
  }
  if (/^(Small|Medium|Large|Adult|X-Large)$/.test(suffix)) return { kind: 'size', sizes: LETTER_SIZES };
  if (/^Size \d$/.test(suffix)) return { kind: 'size', sizes: ['Size 1', 'Size 2', 'Size 3', 'Size 4'] };
  const length = /^(\d+) (in\.?)$/.exec(suffix);
  if (length) return { kind: 'length', lengths: [12, 16, 18, 24, 26, 30, 32, 36], unit: length[2] ?? 'in' };
  return { kind: 'none' };
}

/** The seed name without its brand ("Drive Medical Cruiser III..." -> "Cruiser III..."), and whether it had one. */
function splitBrand(name: string, brand: string): { branded: boolean; rest: string } {
  if (name.startsWith(`${brand} `)) return { branded: true, rest: name.slice(brand.length + 1) };
  const first = brand.split(' ')[0] ?? '';
  if (first && name.startsWith(`${first} `) && !/^(Drive|Home)$/.test(first)) {
    return { branded: true, rest: name.slice(first.length + 1) };
  }
  return { branded: false, rest: name };
}

/** The kind of product a name is about: its last words before any "with ..." ("Lightweight Wheelchair"). */
function kindOf(core: string): string {
  const words = (core.split(' with ')[0] ?? core).split(' ');
  return words.slice(-2).join(' ');
}

export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 110)
    .replace(/-+$/, '');
}

/** Whole dollars and 99 cents, as shops price. */
function shopPrice(cents: number): number {
  return Math.max(199, Math.round(cents / 100) * 100 - 1);
}

function resized(measures: ProductMeasures, from: number, to: number): ProductMeasures {
  const grow = to - from;
  const next: ProductMeasures = { ...measures, seatWidthIn: to };
  if (measures.overallWidthIn) next.overallWidthIn = measures.overallWidthIn + grow;
  if (measures.dimensionsIn)
    next.dimensionsIn = { ...measures.dimensionsIn, width: measures.dimensionsIn.width + grow };
  if (measures.weightCapacityLb && to >= 22)
    next.weightCapacityLb = Math.max(measures.weightCapacityLb, to >= 24 ? 500 : 450);
  return next;
}

export interface Grown {
  products: ProductRecord[];
  /** Brands the grown products use that the data files do not have. */
  newBrands: { id: string; name: string }[];
}

/**
 * `total` products in all: the seed's, then generated relatives, dealt out over the seed
 * products in turn so every category and subcategory grows in proportion.
 */
export function growCatalogue(total = 10_000, seed = 20_2611): Grown {
  const rng = random(seed);
  const seeds = CATALOGUE_SEED.products;
  const names = new Set(seeds.map((p) => p.name));
  const ids = new Set(seeds.map((p) => p.id));
  const skus = new Set(seeds.map((p) => p.sku));
  const knownBrands = new Set(CATALOGUE_SEED.brands.map((b) => b.id));
  const newBrands = new Map<string, string>();
  const products: ProductRecord[] = [];
  for (let n = 0; products.length < total - seeds.length; n++) {
    const base = seeds[n % seeds.length];
    if (!base) throw new Error('the catalogue seed is empty');
    const product = relative(rng, base, names);
    if (!product) continue;
    let id = slugOf(product.name);
    for (let k = 2; ids.has(id); k++) id = `${slugOf(product.name)}-${k}`;
    if (!PRODUCT_ID_PATTERN.test(id)) throw new Error(`not a product id: ${id}`);
    let sku = `${base.sku}-${(n + 1).toString(36).toUpperCase()}`;
    for (let k = 2; skus.has(sku); k++) sku = `${base.sku}-${(n + 1).toString(36).toUpperCase()}${k}`;
    ids.add(id);
    skus.add(sku);
    names.add(product.name);
    const brand = brandId(product.brand);
    if (!knownBrands.has(brand)) newBrands.set(brand, product.brand);
    products.push({
      ...product,
      id,
      sku,
      images: base.images.map((image, i) => ({
        ...image,
        id: `${id}-${i + 1}`,
        // The seed's photo of the same model; its alt names this product.
        alt: `${product.name}, ${image.alt.slice(base.name.length + 2) || 'front view'}`,
      })),
    });
  }
  return { products, newBrands: [...newBrands].map(([id, name]) => ({ id, name })) };
}

/** One relative of `base`; undefined when the name drawn is taken (the caller draws again). */
function relative(rng: Random, base: ProductRecord, names: Set<string>): ProductRecord | undefined {
  const category = base.category;
  const { branded, rest } = splitBrand(base.name, base.brand);
  const comma = rest.indexOf(', ');
  const core = comma === -1 ? rest : rest.slice(0, comma);
  const suffix = comma === -1 ? undefined : rest.slice(comma + 2);
  const sizing = sizingOf(suffix, category === 'pediatric');

  const otherMaker = rng.chance(0.35);
  const brand = otherMaker ? rng.pick(OTHER_BRANDS[category]) : base.brand;
  const edition = rng.pick(EDITIONS);
  let words: string;
  if (otherMaker && branded) {
    words = `${brand} ${rng.pick(MODEL_LINES)}${rng.pick(MODEL_NUMBERS)} ${kindOf(core)}`;
  } else {
    words = `${branded ? `${brand} ` : ''}${core}`;
  }
  if (edition.name) words += ` ${edition.name}`;

  let measures = base.measures;
  let sizeText: string | undefined = suffix;
  let sizePrice = 1;
  switch (sizing.kind) {
    case 'seat': {
      const width = rng.pick(sizing.widths);
      sizeText = sizing.format(width);
      measures = resized(base.measures, sizing.width, width);
      sizePrice = 1 + Math.max(0, width - sizing.width) * 0.03;
      break;
    }
    case 'size':
      sizeText = rng.pick(sizing.sizes);
      break;
    case 'length': {
      const length = rng.pick(sizing.lengths);
      sizeText = `${length} ${sizing.unit}`;
      sizePrice = 0.8 + length / 80;
      break;
    }
    case 'none':
      break;
  }
  // No colour for a product whose name already has colours in it (a band set in three).
  const colours = COLOURS[category].some((c) => rest.includes(c)) ? [] : COLOURS[category];
  const colour = colours.length > 0 && rng.chance(0.7) ? rng.pick(colours) : undefined;
  const bundles = BUNDLES[category];
  const bundle = bundles && rng.chance(0.4) ? rng.pick(bundles) : undefined;
  const name = [words + (bundle ? ` ${bundle}` : ''), sizeText, colour].filter(Boolean).join(', ');
  if (names.has(name)) return undefined;

  const price = shopPrice(
    base.price * edition.price * sizePrice * (0.9 + rng.next() * 0.2) * (bundle ? 1.12 : 1),
  );
  const onSale = rng.chance(0.15);
  const stockDraw = rng.next();
  const onHand = stockDraw < 0.8 ? rng.int(20, 200) : stockDraw < 0.92 ? rng.int(1, 5) : 0;
  const details = [sizeText, colour && `in ${colour}`, bundle].filter(Boolean).join(', ');
  return {
    ...base,
    name,
    brand,
    description: details ? `${base.description} This model: ${details}.` : base.description,
    price,
    originalPrice: onSale ? shopPrice(price * (1.1 + rng.next() * 0.25)) : undefined,
    rating: Math.round(Math.min(5, Math.max(3.2, base.rating - 0.5 + rng.next() * 0.7)) * 10) / 10,
    reviewCount: Math.floor(rng.next() ** 2 * 900),
    isNew: rng.chance(0.04),
    isFeatured: undefined,
    measures,
    extraSpecifications: colour
      ? [...base.extraSpecifications, { name: 'Colour', value: colour }]
      : base.extraSpecifications,
    onHand,
    verifiedReviews: undefined,
  };
}
