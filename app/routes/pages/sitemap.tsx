import { Link } from 'react-router';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { CATEGORY_MENU } from '~/commerce/catalogue/data/category-menu';
import { SITE_PAGES, type SitePage } from '~/lib/site-pages';
import { STORE, pageTitle } from '~/lib/store-info';
import type { Route } from './+types/sitemap';

/**
 * The categories as data: the module that holds them is otherwise the chunk the header fetches
 * when a menu opens, and would take this page's code with it.
 */
export function loader() {
  return { categories: CATEGORY_MENU };
}

export function meta() {
  return [
    { title: pageTitle('Sitemap') },
    {
      name: 'description',
      content: `A list of every category, shopping page and information page on ${STORE.name}, with links.`,
    },
  ];
}

const SHOPPING_PAGES = [
  { path: '/', title: 'Home' },
  { path: '/search', title: 'Search' },
  { path: '/cart', title: 'Cart' },
  { path: '/wishlist', title: 'Wishlist' },
] as const;

const PAGE_GROUPS: { group: SitePage['group']; title: string }[] = [
  { group: 'customer-service', title: 'Customer service' },
  { group: 'company', title: 'About the company' },
  { group: 'policies', title: 'Policies' },
];

export default function Sitemap({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage
      title="Sitemap"
      intro="Every part of our store on one page. Select a link to go straight to it."
    >
      <ContentSection title="Shop by category">
        <ul>
          <li>
            <Link to="/category/all">All Products</Link>
          </li>
          {loaderData.categories.map((category) => (
            <li key={category.id}>
              <Link to={`/category/${category.id}`}>{category.name}</Link>
              {category.subcategories.length > 0 ? (
                <ul aria-label={`${category.name} subcategories`}>
                  {category.subcategories.map((sub) => (
                    <li key={sub.id}>
                      <Link to={`/category/${category.id}/${sub.id}`}>{sub.name}</Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection title="Shopping">
        <ul>
          {SHOPPING_PAGES.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </ContentSection>

      {PAGE_GROUPS.map(({ group, title }) => (
        <ContentSection key={group} title={title}>
          <ul>
            {SITE_PAGES.filter((page) => page.group === group).map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </ContentSection>
      ))}
    </ContentPage>
  );
}
