import { formatPrice } from '~/commerce/money';
import { HSA_FSA_TEXT, hsaFsaStatus, type ProductCard } from '~/commerce/catalogue/catalog';
import type { Catalogue } from '~/commerce/catalogue/catalog.server';
import type { Product } from '~/commerce/catalogue/catalog.types';
import { alignSpecifications, type CompareRow, compareRow, parseCompareIds } from './compare';
import { fitFigures, UNKNOWN_FIGURE } from '~/commerce/catalogue/fit';

/** One product of the comparison: its column's heading and what its Add to Cart needs. */
export interface ComparedColumn {
  id: string;
  name: string;
  link: string;
  image: string;
  card: ProductCard;
}

export interface CompareGroup {
  title: string;
  rows: CompareRow[];
}

export interface Comparison {
  columns: ComparedColumn[];
  groups: CompareGroup[];
  /** Ids of the address that name no product (well-formed but unknown, or malformed). */
  notFound: number;
  /** Products beyond the four that can be compared. */
  extra: number;
}

/**
 * Specification rows made from the same measures as the fit figures: the fit rows show them
 * (with the width as used and an adjustable seat height), so they are not listed twice.
 */
const SHOWN_AS_FIT = new Set([
  'Weight capacity',
  'Seat width',
  'Seat height',
  'Overall width',
  'Width folded',
  'Item weight',
]);

/** The products an address names, read from the catalogue, and their rows side by side. */
export function comparison(catalogue: Catalogue, idsParams: readonly string[]): Comparison {
  const { ids, malformed, extra } = parseCompareIds(idsParams);
  const products = ids.map((id) => catalogue.getProduct(id)).filter((p): p is Product => p !== undefined);
  const known = (rows: CompareRow[]) => rows.filter((row) => row.values.some((v) => v !== null));
  const groups: CompareGroup[] = [
    { title: 'Overview', rows: overviewRows(products) },
    { title: 'Fit', rows: known(fitRows(products)) },
    {
      title: 'Specifications',
      rows: alignSpecifications(
        products.map((p) => p.specifications),
        SHOWN_AS_FIT,
      ),
    },
  ];
  return {
    columns: products.map((p) => ({
      id: p.id,
      name: p.name,
      link: p.link,
      image: p.image,
      card: catalogue.gridCard(p),
    })),
    groups: products.length === 0 ? [] : groups.filter((group) => group.rows.length > 0),
    notFound: malformed + ids.length - products.length,
    extra,
  };
}

function overviewRows(products: readonly Product[]): CompareRow[] {
  const row = (name: string, value: (p: Product) => string) => compareRow(name, products.map(value));
  return [
    row('Price', (p) =>
      p.isSale && p.originalPrice
        ? `${formatPrice(p.price)} (was ${formatPrice(p.originalPrice)})`
        : formatPrice(p.price),
    ),
    row('Rating', (p) => `${p.rating} out of 5 (${p.reviewCount} reviews)`),
    row('Availability', (p) => p.stock),
    row('Brand', (p) => p.brand),
    row('HSA/FSA', (p) => HSA_FSA_TEXT[hsaFsaStatus(p)]),
  ];
}

function fitRows(products: readonly Product[]): CompareRow[] {
  const figures = products.map((p) => fitFigures(p.measures));
  return (figures[0] ?? []).map(({ name }, index) =>
    compareRow(
      name,
      figures.map((list) => {
        const value = list[index]?.value;
        return value === undefined || value === UNKNOWN_FIGURE ? null : value;
      }),
    ),
  );
}
