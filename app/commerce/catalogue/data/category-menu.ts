import type { CategoryId, CategoryMenuEntry, Subcategory } from '../catalog.types';
import { CATEGORY_NAMES } from './category-names';

/** Each category's subcategories, in menu order. */
export const SUBCATEGORIES: Record<CategoryId, Subcategory[]> = {
  "featured": [
    {
      "id": "new-arrivals",
      "name": "New Arrivals"
    },
    {
      "id": "best-sellers",
      "name": "Best Sellers"
    },
    {
      "id": "special-offers",
      "name": "Special Offers"
    },
    {
      "id": "seasonal",
      "name": "Seasonal"
    }
  ],
  "mobility": [
    {
      "id": "wheelchairs",
      "name": "Wheelchairs"
    },
    {
      "id": "walkers",
      "name": "Walkers"
    },
    {
      "id": "rollators",
      "name": "Rollators"
    },
    {
      "id": "scooters",
      "name": "Scooters"
    },
    {
      "id": "canes",
      "name": "Canes"
    },
    {
      "id": "transport-chairs",
      "name": "Transport Chairs"
    },
    {
      "id": "power-lift-chairs",
      "name": "Power Lift Chairs"
    }
  ],
  "medical-equipment": [
    {
      "id": "hospital-beds",
      "name": "Hospital Beds"
    },
    {
      "id": "patient-lifts",
      "name": "Patient Lifts"
    },
    {
      "id": "exam-tables",
      "name": "Exam Tables"
    },
    {
      "id": "medical-carts",
      "name": "Medical Carts"
    }
  ],
  "respiratory": [
    {
      "id": "oxygen-concentrators",
      "name": "Oxygen Concentrators"
    },
    {
      "id": "cpap-bipap",
      "name": "CPAP & BiPAP"
    },
    {
      "id": "nebulizers",
      "name": "Nebulizers"
    },
    {
      "id": "suction-machines",
      "name": "Suction Machines"
    }
  ],
  "orthopedic": [
    {
      "id": "braces-supports",
      "name": "Braces & Supports"
    },
    {
      "id": "compression-therapy",
      "name": "Compression Therapy"
    },
    {
      "id": "hot-cold-therapy",
      "name": "Hot & Cold Therapy"
    },
    {
      "id": "pain-management",
      "name": "Pain Management"
    }
  ],
  "therapy": [
    {
      "id": "exercise-rehab",
      "name": "Exercise & Rehab"
    },
    {
      "id": "massage-therapy",
      "name": "Massage Therapy"
    },
    {
      "id": "hand-therapy",
      "name": "Hand Therapy"
    }
  ],
  "bathroom-safety": [
    {
      "id": "shower-chairs",
      "name": "Shower Chairs"
    },
    {
      "id": "grab-bars",
      "name": "Grab Bars"
    },
    {
      "id": "raised-toilet-seats",
      "name": "Raised Toilet Seats"
    },
    {
      "id": "transfer-benches",
      "name": "Transfer Benches"
    }
  ],
  "daily-living": [
    {
      "id": "reachers-grabbers",
      "name": "Reachers & Grabbers"
    },
    {
      "id": "dressing-aids",
      "name": "Dressing Aids"
    },
    {
      "id": "eating-drinking-aids",
      "name": "Eating & Drinking Aids"
    },
    {
      "id": "medication-management",
      "name": "Medication Management"
    }
  ],
  "pediatric": [
    {
      "id": "pediatric-wheelchairs",
      "name": "Pediatric Wheelchairs"
    },
    {
      "id": "pediatric-walkers",
      "name": "Pediatric Walkers"
    },
    {
      "id": "pediatric-bath-seating",
      "name": "Pediatric Bath Seating"
    },
    {
      "id": "pediatric-respiratory",
      "name": "Pediatric Respiratory"
    }
  ]
};

/**
 * Names and subcategories of every category, in menu order. Kept apart from the
 * descriptions so the header and footer carry only what they show.
 */
export const CATEGORY_MENU: CategoryMenuEntry[] = CATEGORY_NAMES.map((category) => ({
  ...category,
  subcategories: SUBCATEGORIES[category.id],
}));
