import type { ProductInput } from '../../catalog.types';
import { bathroomSafetyProducts } from './bathroom-safety';
import { dailyLivingProducts } from './daily-living';
import { medicalEquipmentProducts } from './medical-equipment';
import { mobilityProducts } from './mobility';
import { orthopedicProducts } from './orthopedic';
import { pediatricProducts } from './pediatric';
import { respiratoryProducts } from './respiratory';
import { therapyProducts } from './therapy';

/** Every product as written in the data files, in catalogue order. */
export const PRODUCT_INPUTS: ProductInput[] = [
  ...mobilityProducts,
  ...medicalEquipmentProducts,
  ...respiratoryProducts,
  ...orthopedicProducts,
  ...therapyProducts,
  ...bathroomSafetyProducts,
  ...dailyLivingProducts,
  ...pediatricProducts,
];
