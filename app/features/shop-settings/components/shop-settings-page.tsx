import { Form, useActionData } from 'react-router';
import { Field, SelectField } from '~/components/ui/field';
import { primaryButton } from '~/components/ui/button-styles';
import { ConsoleMessage } from '~/console/console-message';
import { US_STATES } from '~/commerce/delivery/us-states';
import { centsToDecimal } from '~/commerce/money';
import { SHIPPING_OPTIONS, type ShippingOption } from '~/commerce/shipping';
import type { ShopSettings } from '~/commerce/shop-settings';
import type { FormAnswer } from '~/lib/form-answer';

const CARTS_TEXT = { parcel: 'Parcel carts only', freight: 'Freight carts only', all: 'Every cart' } as const;

/** '7.25' for 7250 thousandths of a percent. */
const percentText = (rate: number) => String(Number((rate / 1000).toFixed(3)));

function ShippingOptionForm({
  option,
  settings,
  answer,
}: {
  option: ShippingOption;
  settings: ShopSettings;
  answer: FormAnswer | undefined;
}) {
  const setting = settings.shipping[option];
  const mine = answer?.intent === `shipping-${option}` && !answer.ok ? answer : undefined;
  const value = (name: string, saved: string) => mine?.values?.[name] ?? saved;
  const titleId = `shipping-${option}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border border-border p-4">
      <h3 id={titleId} className="text-lg font-bold">
        {setting.name} <span className="font-normal">({option})</span>
      </h3>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" key={JSON.stringify(setting)}>
        <input type="hidden" name="option" value={option} />
        <Field
          label="Name"
          name="name"
          defaultValue={value('name', setting.name)}
          error={mine?.fields?.name}
          required
          maxLength={60}
        />
        <Field
          label="Price (dollars)"
          name="price"
          inputMode="decimal"
          defaultValue={value('price', centsToDecimal(setting.price))}
          error={mine?.fields?.price}
          required
        />
        <Field
          label="Delivery time"
          name="days"
          defaultValue={value('days', setting.days)}
          error={mine?.fields?.days}
          required
          maxLength={60}
        />
        <Field
          label="Free from (whole dollars, empty for never)"
          name="freeFrom"
          inputMode="numeric"
          defaultValue={value('freeFrom', setting.freeFrom === null ? '' : String(setting.freeFrom / 100))}
          error={mine?.fields?.freeFrom}
        />
        {option === 'expedited' ? (
          <SelectField
            label="Offered to"
            name="carts"
            defaultValue={value('carts', setting.carts)}
            error={mine?.fields?.carts}
            options={[
              ['parcel', CARTS_TEXT.parcel],
              ['all', `${CARTS_TEXT.all} (freight carts too)`],
            ]}
          />
        ) : (
          <p className="self-end">Offered to: {CARTS_TEXT[setting.carts]}</p>
        )}
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="shipping" className={primaryButton}>
            Save {setting.name}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The store as a supplier on insurance statements (docs/decisions/0063): its NPI and tax id. */
function SupplierForm({ settings, answer }: { settings: ShopSettings; answer: FormAnswer | undefined }) {
  const mine = answer?.intent === 'supplier' && !answer.ok ? answer : undefined;
  const { npi, taxId } = settings.supplier;
  return (
    <section aria-labelledby="supplier-title" className="space-y-4">
      <h2 id="supplier-title" className="text-xl font-bold">
        Supplier identifiers
      </h2>
      <p>
        Printed on the insurance statements buyers send with their claims. Leave a field empty until the store
        has it.
      </p>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" key={JSON.stringify(settings.supplier)}>
        <Field
          label="Store NPI"
          hint="The store's 10-digit National Provider Identifier."
          name="npi"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          defaultValue={mine?.values?.npi ?? npi ?? ''}
          error={mine?.fields?.npi}
        />
        <Field
          label="Tax id (EIN)"
          hint="The employer identification number, NN-NNNNNNN."
          name="taxId"
          autoComplete="off"
          maxLength={10}
          defaultValue={mine?.values?.taxId ?? taxId ?? ''}
          error={mine?.fields?.taxId}
        />
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="supplier" className={primaryButton}>
            Save supplier identifiers
          </button>
        </div>
      </Form>
    </section>
  );
}

/** The console's shipping options, state tax rates and supplier identifiers (admins only). */
export function ShopSettingsPage({ settings }: { settings: ShopSettings }) {
  const answer = useActionData<FormAnswer>();
  const taxAnswer = answer?.intent === 'tax' && !answer.ok ? answer : undefined;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Shipping and tax</h1>
      <p>
        What new quotes and orders are charged. Orders already placed keep the amounts they were stored with.
      </p>
      <ConsoleMessage />
      <section aria-labelledby="shipping-title" className="space-y-4">
        <h2 id="shipping-title" className="text-xl font-bold">
          Shipping options
        </h2>
        <p>Standard&apos;s free-shipping threshold is the one the header, footer and cart quote.</p>
        {SHIPPING_OPTIONS.map((option) => (
          <ShippingOptionForm key={option} option={option} settings={settings} answer={answer} />
        ))}
      </section>
      <section aria-labelledby="tax-title" className="space-y-4">
        <h2 id="tax-title" className="text-xl font-bold">
          Sales tax by state
        </h2>
        <p>Each state&apos;s rate in percent, from 0 to 15, with at most 3 decimals (6.875).</p>
        <Form method="post" className="space-y-4" key={JSON.stringify(settings.taxRates)}>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-6">
            {US_STATES.map(([code, name]) => (
              <Field
                key={code}
                label={`${name} (%)`}
                name={code}
                inputMode="decimal"
                defaultValue={taxAnswer?.values?.[code] ?? percentText(settings.taxRates[code])}
                error={taxAnswer?.fields?.[code]}
                required
              />
            ))}
          </div>
          <button type="submit" name="intent" value="tax" className={primaryButton}>
            Save tax rates
          </button>
        </Form>
      </section>
      <SupplierForm settings={settings} answer={answer} />
    </div>
  );
}
