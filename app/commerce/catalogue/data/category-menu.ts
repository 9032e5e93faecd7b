import type { CategoryMenuEntry } from '../catalog.types';

/**
 * Names and subcategories of every category, in menu order. Kept apart from the
 * descriptions so the header and footer carry only what they show.
 */
export const CATEGORY_MENU: CategoryMenuEntry[] = [
  {
    "id": "featured",
    "name": "Featured",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "mobility",
    "name": "Mobility",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "medical-equipment",
    "name": "Medical Equipment",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "respiratory",
    "name": "Respiratory",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "orthopedic",
    "name": "Orthopedic",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "therapy",
    "name": "Therapy & Fitness",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "bathroom-safety",
    "name": "Bathroom Safety",
    "inMenu": true,
    "subcategories": [
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
    ]
  },
  {
    "id": "daily-living",
    "name": "Daily Living Aids",
    "inMenu": false,
    "subcategories": [
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
    ]
  },
  {
    "id": "pediatric",
    "name": "Pediatric",
    "inMenu": false,
    "subcategories": [
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
  }
];
