/**
 * The shop's facts every mail shows (header and footer). The layout is infrastructure and knows
 * no shop: each template passes them in (the shop's own live in app/lib/store-info.ts).
 */
export interface MailShop {
  name: string;
  phone: string;
  /** tel: link of `phone`. */
  phoneHref: string;
  supportEmail: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
}

/** A rendered mail, ready for the mailer. */
export interface MailContent {
  subject: string;
  html: string;
  text: string;
}

export interface MailAction {
  label: string;
  url: string;
}

export interface MailLayoutInput {
  title: string;
  /** Preview text mail clients show after the subject; hidden in the body. */
  preheader?: string;
  paragraphs: string[];
  /** A two-column summary (an order's lines and totals) shown after the paragraphs. */
  rows?: MailRow[];
  action?: MailAction;
  /** Small print under the action, such as "ignore this mail if you did not ask". */
  footnote?: string;
  /** Lesser links under the small print, such as "Unsubscribe". */
  links?: MailAction[];
  /**
   * Written content (a campaign) after the paragraphs: HTML that is already sanitised, and its
   * plain-text form. Nothing else in a mail is HTML.
   */
  written?: { html: string; text: string };
}

export interface MailRow {
  label: string;
  value: string;
  /** Bold, with a rule above: a total. */
  strong?: boolean;
}

export interface RenderedMail {
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for both element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Mail links leave our site, so a relative or script URL would be broken at best and an attack at
 * worst; only absolute http(s) URLs go out.
 */
export function assertMailUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('Mail links must be absolute http(s) URLs');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error('Mail links must be absolute http(s) URLs');
  }
  return parsed.href;
}

// Email clients ignore <style> blocks unevenly, so every rule is inline and layout uses tables.
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const TEXT_COLOR = '#1a1a1a';
const MUTED_COLOR = '#424242';
const BRAND_BLUE = '#0b5cad';

const addressLine = ({ address }: MailShop) =>
  `${address.street}, ${address.city}, ${address.region} ${address.postalCode}, ${address.country}`;

export function renderMail(shop: MailShop, input: MailLayoutInput): RenderedMail {
  const action = input.action
    ? { label: input.action.label, url: assertMailUrl(input.action.url) }
    : undefined;
  const links = (input.links ?? []).map((link) => ({ label: link.label, url: assertMailUrl(link.url) }));
  return { html: renderHtml(shop, input, action, links), text: renderText(shop, input, action, links) };
}

function renderHtml(
  shop: MailShop,
  input: MailLayoutInput,
  action: MailAction | undefined,
  links: MailAction[],
): string {
  // pre-wrap keeps the line breaks of text people wrote, such as a contact message.
  const p = (text: string, size = 18, color = TEXT_COLOR) =>
    `<p style="margin:0 0 20px;font-size:${size}px;line-height:1.6;color:${color};white-space:pre-wrap;">${escapeHtml(text)}</p>`;
  const preheader = input.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(input.preheader)}</div>`
    : '';
  const actionHtml = action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td style="border-radius:6px;background:${BRAND_BLUE};">
<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:18px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 20px;font-size:16px;line-height:1.6;color:${MUTED_COLOR};">If the button does not work, copy this link into your browser:<br>
<a href="${escapeHtml(action.url)}" style="color:${BRAND_BLUE};text-decoration:underline;word-break:break-all;">${escapeHtml(action.url)}</a></p>`
    : '';
  const footnote = input.footnote ? p(input.footnote, 16, MUTED_COLOR) : '';
  const linksHtml = links
    .map(
      (link) =>
        `<p style="margin:0 0 12px;font-size:16px;line-height:1.6;"><a href="${escapeHtml(link.url)}" style="color:${BRAND_BLUE};text-decoration:underline;">${escapeHtml(link.label)}</a></p>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f5f7;font-family:${FONT};color:${TEXT_COLOR};">
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #d0d5db;border-radius:8px;">
<tr><td style="padding:24px 32px;border-bottom:4px solid ${BRAND_BLUE};font-family:${FONT};font-size:22px;font-weight:bold;color:${BRAND_BLUE};">${escapeHtml(shop.name)}</td></tr>
<tr><td style="padding:32px;font-family:${FONT};">
<h1 style="margin:0 0 24px;font-size:26px;line-height:1.3;color:${TEXT_COLOR};">${escapeHtml(input.title)}</h1>
${input.paragraphs.map((text) => p(text)).join('\n')}
${input.written ? `<div style="font-size:18px;line-height:1.6;color:${TEXT_COLOR};">${input.written.html}</div>` : ''}
${renderRows(input.rows)}
${actionHtml}
${footnote}
${linksHtml}
</td></tr>
<tr><td style="padding:24px 32px;border-top:1px solid #d0d5db;font-family:${FONT};font-size:16px;line-height:1.6;color:${MUTED_COLOR};">
<strong>${escapeHtml(shop.name)}</strong><br>
${escapeHtml(addressLine(shop))}<br>
Phone: <a href="${escapeHtml(shop.phoneHref)}" style="color:${BRAND_BLUE};">${escapeHtml(shop.phone)}</a><br>
Email: <a href="mailto:${escapeHtml(shop.supportEmail)}" style="color:${BRAND_BLUE};">${escapeHtml(shop.supportEmail)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderRows(rows: MailRow[] | undefined): string {
  if (!rows?.length) return '';
  const cell = (text: string, row: MailRow, align: string) => {
    const rule = row.strong ? 'border-top:1px solid #d0d5db;font-weight:bold;' : '';
    return `<td style="padding:6px 0;${rule}text-align:${align};font-size:17px;line-height:1.5;color:${TEXT_COLOR};">${escapeHtml(text)}</td>`;
  };
  const body = rows
    .map((row) => `<tr>${cell(row.label, row, 'left')}${cell(row.value, row, 'right')}</tr>`)
    .join('\n');
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;">\n${body}\n</table>`;
}

function renderText(
  shop: MailShop,
  input: MailLayoutInput,
  action: MailAction | undefined,
  links: MailAction[],
): string {
  const blocks = [shop.name, input.title, ...input.paragraphs];
  if (input.written) blocks.push(input.written.text.trim());
  if (input.rows?.length) blocks.push(input.rows.map((row) => `${row.label}: ${row.value}`).join('\n'));
  // The URL sits alone on its line so mail clients turn it into a link and it survives copying.
  if (action) blocks.push(`${action.label}:\n${action.url}`);
  if (input.footnote) blocks.push(input.footnote);
  for (const link of links) blocks.push(`${link.label}:\n${link.url}`);
  blocks.push(
    ['--', shop.name, addressLine(shop), `Phone: ${shop.phone}`, `Email: ${shop.supportEmail}`].join('\n'),
  );
  return blocks.join('\n\n') + '\n';
}
