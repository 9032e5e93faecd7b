import { Form } from 'react-router';
import { secondaryButton } from '~/components/ui/button-styles';
import type { FitInput } from '~/commerce/catalogue/catalog.schema';
import type { ProductMeasures } from '~/commerce/catalogue/catalog.types';
import { checkFit, fitFigures, fitHeadline, hasNeeds, overallAnswer } from '~/commerce/catalogue/fit';
import { FitFields, useFitNeeds } from './fit-fields';

const answerColour = {
  fits: 'text-success',
  'does-not-fit': 'text-danger',
  unknown: 'text-warning',
} as const;

/**
 * "Will it fit?" on a product page: the answer in plain words for the figures entered (or last
 * entered on this device), the form to change them, and the fit figures the answer rests on.
 */
export function FitCheck({
  measures,
  input,
  pathname,
}: {
  measures: ProductMeasures;
  input: FitInput;
  pathname: string;
}) {
  const needs = useFitNeeds(input);
  const checks = checkFit(measures, needs);
  const answer = overallAnswer(checks);
  return (
    <section aria-labelledby="fit-check-title" className="rounded-lg border-2 border-brand/40 p-4">
      <h2 id="fit-check-title" className="text-xl font-bold">
        Will it fit?
      </h2>
      <div role="status" className="mt-2">
        {hasNeeds(needs) ? (
          <>
            <p className={`text-lg font-bold ${answerColour[answer]}`}>{fitHeadline(answer, needs)}</p>
            <ul className="mt-1 list-disc pl-6">
              {checks.map((check) => (
                <li key={check.need}>{check.text}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <Form method="get" action={pathname} preventScrollReset className="mt-3 grid gap-4 sm:grid-cols-2">
        <FitFields
          key={`${input.values.weight}|${input.values.door}`}
          input={input}
          needs={needs}
          idPrefix="fit-check"
        />
        <div className="sm:col-span-2">
          <button type="submit" className={secondaryButton}>
            Check the fit
          </button>
        </div>
      </Form>
      <h3 className="mt-4 font-bold">The figures we go by</h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {fitFigures(measures).map((row) => (
          <div key={row.name} className="contents">
            <dt>{row.name}</dt>
            <dd className="font-bold">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-muted">
        From the maker&apos;s published specifications. &quot;Unknown&quot; means the maker does not give the
        figure to us; ask us before you buy.
      </p>
    </section>
  );
}
