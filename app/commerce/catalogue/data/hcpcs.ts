/**
 * The seed's HCPCS Level II codes (issue 35), by product id: the durable medical equipment,
 * orthotics and supplies an insurer is billed for under a code of its own, with NU (bought new)
 * as the default modifier of the equipment. Products no code matches have none.
 */
export const SEED_HCPCS: Readonly<Record<string, readonly [code: string, modifier?: string]>> = {
  // Wheelchairs: standard K0001, lightweight K0003, heavy-duty K0006, extra heavy-duty K0007.
  'medline-excel-k1-basic-wheelchair-18': ['K0001', 'NU'],
  'invacare-tracer-sx5-wheelchair-18': ['K0001', 'NU'],
  'cruiser-iii-lightweight-wheelchair': ['K0003', 'NU'],
  'everest-jennings-traveler-hd-wheelchair-20': ['K0006', 'NU'],
  'sentra-ec-heavy-duty-bariatric-wheelchair-22': ['K0007', 'NU'],
  // Transport chairs: up to 300 lb E1038, heavier E1039.
  'drive-medical-fly-lite-transport-chair': ['E1038', 'NU'],
  'medline-steel-transport-chair-12-inch-wheels': ['E1038', 'NU'],
  'vive-health-lightweight-transport-wheelchair': ['E1038', 'NU'],
  'drive-medical-bariatric-transport-chair-22': ['E1039', 'NU'],
  // Walkers: folding with wheels E0143, heavy-duty without wheels E0148, heavy-duty wheeled E0149.
  'drive-medical-two-button-folding-walker-with-wheels': ['E0143', 'NU'],
  'vive-health-folding-walker-with-wheels': ['E0143', 'NU'],
  'medline-bariatric-folding-walker': ['E0148', 'NU'],
  'drive-medical-nitro-euro-style-rollator': ['E0143', 'NU'],
  'medline-empower-rollator-with-tray': ['E0143', 'NU'],
  'nova-medical-zoom-22-rollator': ['E0143', 'NU'],
  'vive-health-rollator-walker-with-seat': ['E0143', 'NU'],
  'drive-medical-heavy-duty-bariatric-rollator': ['E0149', 'NU'],
  // Canes: E0100, quad cane E0105.
  'drive-medical-small-base-quad-cane': ['E0105', 'NU'],
  'medline-aluminum-offset-handle-cane': ['E0100', 'NU'],
  'vive-health-folding-cane': ['E0100', 'NU'],
  'carex-soft-grip-derby-handle-cane': ['E0100', 'NU'],
  // Bathroom safety: shower chair E0240, raised toilet seat E0244, toilet frame E0243,
  // tub transfer bench E0247.
  'shower-chair-with-back-adjustable-height': ['E0240', 'NU'],
  'padded-arm-shower-chair-with-back': ['E0240', 'NU'],
  'contoured-shower-chair-with-back-and-arms': ['E0240', 'NU'],
  'folding-shower-chair-for-travel': ['E0240', 'NU'],
  'raised-toilet-seat-with-lock-and-arms': ['E0244', 'NU'],
  'toilet-seat-elevator-with-handles': ['E0244', 'NU'],
  'toilet-safety-frame-adjustable-height': ['E0243', 'NU'],
  'tub-transfer-bench-with-reversible-backrest': ['E0247', 'NU'],
  'padded-transfer-bench-with-commode-opening': ['E0247', 'NU'],
  'universal-tub-transfer-bench': ['E0247', 'NU'],
  // Hospital beds and patient lifts: semi-electric bed E0260, hydraulic lift E0630,
  // electric lift E0635, sling E0621.
  'invacare-5410ivc-semi-electric-homecare-bed': ['E0260', 'NU'],
  'hoyer-classic-hydraulic-patient-lift': ['E0630', 'NU'],
  'invacare-reliant-450-battery-powered-lift': ['E0635', 'NU'],
  'medline-full-body-mesh-sling-commode-opening-large': ['E0621', 'NU'],
  // Respiratory: oxygen concentrator E1390 (portable E1392), CPAP E0601, bilevel without
  // backup rate E0470, full face mask A7030, compressor nebulizer E0570, suction pump E0600.
  'philips-respironics-everflo-5-liter-oxygen-concentrator': ['E1390', 'NU'],
  'drive-medical-devilbiss-5-liter-oxygen-concentrator': ['E1390', 'NU'],
  'caire-newlife-intensity-10-oxygen-concentrator': ['E1390', 'NU'],
  'inogen-one-g5-portable-oxygen-concentrator': ['E1392', 'NU'],
  'caire-freestyle-comfort-portable-oxygen-concentrator': ['E1392', 'NU'],
  'resmed-airsense-11-autoset-cpap': ['E0601', 'NU'],
  'resmed-airmini-autoset-travel-cpap': ['E0601', 'NU'],
  'react-health-luna-g3-auto-cpap': ['E0601', 'NU'],
  'resmed-aircurve-10-vauto-bipap': ['E0470', 'NU'],
  'fisher-paykel-evora-full-face-cpap-mask': ['A7030'],
  // Full face mask cushion, replacement only, each.
  'fisher-paykel-evora-full-face-mask-cushion': ['A7031'],
  'pari-trek-s-portable-compressor-nebulizer': ['E0570', 'NU'],
  'omron-compair-ne-c801-compressor-nebulizer': ['E0570', 'NU'],
  'philips-respironics-innospire-elegance-nebulizer': ['E0570', 'NU'],
  'pediatric-compressor-nebulizer-system': ['E0570', 'NU'],
  'kids-portable-compressor-nebulizer-kit': ['E0570', 'NU'],
  'kids-puppy-compressor-nebulizer': ['E0570', 'NU'],
  'drive-medical-vacu-aide-qsu-portable-suction-machine': ['E0600', 'NU'],
  'drive-medical-heavy-duty-suction-machine': ['E0600', 'NU'],
  // Orthopedic: hinged knee orthosis L1820, ankle stirrup L4350, pneumatic walking boot L4361,
  // TENS with four leads E0730.
  'hinged-knee-brace-with-side-stabilizers': ['L1820'],
  'air-stirrup-ankle-brace': ['L4350'],
  'short-pneumatic-walking-boot': ['L4361'],
  'digital-tens-unit-two-channel': ['E0730', 'NU'],
};
