import type { CategoryDefinition, CategoryId } from '../catalog.types';
import { CATEGORY_MENU } from './category-menu';

const DESCRIPTIONS: Record<CategoryId, string> = {
  "featured": "New arrivals, our best-rated equipment, current offers and seasonal picks, chosen from across the store.",
  "mobility": "Wheelchairs, walkers, rollators, scooters, canes and lift chairs that help you move safely and independently at home and out.",
  "medical-equipment": "Hospital beds, patient lifts, exam tables and medical carts for home care, clinics and long-term care facilities.",
  "respiratory": "Oxygen concentrators, CPAP and BiPAP machines, nebulizers and suction machines for breathing support at home and on the go.",
  "orthopedic": "Braces and supports, compression garments, hot and cold therapy and pain relief for recovery and everyday comfort.",
  "therapy": "Exercise, rehabilitation and massage equipment to rebuild strength, balance and range of motion at home.",
  "bathroom-safety": "Shower chairs, grab bars, raised toilet seats and transfer benches that make bathing and toileting safer.",
  "daily-living": "Reachers, dressing and eating aids and medication organizers that make everyday tasks easier and keep you independent.",
  "pediatric": "Wheelchairs, walkers, bath seating and breathing equipment sized and designed for children."
};

/** Every category with its description and banner (server side: listings and the home page). */
export const CATEGORIES: CategoryDefinition[] = CATEGORY_MENU.map((entry) => ({
  ...entry,
  description: DESCRIPTIONS[entry.id],
  bannerImage: `/images/categories/${entry.id}.svg`,
}));
