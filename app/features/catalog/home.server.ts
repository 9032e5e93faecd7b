import { featuredProducts, featuredSubcategoryProducts, sortProducts } from './catalog';
import { gridCard, PRODUCTS } from './catalog.server';
import { CATEGORIES } from './data/categories';

const HOME_ROW = 8;

/** What the home page shows, computed once: the catalogue is static. */
export const HOME_CONTENT = {
  featured: featuredProducts(PRODUCTS)
    .filter((p) => p.isNew || p.isSale)
    .slice(0, HOME_ROW)
    .map(gridCard),
  bestSellers: sortProducts(featuredSubcategoryProducts(PRODUCTS, 'best-sellers'), 'rating')
    .slice(0, HOME_ROW)
    .map(gridCard),
  categories: CATEGORIES.filter((c) => c.id !== 'featured').map((c) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    bannerImage: c.bannerImage,
    count: PRODUCTS.filter((p) => p.category === c.id).length,
  })),
};
