import { z } from 'zod';

export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 50_000;

/** A campaign as staff write it: a subject line and a Markdown body. */
export const campaignSchema = z.strictObject({
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject.')
    .max(CAMPAIGN_SUBJECT_MAX, `Keep the subject under ${CAMPAIGN_SUBJECT_MAX} characters.`)
    .regex(/^[^\r\n]*$/, 'The subject must be one line.'),
  body: z
    .string()
    .trim()
    .min(1, 'Write the newsletter text.')
    .max(CAMPAIGN_BODY_MAX, `Keep the text under ${CAMPAIGN_BODY_MAX.toLocaleString('en-US')} characters.`),
});

export type CampaignInput = z.infer<typeof campaignSchema>;
