import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DatabaseSchema } from '#server/db/schema';
import { defineQueue, type JobQueue } from '#server/jobs/queue';
import { type Actor, recordAudit } from '~/console/audit.server';
import { IMAGE_SIZE } from '~/commerce/catalogue/catalog';
import { ProductAdminError } from './product-admin.server';

/**
 * Product photos from staff (docs/decisions/0020): JPEG, PNG or WebP up to 5 MB, recognised by
 * their bytes (never the file name or the browser's type), decoded and resized by sharp to WebP
 * by the job queue (docs/decisions/0021), and kept in the `media` table so every instance serves
 * the same files from the database.
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

/** Why a file is refused, said before anything is stored: its bytes, its kind, its pixels. */
async function checkedImage(file: File): Promise<Uint8Array> {
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
    // A small decode reads the whole file (a truncated or corrupt one fails here, not in the job)
    // at a fraction of the work of the renditions, which the job queue makes.
    await source.clone().resize(32).toBuffer();
  } catch (error) {
    if (error instanceof ProductAdminError) throw error;
    throw new ProductAdminError('This image could not be read. Choose another JPEG, PNG or WebP file.');
  }
  return bytes;
}

/** The storefront's WebP renditions of an image, made by the job queue. */
export const IMAGE_QUEUE = defineQueue<{ upload: string; productId: string; alt: string }>('catalog.image', {
  retryLimit: 3,
  retryDelaySeconds: 5,
  retryDelayMaxSeconds: 60,
  expireInSeconds: 120,
  keepFinishedSeconds: 24 * 60 * 60,
});

const originalId = (upload: string) => `${upload}-original`;

/**
 * Takes a photo for a product: checked now (the answer says what is wrong with it), kept as
 * uploaded in `media` under a name the media route never serves, and its renditions queued. The
 * image joins the product when they are made (processProductImage).
 */
export async function addProductImage(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  actor: Actor,
  productId: string,
  file: File,
  alt: string,
): Promise<void> {
  const bytes = await checkedImage(file);
  const upload = randomUUID();
  await db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) throw new ProductAdminError('This product does not exist.');
    const now = Date.now();
    await trx
      .insertInto('media')
      .values({
        id: originalId(upload),
        content_type: 'application/octet-stream',
        width: 0,
        height: 0,
        bytes,
        created_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      { action: 'product.image.add', targetType: 'product', targetId: productId, after: { upload, alt } },
      now,
    );
    await jobs.send(IMAGE_QUEUE, { upload, productId, alt }, { trx });
  });
}

/**
 * The job: the WebP renditions (rotated by EXIF, which they then drop, with the rest of the
 * metadata), stored, the image added as the product's last, the upload deleted. Once only: a
 * retry after a crash finds the upload gone, or its renditions already there.
 */
export async function processProductImage(
  db: Db,
  job: { upload: string; productId: string; alt: string },
): Promise<boolean> {
  const original = await db
    .selectFrom('media')
    .select('bytes')
    .where('id', '=', originalId(job.upload))
    .executeTakeFirst();
  if (!original) return false;
  const source = sharp(original.bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  const made = await Promise.all(
    RENDITIONS.map((size) =>
      source
        .clone()
        .rotate()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  return db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('media').where('id', '=', originalId(job.upload)).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', job.productId)
      .executeTakeFirst();
    // The product was deleted meanwhile: nothing to add the image to.
    if (!product) return false;
    const now = Date.now();
    const files = made.map((rendition, i) => ({ id: `${job.upload}-${RENDITIONS[i] ?? 0}.webp`, rendition }));
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
      .where('product_id', '=', job.productId)
      .executeTakeFirst();
    const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
    const [shown] = files;
    if (!shown) return false;
    await trx
      .insertInto('product_images')
      .values({
        product_id: job.productId,
        position,
        src: `/media/${shown.id}`,
        alt: job.alt,
        width: shown.rendition.info.width,
        height: shown.rendition.info.height,
      })
      .execute();
    return true;
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
