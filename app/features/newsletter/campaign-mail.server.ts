import { createHash } from 'node:crypto';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { type MailContent, renderMail } from '#server/mail/layout';
import { STORE } from '~/lib/store-info';

// One parser, no extensions: GitHub-flavoured Markdown, raw HTML in it is escaped by the sanitiser.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'hr',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'del',
];

/**
 * A campaign's Markdown as mail HTML: only text markup and links survive (no images, scripts,
 * styles, frames, forms or event attributes); links must be http(s) or mailto and open as links.
 */
export function campaignHtml(body: string, options: { forMail: boolean } = { forMail: true }): string {
  const raw = markdown.parse(body) as string;
  return sanitizeHtml(raw, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href'], th: ['align'], td: ['align'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'escape',
    transformTags: {
      // A heading inside the mail sits under the mail's own h1.
      h1: 'h2',
      // Mail clients drop style sheets, so a mail's links carry their look; the console's preview
      // takes the page's (its CSP allows no inline style).
      a: (tagName, attribs) => ({
        tagName,
        attribs: options.forMail
          ? { ...attribs, style: 'color:#0b5cad;text-decoration:underline;' }
          : attribs,
      }),
    },
    allowedStyles: { a: { color: [/^#[0-9a-f]{6}$/i], 'text-decoration': [/^underline$/] } },
  });
}

/** The plain-text part: the Markdown as written (made to read as text), without any HTML tags. */
export function campaignText(body: string): string {
  return sanitizeHtml(body, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' })
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"');
}

/** One recipient's campaign mail, with the headers of RFC 2369 and RFC 8058 (one-click). */
export function campaignMail(
  campaign: { subject: string; body: string },
  links: { unsubscribePage: string; oneClick: string },
): MailContent & { headers: Record<string, string> } {
  const rendered = renderMail(STORE, {
    title: campaign.subject,
    paragraphs: [],
    written: { html: campaignHtml(campaign.body), text: campaignText(campaign.body) },
    footnote: `You receive this because you subscribed to the ${STORE.name} newsletter.`,
    links: [{ label: 'Unsubscribe', url: links.unsubscribePage }],
  });
  return {
    subject: campaign.subject,
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * The Message-ID of one campaign's mail to one address: the same on every attempt, so when a
 * crash between the mail server's acceptance and our record sends it again (at-least-once,
 * docs/decisions/0022), receivers and mail providers that de-duplicate by Message-ID show it
 * once. The address is hashed: a Message-ID travels on in replies and forwards.
 */
export function campaignMessageId(campaignId: string, email: string, appUrl: string): string {
  const recipient = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
  return `<campaign-${campaignId}-${recipient}@${new URL(appUrl).hostname}>`;
}
