import { type AppLoadContext, data } from 'react-router';
import { recordAudit } from '~/console/audit.server';
import { requireAdmin } from '~/console/staff-access.server';
import { US_STATE_CODES, type UsStateCode } from '~/commerce/delivery/us-states';
import type { ShippingOptionSetting } from '~/commerce/shipping';
import { shopSettingsStore } from '~/commerce/shop-settings-store.server';
import { answer, invalidFields, postedFields, runIntent } from '~/lib/form-action.server';
import type { FormAnswer } from '~/lib/form-answer';
import { shippingOptionSchema, supplierSchema, taxRatesSchema } from './shop-settings.schema';

export async function shopSettingsPageData(context: AppLoadContext, request: Request) {
  await requireAdmin(context, request);
  return { settings: shopSettingsStore(context.services).current() };
}

/**
 * Save one shipping option, the table of state rates, or the store's supplier identifiers (its
 * NPI and tax id on insurance statements): validated whole (a refusal changes nothing), written with its audit row (old and new values) in one transaction, then every
 * instance reads the settings again. Orders keep the totals they were stored with.
 */
export async function shopSettingsAction(context: AppLoadContext, request: Request) {
  const admin = await requireAdmin(context, request);
  const { db } = context.services.database;
  const store = shopSettingsStore(context.services);
  return runIntent<AppLoadContext, unknown>(
    { context, request },
    {
      async shipping({ form }) {
        const posted = postedFields(form);
        const parsed = shippingOptionSchema.safeParse(posted);
        if (!parsed.success) {
          if (!shippingOptionSchema.shape.option.safeParse(posted.option).success)
            throw data('Reload the page and try again.', { status: 400 });
          return invalidFields<FormAnswer>(
            {
              intent: `shipping-${posted.option}`,
              message: 'Not saved: see the fields below.',
              values: posted,
            },
            parsed.error.issues,
          );
        }
        const { option, name, price, days, freeFrom, carts } = parsed.data;
        const before = store.current().shipping[option];
        const after: ShippingOptionSetting = {
          name,
          price,
          days,
          freeFrom,
          carts: option === 'expedited' ? (carts ?? 'parcel') : before.carts,
        };
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('shipping_settings')
            .set({
              name,
              price_cents: price,
              days,
              free_from_cents: freeFrom,
              carts: after.carts,
              updated_at: Date.now(),
            })
            .where('option', '=', option)
            .execute();
          await recordAudit(trx, admin, {
            action: 'setting.shipping',
            targetType: 'setting',
            targetId: `shipping.${option}`,
            before,
            after,
          });
        });
        await store.changed();
        return answer<FormAnswer>({ intent: `shipping-${option}`, ok: true, message: `${name} saved.` });
      },
      async supplier({ form }) {
        const posted = postedFields(form);
        const parsed = supplierSchema.safeParse(posted);
        if (!parsed.success) {
          return invalidFields<FormAnswer>(
            { intent: 'supplier', message: 'Not saved: see the fields below.', values: posted },
            parsed.error.issues,
          );
        }
        const before = store.current().supplier;
        const after = parsed.data;
        if (before.npi === after.npi && before.taxId === after.taxId)
          return answer<FormAnswer>({ intent: 'supplier', ok: true, message: 'Nothing changed.' });
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('supplier_settings')
            .set({ npi: after.npi, tax_id: after.taxId, updated_at: Date.now() })
            .where('id', '=', 'store')
            .execute();
          await recordAudit(trx, admin, {
            action: 'setting.supplier',
            targetType: 'setting',
            targetId: 'supplier',
            before,
            after,
          });
        });
        await store.changed();
        return answer<FormAnswer>({ intent: 'supplier', ok: true, message: 'Supplier identifiers saved.' });
      },
      async tax({ form }) {
        const posted = postedFields(form);
        const parsed = taxRatesSchema.safeParse(posted);
        if (!parsed.success) {
          return invalidFields<FormAnswer>(
            {
              intent: 'tax',
              message: 'The rates were not saved: see the states marked below.',
              values: posted,
            },
            parsed.error.issues,
          );
        }
        const current = store.current().taxRates;
        const changed = US_STATE_CODES.filter((state) => parsed.data[state] !== current[state]);
        if (changed.length === 0)
          return answer<FormAnswer>({ intent: 'tax', ok: true, message: 'No rate changed.' });
        const pick = (rates: Readonly<Record<UsStateCode, number>>) =>
          Object.fromEntries(changed.map((state) => [state, rates[state]]));
        await db.transaction().execute(async (trx) => {
          const now = Date.now();
          for (const state of changed) {
            await trx
              .updateTable('tax_rates')
              .set({ rate: parsed.data[state], updated_at: now })
              .where('state', '=', state)
              .execute();
          }
          // Rates in thousandths of a percent, as stored (7250 is 7.25 %).
          await recordAudit(trx, admin, {
            action: 'setting.tax_rates',
            targetType: 'setting',
            targetId: 'tax_rates',
            before: pick(current),
            after: pick(parsed.data),
          });
        });
        await store.changed();
        return answer<FormAnswer>({
          intent: 'tax',
          ok: true,
          message: `Saved: ${changed.length === 1 ? '1 rate' : `${changed.length} rates`} changed (${changed.join(', ')}).`,
        });
      },
    },
  );
}
