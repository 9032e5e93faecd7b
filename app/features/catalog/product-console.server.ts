import type { AppLoadContext } from 'react-router';
import { catalogueOf } from '~/commerce/catalogue/catalogue-store.server';

/** The editor's choices: every category with its subcategories, and the brands on file. */
export async function productChoices(context: AppLoadContext) {
  const categories = catalogueOf(context.services).categories.filter((c) => c.id !== 'featured');
  const brands = await context.services.database.db
    .selectFrom('brands')
    .select('name')
    .orderBy('name')
    .execute();
  return {
    placements: categories.flatMap((c) =>
      c.subcategories.map((s) => [`${c.id}/${s.id}`, `${c.name} › ${s.name}`] as const),
    ),
    brands: brands.map((b) => b.name),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
  };
}
