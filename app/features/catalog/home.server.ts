import { featuredProducts, featuredSubcategoryProducts, sortProducts } from '~/commerce/catalogue/catalog';
import type { Catalogue } from '~/commerce/catalogue/catalog.server';

const HOME_ROW = 8;

function homeContentOf(catalogue: Catalogue) {
  const { products } = catalogue;
  return {
    featured: featuredProducts(products)
      .filter((p) => p.isNew || p.isSale)
      .slice(0, HOME_ROW)
      .map((p) => catalogue.gridCard(p)),
    bestSellers: sortProducts(featuredSubcategoryProducts(products, 'best-sellers'), 'rating')
      .slice(0, HOME_ROW)
      .map((p) => catalogue.gridCard(p)),
    categories: catalogue.categories
      .filter((c) => c.id !== 'featured')
      .map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        bannerImage: c.bannerImage,
        count: products.filter((p) => p.category === c.id).length,
      })),
  };
}

// Computed once per catalogue snapshot: a change makes a new snapshot, and so new content.
const contents = new WeakMap<Catalogue, ReturnType<typeof homeContentOf>>();

/** What the home page shows. */
export function homeContent(catalogue: Catalogue) {
  let content = contents.get(catalogue);
  if (!content) {
    content = homeContentOf(catalogue);
    contents.set(catalogue, content);
  }
  return content;
}
