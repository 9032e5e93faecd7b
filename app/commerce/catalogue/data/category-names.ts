import type { CategoryMenuEntry } from '../catalog.types';

/**
 * Every category's name, in menu order, without its subcategories: what the header and footer
 * show on every page. The subcategories (category-menu.ts) are about 600 bytes of scripts
 * (gzip) that a page needs only when a menu opens, so the header loads them then.
 */
export type CategoryName = Pick<CategoryMenuEntry, 'id' | 'name' | 'inMenu'>;

export const CATEGORY_NAMES: readonly CategoryName[] = [
  {
    "id": "featured",
    "name": "Featured",
    "inMenu": true
  },
  {
    "id": "mobility",
    "name": "Mobility",
    "inMenu": true
  },
  {
    "id": "medical-equipment",
    "name": "Medical Equipment",
    "inMenu": true
  },
  {
    "id": "respiratory",
    "name": "Respiratory",
    "inMenu": true
  },
  {
    "id": "orthopedic",
    "name": "Orthopedic",
    "inMenu": true
  },
  {
    "id": "therapy",
    "name": "Therapy & Fitness",
    "inMenu": true
  },
  {
    "id": "bathroom-safety",
    "name": "Bathroom Safety",
    "inMenu": true
  },
  {
    "id": "daily-living",
    "name": "Daily Living Aids",
    "inMenu": false
  },
  {
    "id": "pediatric",
    "name": "Pediatric",
    "inMenu": false
  }
];
