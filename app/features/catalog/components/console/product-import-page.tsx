import { Form, Link, useActionData, useNavigation } from 'react-router';
import { primaryButton } from '~/components/ui/button-styles';
import { ConsoleMessage } from '~/console/console-message';
import type { ImportAnswer, ImportReport } from '../../import/import-report';
import { CSV_HEADERS } from '../../import/product-csv';

function Counts({ report }: { report: ImportReport }) {
  const { create, update, unchanged, refused } = report.counts;
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-1">
      <li>{`${create} to create`}</li>
      <li>{`${update} to update`}</li>
      <li>{`${unchanged} unchanged`}</li>
      <li className={refused > 0 ? 'font-bold text-danger' : undefined}>{`${refused} refused`}</li>
    </ul>
  );
}

function Table({
  id,
  caption,
  headers,
  children,
}: {
  id: string;
  caption: string;
  headers: string[];
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-lg font-bold">
        {caption}
      </h3>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-border">
              {headers.map((h) => (
                <th key={h} scope="col" className="p-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

function Report({ report }: { report: ImportReport }) {
  return (
    <section aria-labelledby="dry-run" className="space-y-4 rounded-md border border-border p-4">
      <h2 id="dry-run" className="text-xl font-bold">
        Dry run of {report.fileName}
      </h2>
      {report.fileError ? (
        <p className="font-bold text-danger">{report.fileError}</p>
      ) : (
        <Counts report={report} />
      )}
      {report.refused.length > 0 ? (
        <Table id="refused-rows" caption="Refused rows" headers={['Line', 'SKU', 'Reason']}>
          {report.refused.map((r) => (
            <tr key={r.line} className="border-b border-border align-top">
              <th scope="row" className="p-2">
                {r.line}
              </th>
              <td className="p-2 break-all">{r.sku}</td>
              <td className="p-2">{r.reason}</td>
            </tr>
          ))}
        </Table>
      ) : null}
      {report.created.length > 0 ? (
        <Table id="created-rows" caption="Products to create" headers={['Line', 'SKU', 'Name']}>
          {report.created.map((r) => (
            <tr key={r.line} className="border-b border-border align-top">
              <th scope="row" className="p-2">
                {r.line}
              </th>
              <td className="p-2">{r.sku}</td>
              <td className="p-2">{r.name}</td>
            </tr>
          ))}
        </Table>
      ) : null}
      {report.updated.length > 0 ? (
        <Table id="updated-rows" caption="Products to update" headers={['Line', 'SKU', 'Changes']}>
          {report.updated.map((r) => (
            <tr key={r.line} className="border-b border-border align-top">
              <th scope="row" className="p-2">
                {r.line}
              </th>
              <td className="p-2">{r.sku}</td>
              <td className="p-2">
                <ul>
                  {r.changes.map((c) => (
                    <li key={c.field} className="break-words">
                      {`${c.field}: ${c.from || '(empty)'} → ${c.to || '(empty)'}`}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      {report.write ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="write" />
          <input type="hidden" name="importId" value={report.write.importId} />
          <input type="hidden" name="digest" value={report.write.digest} />
          <p>All the changes above are written together, or none of them.</p>
          <button type="submit" className={primaryButton}>
            Write these changes
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** /admin/product-import: upload a CSV, read its dry run, then write it in one go. */
export function ProductImportPage() {
  const answer = useActionData<ImportAnswer>();
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/products" className="text-brand underline underline-offset-2">
          Back to products
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Import products</h1>
      <p>
        A CSV with a header line, one product per row, matched by SKU: a new SKU creates a draft product, a
        known one updates the columns the file has. Columns: {CSV_HEADERS.join(', ')}. Export the catalogue
        for a file to start from.
      </p>
      <ConsoleMessage />
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <input type="hidden" name="intent" value="upload" />
        <div className="space-y-1">
          <label htmlFor="import-file" className="block font-bold">
            CSV file (up to 15 MB)
          </label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <button type="submit" className={primaryButton} disabled={busy}>
          Check the file (dry run)
        </button>
      </Form>
      {answer?.report ? <Report report={answer.report} /> : null}
    </div>
  );
}
