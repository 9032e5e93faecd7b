import type { Random } from './prng';

const words = (text: string) => text.trim().split(/\s+/);

/**
 * Names and places for the growth bench's customers and orders: 120 first names and 160 last
 * names give 19,200 full names, so a name search finds a handful of people, as in a real store.
 */
export const FIRST_NAMES = words(`
  Maria James Linda Robert Patricia John Barbara Michael Susan David Jennifer William Elizabeth
  Richard Jessica Joseph Sarah Thomas Karen Charles Nancy Christopher Lisa Daniel Betty Matthew
  Margaret Anthony Sandra Mark Ashley Donald Kimberly Steven Emily Paul Donna Andrew Michelle
  Joshua Carol Kenneth Amanda Kevin Dorothy Brian Melissa George Deborah Timothy Stephanie Ronald
  Rebecca Edward Sharon Jason Laura Jeffrey Cynthia Ryan Kathleen Jacob Amy Gary Angela Nicholas
  Shirley Eric Anna Jonathan Brenda Stephen Pamela Larry Emma Justin Nicole Scott Helen Brandon
  Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Frank Carolyn
  Raymond Janet Jack Catherine Dennis Ruth Jerry Maya Tyler Rosa Aaron Mei Jose Priya Adam Fatima
  Henry Aisha Nathan Yuki Douglas Olga Zachary Ngozi Peter Lucia Kyle Ingrid Walter
`);

export const LAST_NAMES = words(`
  Garcia Smith Johnson Brown Davis Miller Wilson Moore Taylor Clark Williams Jones Rodriguez
  Martinez Hernandez Lopez Gonzalez Anderson Thomas Jackson White Harris Martin Thompson Lee
  Perez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
  Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz
  Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz
  Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks
  Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers
  Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson
  Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham
  Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar
  Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy
  Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter
  Okafor Lindqvist
`);

const STREETS = [
  'Main Street',
  'Oak Avenue',
  'Maple Drive',
  'Cedar Lane',
  'Elm Street',
  'Park Road',
  'Pine Street',
  'Lakeview Drive',
  'Washington Avenue',
  'Hillcrest Road',
  'Sunset Boulevard',
  'River Road',
];

/** A city in each of a spread of states, with a ZIP code there and the state's sales tax (thousandths of a percent). */
const PLACES = [
  { city: 'Springfield', state: 'IL', zip: '62704', taxRate: 6250 },
  { city: 'Portland', state: 'OR', zip: '97205', taxRate: 0 },
  { city: 'Austin', state: 'TX', zip: '78701', taxRate: 6250 },
  { city: 'Sacramento', state: 'CA', zip: '95814', taxRate: 7250 },
  { city: 'Albany', state: 'NY', zip: '12207', taxRate: 4000 },
  { city: 'Tampa', state: 'FL', zip: '33602', taxRate: 6000 },
  { city: 'Columbus', state: 'OH', zip: '43215', taxRate: 5750 },
  { city: 'Harrisburg', state: 'PA', zip: '17101', taxRate: 6000 },
  { city: 'Spokane', state: 'WA', zip: '99201', taxRate: 6500 },
  { city: 'Savannah', state: 'GA', zip: '31401', taxRate: 4000 },
  { city: 'Denver', state: 'CO', zip: '80202', taxRate: 2900 },
  { city: 'Phoenix', state: 'AZ', zip: '85004', taxRate: 5600 },
];

export interface Person {
  firstName: string;
  lastName: string;
}

export function person(rng: Random): Person {
  return { firstName: rng.pick(FIRST_NAMES), lastName: rng.pick(LAST_NAMES) };
}

export function address(rng: Random) {
  const place = rng.pick(PLACES);
  return {
    line1: `${rng.int(10, 9899)} ${rng.pick(STREETS)}`,
    line2: rng.chance(0.15) ? `Apt ${rng.int(1, 40)}` : '',
    phone: `(${rng.int(201, 989)}) 555-0${rng.int(100, 199)}`,
    ...place,
  };
}
