import type { CategoryDefinition } from '../catalog.types';

/** Every category of the store, in menu order (spec §2). */
export const CATEGORIES: CategoryDefinition[] = [
  {
    id: 'featured',
    name: 'Featured',
    description:
      'New arrivals, our best-rated equipment, current offers and seasonal picks, chosen from across the store.',
    bannerImage: '/images/categories/featured.svg',
    inMenu: true,
    subcategories: [
      { id: 'new-arrivals', name: 'New Arrivals' },
      { id: 'best-sellers', name: 'Best Sellers' },
      { id: 'special-offers', name: 'Special Offers' },
      { id: 'seasonal', name: 'Seasonal' },
    ],
  },
  {
    id: 'mobility',
    name: 'Mobility',
    description:
      'Wheelchairs, walkers, rollators, scooters, canes and lift chairs that help you move safely and independently at home and out.',
    bannerImage: '/images/categories/mobility.svg',
    inMenu: true,
    subcategories: [
      { id: 'wheelchairs', name: 'Wheelchairs' },
      { id: 'walkers', name: 'Walkers' },
      { id: 'rollators', name: 'Rollators' },
      { id: 'scooters', name: 'Scooters' },
      { id: 'canes', name: 'Canes' },
      { id: 'transport-chairs', name: 'Transport Chairs' },
      { id: 'power-lift-chairs', name: 'Power Lift Chairs' },
    ],
  },
  {
    id: 'medical-equipment',
    name: 'Medical Equipment',
    description:
      'Hospital beds, patient lifts, exam tables and medical carts for home care, clinics and long-term care facilities.',
    bannerImage: '/images/categories/medical-equipment.svg',
    inMenu: true,
    subcategories: [
      { id: 'hospital-beds', name: 'Hospital Beds' },
      { id: 'patient-lifts', name: 'Patient Lifts' },
      { id: 'exam-tables', name: 'Exam Tables' },
      { id: 'medical-carts', name: 'Medical Carts' },
    ],
  },
  {
    id: 'respiratory',
    name: 'Respiratory',
    description:
      'Oxygen concentrators, CPAP and BiPAP machines, nebulizers and suction machines for breathing support at home and on the go.',
    bannerImage: '/images/categories/respiratory.svg',
    inMenu: true,
    subcategories: [
      { id: 'oxygen-concentrators', name: 'Oxygen Concentrators' },
      { id: 'cpap-bipap', name: 'CPAP & BiPAP' },
      { id: 'nebulizers', name: 'Nebulizers' },
      { id: 'suction-machines', name: 'Suction Machines' },
    ],
  },
  {
    id: 'orthopedic',
    name: 'Orthopedic',
    description:
      'Braces and supports, compression garments, hot and cold therapy and pain relief for recovery and everyday comfort.',
    bannerImage: '/images/categories/orthopedic.svg',
    inMenu: true,
    subcategories: [
      { id: 'braces-supports', name: 'Braces & Supports' },
      { id: 'compression-therapy', name: 'Compression Therapy' },
      { id: 'hot-cold-therapy', name: 'Hot & Cold Therapy' },
      { id: 'pain-management', name: 'Pain Management' },
    ],
  },
  {
    id: 'therapy',
    name: 'Therapy & Fitness',
    description:
      'Exercise, rehabilitation and massage equipment to rebuild strength, balance and range of motion at home.',
    bannerImage: '/images/categories/therapy.svg',
    inMenu: true,
    subcategories: [
      { id: 'exercise-rehab', name: 'Exercise & Rehab' },
      { id: 'massage-therapy', name: 'Massage Therapy' },
      { id: 'hand-therapy', name: 'Hand Therapy' },
    ],
  },
  {
    id: 'bathroom-safety',
    name: 'Bathroom Safety',
    description:
      'Shower chairs, grab bars, raised toilet seats and transfer benches that make bathing and toileting safer.',
    bannerImage: '/images/categories/bathroom-safety.svg',
    inMenu: true,
    subcategories: [
      { id: 'shower-chairs', name: 'Shower Chairs' },
      { id: 'grab-bars', name: 'Grab Bars' },
      { id: 'raised-toilet-seats', name: 'Raised Toilet Seats' },
      { id: 'transfer-benches', name: 'Transfer Benches' },
    ],
  },
  {
    id: 'daily-living',
    name: 'Daily Living Aids',
    description:
      'Reachers, dressing and eating aids and medication organizers that make everyday tasks easier and keep you independent.',
    bannerImage: '/images/categories/daily-living.svg',
    inMenu: false,
    subcategories: [
      { id: 'reachers-grabbers', name: 'Reachers & Grabbers' },
      { id: 'dressing-aids', name: 'Dressing Aids' },
      { id: 'eating-drinking-aids', name: 'Eating & Drinking Aids' },
      { id: 'medication-management', name: 'Medication Management' },
    ],
  },
  {
    id: 'pediatric',
    name: 'Pediatric',
    description:
      'Wheelchairs, walkers, bath seating and breathing equipment sized and designed for children.',
    bannerImage: '/images/categories/pediatric.svg',
    inMenu: false,
    subcategories: [
      { id: 'pediatric-wheelchairs', name: 'Pediatric Wheelchairs' },
      { id: 'pediatric-walkers', name: 'Pediatric Walkers' },
      { id: 'pediatric-bath-seating', name: 'Pediatric Bath Seating' },
      { id: 'pediatric-respiratory', name: 'Pediatric Respiratory' },
    ],
  },
];
