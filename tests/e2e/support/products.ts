/** Seed products the cart and wishlist specs use, with their names as the pages show them. */
export const WALKER = {
  id: 'drive-medical-two-button-folding-walker-with-wheels',
  name: 'Drive Medical Deluxe Two-Button Folding Walker with 5 in. Wheels',
};
export const WHEELCHAIR = {
  id: 'cruiser-iii-lightweight-wheelchair',
  name: 'Drive Medical Cruiser III Lightweight Wheelchair, 18 in. Seat',
};
