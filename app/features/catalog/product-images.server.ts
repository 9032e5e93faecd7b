import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DatabaseSchema } from '#server/db/schema';
import { type Actor, recordAudit } from '../staff/audit.server';
import { IMAGE_SIZE } from './catalog';
import { ProductAdminError } from './product-admin.server';

/**
 * Product photos from staff (docs/decisions/0020): JPEG, PNG or WebP up to 5 MB, recognised by
 * their bytes (never the file name or the browser's type), decoded and resized by sharp to WebP,
 * and kept in the `media` table so every instance serves the same files from the database.
 */
type Db = Kysely<DatabaseSchema>;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A decoded image this large is refused before it is decoded in full (a "decompression bomb"). */
const MAX_PIXELS = 40_000_000;
/** The storefront's size (cards and product page), and one twice as sharp for later srcsets. */
const RENDITIONS = [IMAGE_SIZE, IMAGE_SIZE * 2] as const;

const NOT_AN_IMAGE = 'Choose a JPEG, PNG or WebP image.';

/** What the first bytes say the file is: the three formats we take, or nothing. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | undefined {
  const at = (i: number) => bytes[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (bytes.length > 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** The file as WebP renditions, or a ProductAdminError saying why not. */
async function renditions(file: File) {
  if (file.size === 0) throw new ProductAdminError(NOT_AN_IMAGE);
  if (file.size > MAX_IMAGE_BYTES)
    throw new ProductAdminError('This image is larger than 5 MB. Choose a smaller one.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const format = sniffImage(bytes);
  if (!format) throw new ProductAdminError(NOT_AN_IMAGE);
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    if (meta.format !== format) throw new ProductAdminError(NOT_AN_IMAGE);
    return await Promise.all(
      RENDITIONS.map((size) =>
        source
          .clone()
          .rotate()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true }),
      ),
    );
  } catch (error) {
    if (error instanceof ProductAdminError) throw error;
    throw new ProductAdminError('This image could not be read. Choose another JPEG, PNG or WebP file.');
  }
}

export async function addProductImage(
  db: Db,
  actor: Actor,
  productId: string,
  file: File,
  alt: string,
): Promise<void> {
  const made = await renditions(file);
  const base = randomUUID();
  await db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw new ProductAdminError('This product does not exist.');
    const now = Date.now();
    const files = made.map((rendition, i) => ({ id: `${base}-${RENDITIONS[i] ?? 0}.webp`, rendition }));
    await trx
      .insertInto('media')
      .values(
        files.map(({ id, rendition }) => ({
          id,
          content_type: 'image/webp',
          width: rendition.info.width,
          height: rendition.info.height,
          bytes: rendition.data,
          created_at: now,
        })),
      )
      .execute();
    const last = await trx
      .selectFrom('product_images')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('product_id', '=', productId)
      .executeTakeFirst();
    const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
    const [shown] = files;
    if (!shown) throw new ProductAdminError('This image could not be read.');
    const src = `/media/${shown.id}`;
    await trx
      .insertInto('product_images')
      .values({
        product_id: productId,
        position,
        src,
        alt,
        width: shown.rendition.info.width,
        height: shown.rendition.info.height,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: 'product.image.add', targetType: 'product', targetId: productId, after: { src, alt } },
      now,
    );
  });
}

export async function removeProductImage(
  db: Db,
  actor: Actor,
  productId: string,
  position: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const image = await trx
      .selectFrom('product_images')
      .selectAll()
      .where('product_id', '=', productId)
      .where('position', '=', position)
      .executeTakeFirst();
    if (!image) throw new ProductAdminError('This image is not on the product any more.');
    await trx
      .deleteFrom('product_images')
      .where('product_id', '=', productId)
      .where('position', '=', position)
      .execute();
    const uploaded = /^\/media\/([0-9a-f-]{36})-\d+\.webp$/.exec(image.src);
    if (uploaded) await trx.deleteFrom('media').where('id', 'like', `${uploaded[1]}-%`).execute();
    await recordAudit(trx, actor, {
      action: 'product.image.remove',
      targetType: 'product',
      targetId: productId,
      before: { src: image.src, alt: image.alt },
    });
  });
}
