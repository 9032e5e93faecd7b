import { createRequire } from 'node:module';
import path from 'node:path';
import type { CategoryId } from '../app/commerce/catalogue/catalog.types';

/**
 * Which Health Icons glyph (MIT, healthicons@2.0.0, filled style) stands for each subcategory.
 * A ref is `<group>/<name>` under node_modules/healthicons/public/icons/svg/filled/.
 * Health Icons has no glyph for some products (lift chairs, grab bars, reachers); those use
 * the nearest honest stand-in, noted beside them.
 */
export type IconRef = `${string}/${string}`;

export const SUBCATEGORY_ICONS: Record<string, IconRef> = {
  // Mobility
  wheelchairs: 'devices/wheelchair_alt',
  walkers: 'exercise/walk_supported',
  rollators: 'exercise/walk_supported',
  scooters: 'vehicles/vespa_motorcycle',
  canes: 'devices/cane',
  'transport-chairs': 'devices/wheelchair',
  'power-lift-chairs': 'people/elderly', // no armchair glyph: an older couple who use them
  // Medical equipment
  'hospital-beds': 'devices/inpatient',
  'patient-lifts': 'devices/hospitalized', // bed with an overhead mast and hook
  'exam-tables': 'devices/observation',
  'medical-carts': 'devices/ventilator_alt', // wheeled cart with a monitor
  // Respiratory
  'oxygen-concentrators': 'devices/oxygen_tank',
  'cpap-bipap': 'devices/ventilator', // face mask with tubing to a machine
  nebulizers: 'devices/asthma_inhaler',
  'suction-machines': 'devices/treated_water', // pump unit with a collection canister
  // Orthopedic
  'braces-supports': 'devices/orthotics',
  'compression-therapy': 'body/leg',
  'hot-cold-therapy': 'devices/cold_chain',
  'pain-management': 'conditions/back_pain',
  // Therapy & fitness
  'exercise-rehab': 'exercise/exercise_bicycle',
  'massage-therapy': 'people/clean_hands',
  'hand-therapy': 'people/refused', // an open hand
  // Bathroom safety
  'shower-chairs': 'objects/running_water',
  'grab-bars': 'symbols/height', // a person beside an upright bar
  'raised-toilet-seats': 'places/letrina_alt',
  'transfer-benches': 'symbols/discharge', // seats side by side
  // Daily living
  'reachers-grabbers': 'body/arm',
  'dressing-aids': 'ppe/ppe_gown',
  'eating-drinking-aids': 'nutrition/hot_meal',
  'medication-management': 'medications/blister_pills_round_x14',
  // Pediatric
  'pediatric-wheelchairs': 'devices/wheelchair_alt',
  'pediatric-walkers': 'exercise/walk_supported',
  'pediatric-bath-seating': 'people/baby_0306m',
  'pediatric-respiratory': 'people/asthma',
};

/** Used when a product names a subcategory that has no entry above. */
export const CATEGORY_FALLBACK_ICONS: Record<CategoryId, IconRef> = {
  featured: 'symbols/health',
  mobility: 'devices/wheelchair_alt',
  'medical-equipment': 'devices/inpatient',
  respiratory: 'body/lungs',
  orthopedic: 'body/joints',
  therapy: 'exercise/exercise',
  'bathroom-safety': 'places/letrina_alt',
  'daily-living': 'people/elderly',
  pediatric: 'people/child_care',
};

/** 'featured' gathers products from every category, so its banner shows a mix of them. */
export const BANNER_ICON_OVERRIDES: Partial<Record<CategoryId, IconRef[]>> = {
  featured: ['devices/wheelchair_alt', 'devices/oxygen_tank', 'devices/inpatient', 'devices/cane'],
};

/** Glyphs with lettering ('O2'), which must not be drawn mirrored. */
export const NO_MIRROR: ReadonlySet<IconRef> = new Set<IconRef>(['devices/oxygen_tank']);

export function iconFor(category: CategoryId, subcategory: string): IconRef {
  return SUBCATEGORY_ICONS[subcategory] ?? CATEGORY_FALLBACK_ICONS[category];
}

const require = createRequire(import.meta.url);

/** The installed healthicons package (its LICENSE is copied next to the images). */
export const HEALTHICONS_DIR = path.dirname(require.resolve('healthicons/package.json'));

/** Folder of the filled Health Icons glyphs. */
export const ICON_ROOT = path.join(HEALTHICONS_DIR, 'public/icons/svg/filled');

export const iconFile = (ref: IconRef): string => path.join(ICON_ROOT, `${ref}.svg`);
