import { defineQueue } from '#server/jobs/queue';

/**
 * Sending a campaign: one job per campaign, one campaign at a time across every instance
 * (singleton), so the rate limit holds for the whole store and a run never meets another one
 * on the same rows. The heartbeat tells a dead run within seconds; the job resumes where the
 * recipients' states say (campaign-sender.server.ts).
 */
export const CAMPAIGN_QUEUE = defineQueue<{ campaignId: string }>('newsletter.campaign', {
  retryLimit: 20,
  // A crashed run is retried this soon after its silence is noticed; a mail server that is down
  // is tried again after 2, 4, 8 ... seconds, at most ten minutes apart.
  retryDelaySeconds: 2,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 4 * 60 * 60,
  heartbeatSeconds: 10,
  singleton: true,
  keepFinishedSeconds: 30 * 24 * 60 * 60,
});
