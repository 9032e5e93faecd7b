import { Link } from 'react-router';
import DisplaySettingsPanel from '~/components/layout/display-settings-panel';
import { ContactOptions } from '~/features/content/components/contact-options';
import { ContentPage } from '~/features/content/components/content-page';
import { ContentSection } from '~/features/content/components/content-section';
import { STORE, pageTitle } from '~/lib/store-info';

export function meta() {
  return [
    { title: pageTitle('Accessibility') },
    {
      name: 'description',
      content: `How ${STORE.name} works to meet WCAG 2.2 level AA, what we have built in, and how to get help or report a barrier.`,
    },
  ];
}

export default function Accessibility() {
  return (
    <ContentPage
      title="Accessibility"
      intro={`Many of our customers are older adults or live with a disability. We want everyone to be able to find, compare and buy what they need on ${STORE.name}, in the way that works best for them.`}
    >
      <ContentSection title="Our commitment">
        <p>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. These are the
          international guidelines for making websites usable by people with disabilities. We check new pages
          against them before we publish, using automated tools and testing by hand.
        </p>
      </ContentSection>

      <section id="display" aria-labelledby="display-title" className="rounded-lg border-2 border-brand p-4">
        <h2 id="display-title" className="text-2xl font-bold">
          Text size and contrast
        </h2>
        <p>
          Make the text of every page larger, or choose high contrast (black and white, in the light or the
          dark theme). Your choice is kept on this device and applies from the first moment each page shows.
        </p>
        <DisplaySettingsPanel />
      </section>

      <ContentSection title="What we have built in">
        <ul>
          <li>
            <strong>Keyboard access.</strong> You can reach every link, button and form field with the Tab
            key, and a clear outline shows where you are. A &quot;Skip to main content&quot; link lets you
            jump past the menu.
          </li>
          <li>
            <strong>Screen reader support.</strong> Pages use proper headings, labels, landmarks and text
            alternatives so screen readers such as NVDA, JAWS, VoiceOver and TalkBack can describe them.
          </li>
          <li>
            <strong>Strong color contrast.</strong> Text meets or exceeds a 4.5 to 1 contrast ratio, and we
            never use color alone to share information.
          </li>
          <li>
            <strong>Text resizing.</strong> You can zoom to 200% or more, or make text larger in your browser,
            and the page will rearrange itself without hiding content.
          </li>
          <li>
            <strong>Reduced motion.</strong> If your device is set to reduce motion, we turn off animations
            and transitions.
          </li>
          <li>
            <strong>Dark theme.</strong> Use the theme button in the header to switch between light and dark.
            We also follow your device&apos;s setting if you have not chosen.
          </li>
          <li>
            <strong>A legible font.</strong> We use Atkinson Hyperlegible, a typeface designed by the Braille
            Institute so that letters that look alike, such as I, l and 1, are easy to tell apart.
          </li>
          <li>
            <strong>Large touch targets.</strong> Buttons and links are big enough to tap easily on a phone or
            tablet.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="Known limitations">
        <p>We are honest about where we still fall short, and we are working on it:</p>
        <ul>
          <li>
            Some product descriptions and images come from manufacturers. Image descriptions may not capture
            every detail, and some details may be written in technical language.
          </li>
          <li>
            Documents that manufacturers provide, such as user manuals, may not be fully accessible. We can
            read them to you or answer questions about them by phone.
          </li>
          <li>
            We test with common browsers and assistive technologies, but we cannot test every combination, so
            some problems may slip through.
          </li>
        </ul>
      </ContentSection>

      <ContentSection title="Get help or report a barrier">
        <p>
          If something on our site is hard to use, please tell us. We can also take your order over the phone,
          read out product details or send information by email in a format that works for you.
        </p>
        <ContactOptions emailSubject="Accessibility" />
        <p>
          When you report a problem, it helps to tell us the page address, what you were trying to do and the
          browser or assistive technology you use. We aim to reply within two business days. You can also use
          our <Link to="/contact">contact form</Link>.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
