/**
 * Newsletter rules and texts, free of dependencies: the footer form is on
 * every page, so what it needs must stay tiny.
 */

/** Non-space text, @, non-space text, dot, non-space text. */
export const NEWSLETTER_EMAIL = /^\S+@\S+\.\S+$/;

export const NEWSLETTER_TEXT = {
  invalid: { title: 'Invalid email', description: 'Please enter a valid email address.' },
  subscribed: {
    title: 'Subscription successful!',
    description: 'Thank you for subscribing to our newsletter.',
  },
  failed: {
    title: 'Subscription failed',
    description: 'There was a problem processing your subscription. Please try again.',
  },
} as const;

/** How long the confirmation link in the mail works. */
export const CONFIRM_LINK_DAYS = 7;
