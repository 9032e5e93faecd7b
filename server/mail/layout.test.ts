import { describe, expect, it } from 'vitest';
import { escapeHtml, type MailShop, renderMail } from './layout';

/** Not our store: the layout prints whatever shop it is given. */
const shop: MailShop = {
  name: 'Corner & Co',
  phone: '1-800-555-0100',
  phoneHref: 'tel:+18005550100',
  supportEmail: 'help@corner.example',
  address: {
    street: '1 Main Street',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'United States',
  },
};

describe('renderMail', () => {
  it('escapes every dynamic string, including the action label and url', () => {
    const { html } = renderMail(shop, {
      title: `<b>"T"</b>`,
      preheader: '<i>pre</i>',
      paragraphs: ["Tom & Jerry's <img src=x onerror=alert(1)>"],
      action: { label: '<u>Go</u>', url: 'https://shop.example/?a="><script>x</script>' },
      footnote: '<em>small</em>',
    });
    expect(html).not.toMatch(/<(b|i|u|em|img|script)[\s>]/);
    expect(html).toContain('Tom &amp; Jerry&#39;s &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;u&gt;Go&lt;/u&gt;');
  });

  it('hides the preheader and leaves out the action when there is none', () => {
    const { html, text } = renderMail(shop, { title: 'Notice', preheader: 'Preview', paragraphs: ['Body'] });
    expect(html).toMatch(/<div style="display:none;[^"]*">Preview<\/div>/);
    expect(html).not.toContain('If the button does not work');
    expect(text).toBe(
      `Corner & Co\n\nNotice\n\nBody\n\n--\nCorner & Co\n` +
        `1 Main Street, Springfield, IL 62701, United States\n` +
        `Phone: 1-800-555-0100\nEmail: help@corner.example\n`,
    );
  });

  it('shows the shop it is given in the header and footer of the html part', () => {
    const { html } = renderMail(shop, { title: 'Notice', paragraphs: ['Body'] });
    expect(html).toContain('Corner &amp; Co</td></tr>');
    expect(html).toContain('<strong>Corner &amp; Co</strong>');
    expect(html).toContain('1 Main Street, Springfield, IL 62701, United States');
    expect(html).toContain('href="tel:+18005550100"');
    expect(html).toContain('href="mailto:help@corner.example"');
  });

  it('escapeHtml covers the five special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
